import type { Notice } from '@manabi/shared/api';
import { codeText } from '@manabi/shared/codes';
import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import { PUBLISHED_TO } from '@manabi/shared/schemas/notice';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { detailTabSchema, useSearchState } from '../../lib/search-state';
import { TextLink } from '../../ui/button';
import { optionLabel } from '../../ui/code-options';
import { type ConfirmItem, ConfirmList } from '../../ui/confirm-list';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { BackLinks } from '../layout/back-links';
import { DetailTabs } from '../layout/detail-tabs';
import { useNoticeDetail } from './api/notices';
import { ImportantMark } from './important-mark';
import { ALL_APPLICANTS, audienceText, EMAIL_OPTIONS, IMPORTANT_OPTIONS } from './notice-values';
import { PublisherTab } from './publisher-tab';

/** A stored URL as a link whose text is the URL itself (text only, never HTML). */
function UrlValue({ url }: { url: string }) {
  if (!url) return null;
  // the schema only lets http(s) URLs in; anything else is shown as plain text, never made a link
  if (!/^https?:\/\//i.test(url)) return <span className="break-all">{url}</span>;
  return (
    <TextLink href={url} newWindow className="break-all">
      {url}
    </TextLink>
  );
}

/** Every field of SPEC §3 Notice (tab 1). */
function noticeItems(n: Notice): ConfirmItem[] {
  const target = n.published_to;
  return [
    { label: 'お知らせID', value: String(n.id) },
    { label: 'カテゴリ', value: n.category_name ?? 'なし' },
    { label: 'タイトル', value: n.title },
    { label: '本文', value: n.content },
    { label: '参考URL1', value: n.refarence_url1 ? <UrlValue url={n.refarence_url1} /> : '' },
    { label: '参考URL2', value: n.refarence_url2 ? <UrlValue url={n.refarence_url2} /> : '' },
    { label: '参考URL3', value: n.refarence_url3 ? <UrlValue url={n.refarence_url3} /> : '' },
    { label: '備考', value: n.remarks },
    { label: '掲載開始日時', value: n.period_from_str || '指定なし' },
    { label: '掲載終了日時', value: n.period_to_str || '指定なし' },
    { label: '公開状態', value: codeText('CD007', n.is_control) },
    { label: '配信先', value: codeText('CD008', target) },
    ...(target === PUBLISHED_TO.GENERATION ? [{ label: '期生ID', value: n.generation_id ?? '' }] : []),
    ...(target === PUBLISHED_TO.COURSE
      ? [
          {
            label: '講座',
            value:
              n.course_id === null ? (
                ''
              ) : (
                <TextLink to={paths.admin.courseDetail(n.course_id, 1)}>{n.course_name ?? ''}</TextLink>
              ),
          },
          {
            label: '抽選状況',
            value: n.lottery_status ? codeText('CD003', n.lottery_status) : ALL_APPLICANTS,
          },
        ]
      : []),
    { label: '届く人', value: audienceText(n) },
    { label: 'メール', value: optionLabel(EMAIL_OPTIONS, n.is_email) },
    ...(n.is_email === '1' ? [{ label: 'メールの件名', value: n.email_title }] : []),
    { label: '重要度', value: optionLabel(IMPORTANT_OPTIONS, n.is_important) },
    { label: '作成日時', value: formatDateTimeJa(n.created_at) },
    { label: '更新日時', value: formatDateTimeJa(n.updated_at) },
  ];
}

/**
 * /admin/notification/detail/{noticeId} (SPEC §2 Notices): tab 1 the notice (read-only, 「お知らせを変更」),
 * tab 2 the publisher list (who it is addressed to, with read times). The tab is in the URL (?tab=2;
 * routed tabs) so reload keeps it. A missing notice → /admin/404.
 */
export function Component() {
  const { noticeId } = useParams();
  const id = Number(noticeId);
  if (!Number.isSafeInteger(id) || id <= 0) return <Navigate to={paths.admin.notFound()} replace />;
  return <NoticeDetail noticeId={id} />;
}

function NoticeDetail({ noticeId }: { noticeId: number }) {
  const { tab } = useSearchState(detailTabSchema).values;
  const detail = useNoticeDetail(noticeId);
  const notice = detail.data;
  if (!notice) return <FullPageSpinner />;

  return (
    <div className="space-y-8">
      <PageTitle>お知らせ詳細</PageTitle>
      <p className="break-words text-std-20B-150 text-ink">
        {notice.is_important === '1' && <ImportantMark />}
        {notice.title}
      </p>
      <DetailTabs
        label="お知らせ詳細の表示切替"
        tab={tab}
        tabs={[
          { label: '詳細', href: paths.admin.noticeDetail(notice.id) },
          { label: '配信先一覧', href: `${paths.admin.noticeDetail(notice.id)}?tab=2` },
        ]}
        detail={<ConfirmList items={noticeItems(notice)} />}
        edit={{ to: paths.admin.noticeForm('update', notice.id), label: 'お知らせを変更' }}
        list={<PublisherTab notice={notice} />}
      />
      <BackLinks listTo={paths.admin.noticeList()} listLabel="お知らせ一覧へ戻る" />
    </div>
  );
}
