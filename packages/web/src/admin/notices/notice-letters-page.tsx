import { NOTICE_LETTER_AUDIENCES } from '@manabi/shared/schemas/contact';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { TextLink } from '../../ui/button';
import { LettersPrint } from '../letters-print';

/**
 * /admin/notification/detail/{noticeId}/letters (decision 065): a notice to many on paper for those who have
 * not read it and whom its mail did not reach (or everyone who has not read it), one A4 letter each.
 * Authority 1 only (the router's guard; the server answers 403 too).
 */
export function Component() {
  const raw = useParams().noticeId ?? '';
  const noticeId = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
  if (noticeId === null) return <Navigate to={paths.admin.notFound()} replace />;
  return (
    <LettersPrint
      source={{ notice_id: noticeId }}
      title="お知らせの郵送"
      noun="お知らせ"
      audiences={NOTICE_LETTER_AUDIENCES}
      intro={
        <p>
          お知らせを、郵送用に1人1枚（A4縦）で印刷します。マイページで読んだ方には送りません。メールが届いていない方は、メールを受け取らない方、メールアドレスのない方、メールが届かなかった方です。三つ折りにして長形3号の窓付き封筒に入れると、宛名が窓から見えます。
        </p>
      }
      emptyText={({ who }) =>
        who === 'nomail'
          ? 'まだ読んでいない方には、全員にメールが届いています。'
          : '配信先の方は、全員がマイページで読みました。'
      }
      links={
        <>
          <li>
            <TextLink to={paths.admin.noticeDetail(noticeId)}>お知らせ詳細へ戻る</TextLink>
          </li>
          <li>
            <TextLink to={`${paths.admin.noticeDetail(noticeId)}?tab=2`}>配信先一覧へ</TextLink>
          </li>
        </>
      }
    />
  );
}
