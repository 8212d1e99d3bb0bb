import type { NewsListItem } from '@manabi/shared/api';
import { formatDateJa } from '@manabi/shared/domain/dates';
import { newsListQuerySchema } from '@manabi/shared/schemas/news';
import { useQuery } from '@tanstack/react-query';
import { lazy } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { useSearchState } from '../../lib/search-state';
import { LARGE_TARGET } from '../../ui/button';
import { cx } from '../../ui/cx';
import { PageTitle } from '../../ui/page-title';
import { Tabs } from '../../ui/tabs';
import { activeConditions, dateRangeText, ResultsSection, SearchBox } from '../layout/mypage-search';
import { type NewsFilter, newsListQuery } from './api/news';
import { ImportantBadge, UnreadBadge } from './unread-badge';

const TITLES = { '1': 'みなさんへのお知らせ', '2': 'あなたへのお知らせ' } as const;
const NewsSearchForm = lazy(() => import('./news-search-form').then((m) => ({ default: m.NewsSearchForm })));
/** The search in the URL: the form's fields and the page (the type comes from the path). */
const urlSchema = newsListQuerySchema.omit({ type: true });

/**
 * /mypage/news/{type} (SPEC §2): type 1 notices to everyone, 2 notices to this student (the router sends
 * other types to notfound). Keyword and date search, 8 a page with 5 neighbouring pages (SPEC §9); the
 * search and the page live in the URL, so 戻る returns to the same page.
 */
export function Component() {
  const type = useParams().type === '2' ? '2' : '1';
  const { values, submit, clear, goTo } = useSearchState(urlSchema);
  const filter: NewsFilter = { ...values, page: Number(values.page) };
  const list = useQuery(newsListQuery(type, filter));
  const data = list.data;

  return (
    <div className="space-y-6 sm:space-y-8">
      <PageTitle>{TITLES[type]}</PageTitle>
      <Tabs
        label="お知らせの種類"
        selectedKey={type}
        items={[
          { id: '1', label: TITLES['1'], href: paths.mypage.newsList(1) },
          { id: '2', label: TITLES['2'], href: paths.mypage.newsList(2) },
        ]}
      >
        {/* the tab panel has its own top padding; a phone needs no more */}
        <div className="space-y-6 sm:space-y-8 sm:pt-6">
          <SearchBox
            title="お知らせを探す"
            id="news-search"
            form={(events) => (
              <NewsSearchForm
                filter={filter}
                onSearch={(conditions) => void submit(conditions)}
                onClear={clear}
                events={events}
              />
            )}
            onClear={clear}
            conditions={activeConditions([
              ['キーワード', filter.keyword],
              ['掲載日', dateRangeText(filter.date_from, filter.date_to)],
            ])}
            resultsId="news-list"
          />

          <ResultsSection
            title="お知らせ一覧"
            id="news-list"
            page={data}
            isFetching={list.isFetching}
            onPage={goTo}
            emptyText="該当するお知らせはありません。"
          >
            <ul className="divide-y divide-line-subtle border-y border-line-subtle">
              {data?.data_list.map((item) => (
                <NewsRow key={item.id} item={item} />
              ))}
            </ul>
          </ResultsSection>
        </div>
      </Tabs>
    </div>
  );
}

function NewsRow({ item }: { item: NewsListItem }) {
  return (
    <li className="flex flex-col gap-1 py-4 sm:flex-row sm:items-baseline sm:gap-6">
      <span className="shrink-0 whitespace-nowrap text-std-16N-170 text-ink">{formatDateJa(item.date)}</span>
      <span className="flex flex-wrap items-baseline gap-2">
        {item.is_important && <ImportantBadge />}
        {!item.is_read && <UnreadBadge />}
        {item.category_name && <span className="text-std-16N-170 text-ink">［{item.category_name}］</span>}
        <Link to={paths.mypage.newsDetail(item.id)} className={cx('text-std-18N-160', LARGE_TARGET)}>
          {item.title}
        </Link>
      </span>
    </li>
  );
}
