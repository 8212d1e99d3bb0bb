import { LETTER_AUDIENCES } from '@manabi/shared/schemas/contact';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { TextLink } from '../../ui/button';
import { LettersPrint } from '../letters-print';

/**
 * /admin/course/detail/{id}/letters (decision 065): a course's results on paper for the students who take no
 * mail (or everyone told), one A4 letter each. Authority 1 only (the router's guard; the server answers 403
 * too).
 */
export function Component() {
  const raw = useParams().id ?? '';
  const courseId = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
  if (courseId === null) return <Navigate to={paths.admin.notFound()} replace />;
  return (
    <LettersPrint
      source={{ course_id: courseId }}
      title="結果通知の郵送"
      noun="結果通知"
      audiences={LETTER_AUDIENCES}
      intro={
        <>
          <p>
            抽選結果などのお知らせを、郵送用に1人1枚（A4縦）で印刷します。三つ折りにして長形3号の窓付き封筒に入れると、宛名が窓から見えます。
          </p>
          <p>
            受講の確定を待っている当選者への通知には、マイページの代わりに、事務局の電話番号と受付時間、確定の期限、切り取って返送できる返信票がつきます。返信票が届いたら、申込者の画面の「代理で確定・辞退」で、確認した方法に「郵送・FAX」を選んで記録してください。
          </p>
        </>
      }
      emptyText={({ who }) =>
        who === 'nomail'
          ? 'この講座には、メールを受け取らない方へのお知らせがまだありません。抽選のあとに、ここで印刷できます。'
          : 'この講座では、まだ結果をお知らせしていません。抽選のあとに、ここで印刷できます。'
      }
      links={
        <>
          <li>
            <TextLink to={paths.admin.courseDetail(courseId, 1)}>講座詳細へ戻る</TextLink>
          </li>
          <li>
            <TextLink to={paths.admin.courseDetail(courseId, 2)}>申込者一覧へ</TextLink>
          </li>
        </>
      }
    />
  );
}
