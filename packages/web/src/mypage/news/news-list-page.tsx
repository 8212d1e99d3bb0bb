import { zodResolver } from '@hookform/resolvers/zod';
import type { NewsListItem } from '@manabi/shared/api';
import { formatDateJa } from '@manabi/shared/domain/dates';
import { newsListQuerySchema } from '@manabi/shared/schemas/news';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import {
  Button,
  DateInput,
  FieldErrorSummary,
  FieldRegistryProvider,
  LoadingOverlay,
  Pager,
  PageTitle,
  Tabs,
  TextInput,
} from '../../ui';
import { type NewsFilter, newsListQuery } from './api/news';
import { UnreadBadge } from './unread-badge';

const TITLES = { '1': 'みなさんへのお知らせ', '2': 'あなたへのお知らせ' } as const;
const searchSchema = newsListQuerySchema.pick({ keyword: true, date_from: true, date_to: true });

/**
 * /mypage/news/{type} (SPEC §2): type 1 notices to everyone, 2 notices to this student (the router sends
 * other types to notfound). Keyword and date search, 8 a page with 5 neighbouring pages (SPEC §9); the
 * search and the page live in the URL, so 戻る returns to the same page.
 */
export function Component() {
  const type = useParams().type === '2' ? '2' : '1';
  const [params, setParams] = useSearchParams();
  const filter: NewsFilter = {
    keyword: params.get('keyword') ?? '',
    date_from: params.get('date_from') ?? '',
    date_to: params.get('date_to') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const list = useQuery(newsListQuery(type, filter));
  const form = useForm({
    resolver: zodResolver(searchSchema),
    values: { keyword: filter.keyword, date_from: filter.date_from, date_to: filter.date_to },
  });

  const search = form.handleSubmit((values) => {
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries(values)) if (v) next.set(k, String(v));
    setParams(next);
  });
  const goTo = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next);
  };

  const data = list.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  return (
    <div className="space-y-8">
      <PageTitle>{TITLES[type]}</PageTitle>
      <Tabs
        label="お知らせの種類"
        selectedKey={type}
        items={[
          { id: '1', label: TITLES['1'], href: paths.mypage.newsList(1) },
          { id: '2', label: TITLES['2'], href: paths.mypage.newsList(2) },
        ]}
      >
        <div className="space-y-8 pt-6">
          <section
            aria-labelledby="news-search-heading"
            className="space-y-4 rounded-8 border border-line p-4"
          >
            <h2 id="news-search-heading" className="text-std-20B-150">
              お知らせを探す
            </h2>
            <FieldRegistryProvider>
              <form noValidate onSubmit={search} className="space-y-4">
                <FieldErrorSummary form={form} />
                <TextInput
                  control={form.control}
                  name="keyword"
                  label="キーワード"
                  width="lg"
                  maxLength={100}
                />
                <div className="flex flex-wrap gap-4">
                  <DateInput control={form.control} name="date_from" label="掲載日（から）" />
                  <DateInput control={form.control} name="date_to" label="掲載日（まで）" />
                </div>
                <div className="flex flex-wrap gap-4">
                  <Button type="submit">検索する</Button>
                  <Button variant="tertiary" onPress={() => setParams(new URLSearchParams())}>
                    条件をクリア
                  </Button>
                </div>
              </form>
            </FieldRegistryProvider>
          </section>

          <section aria-labelledby="news-list-heading" className="relative space-y-4">
            <h2 id="news-list-heading" className="text-std-20B-150">
              お知らせ一覧
              {data && <span className="ml-4 text-std-16N-170">（全{data.total}件）</span>}
            </h2>
            <LoadingOverlay isVisible={list.isFetching} label="読み込み中..." />
            {data && data.data_list.length === 0 && <p>該当するお知らせはありません。</p>}
            <ul className="divide-y divide-line-subtle border-y border-line-subtle">
              {data?.data_list.map((item) => (
                <NewsRow key={item.id} item={item} />
              ))}
            </ul>
            {pageCount > 1 && data && (
              <Pager page={data.page} pageCount={pageCount} window={5} onChange={goTo} />
            )}
          </section>
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
        {!item.is_read && <UnreadBadge />}
        {item.category_name && <span className="text-std-16N-170 text-ink">［{item.category_name}］</span>}
        <Link to={paths.mypage.newsDetail(item.id)} className="text-std-18N-160">
          {item.title}
        </Link>
      </span>
    </li>
  );
}
