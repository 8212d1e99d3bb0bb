import { formatDateJa } from '@manabi/shared/domain/dates';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { TextLink } from '../../ui/button';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { newsDetailQuery, useAddRead } from './api/news';
import { ImportantBadge } from './unread-badge';

/**
 * /mypage/news/detail/{id} (SPEC §2): the notice as plain text (never HTML), its reference links, and a
 * back link to news/1 (notices to everyone) or news/2. Opening an unread notice marks it read.
 * A notice not addressed to this student is a 404 → /mypage/notfound (SPEC §8).
 */
export function Component() {
  const id = Number(useParams().id);
  const detail = useQuery({ ...newsDetailQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const addRead = useAddRead();
  const marked = useRef(false);

  useEffect(() => {
    if (detail.data && !detail.data.is_read && !marked.current) {
      marked.current = true;
      addRead.mutate(detail.data.id);
    }
  }, [detail.data, addRead]);

  const notice = detail.data;
  if (!notice) return <FullPageSpinner />;
  const backTo = notice.published_to === 1 ? paths.mypage.newsList(1) : paths.mypage.newsList(2);
  const links = [notice.refarence_url1, notice.refarence_url2, notice.refarence_url3].filter(
    (u): u is string => !!u,
  );

  return (
    <article className="space-y-6">
      <p className="flex flex-wrap items-baseline gap-4 text-std-16N-170 text-ink">
        {notice.is_important && <ImportantBadge />}
        <span>{formatDateJa(notice.date)}</span>
        {notice.category_name && <span>［{notice.category_name}］</span>}
      </p>
      <PageTitle>{notice.title}</PageTitle>
      <div className="whitespace-pre-wrap wrap-anywhere text-std-17N-170">{notice.content}</div>
      {links.length > 0 && (
        <section aria-labelledby="news-links-heading" className="space-y-2">
          <h2 id="news-links-heading" className="text-std-20B-150">
            関連リンク
          </h2>
          <ul className="space-y-2">
            {links.map((url) => (
              <li key={url}>
                <TextLink href={url} newWindow>
                  {url}
                </TextLink>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p>
        <TextLink to={backTo}>お知らせ一覧へ戻る</TextLink>
      </p>
    </article>
  );
}
