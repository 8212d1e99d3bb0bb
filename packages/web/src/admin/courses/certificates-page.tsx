import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { Alert } from '../../ui/alert';
import { Button, TextLink } from '../../ui/button';
import { Certificate } from '../../ui/certificate';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { courseCertificatesQuery } from './api/certificates';

/**
 * /admin/course/:id/certificates: the 修了証 of every student the office marked 受講済み on the
 * course, in 学生番号 order, one A4 sheet each (the same sheet the student prints). Any admin; authority 2
 * only for its university's courses (the server answers 403, shown as /admin/404 like the course detail).
 * On paper only the sheets: the title, the notes and the links are marked data-print="hide", and the admin
 * header, menu, footer and buttons are not printed (styles.css).
 */
export function Component() {
  const raw = useParams().id ?? '';
  const courseId = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
  const query = useQuery({ ...courseCertificatesQuery(courseId ?? 0), enabled: courseId !== null });

  if (courseId === null) return <Navigate to={paths.admin.notFound()} replace />;
  const data = query.data;
  if (!data) return <FullPageSpinner />;
  const shown = data.data_list.length;
  return (
    <div className="space-y-8">
      <div data-print="hide" className="space-y-4">
        <PageTitle>修了証の一括印刷</PageTitle>
        <p className="text-std-20B-150 text-ink">{data.course_name}</p>
        {shown === 0 ? (
          <Alert announce={false} title="受講済みの学生はいません">
            <p>申込者一覧で受講状況を「受講済み」にした学生の修了証を印刷できます。</p>
          </Alert>
        ) : (
          <>
            <p>
              受講状況が「受講済み」の学生 {data.total.toLocaleString('ja-JP')}
              人の修了証です。「印刷する」を押すと、学生番号の順に1人1枚（A4縦）で印刷します。
            </p>
            {data.total > shown && (
              <Alert variant="warning" announce={false} title="一度に印刷できる人数を超えています">
                <p>学生番号の順に、先頭の{shown.toLocaleString('ja-JP')}人分を表示しています。</p>
              </Alert>
            )}
            <p>
              <Button onPress={() => window.print()}>印刷する</Button>
            </p>
          </>
        )}
      </div>
      {shown > 0 && (
        <div className="space-y-8 print:space-y-0">
          {data.data_list.map((certificate, index) => (
            <Certificate
              key={certificate.certificate_no}
              certificate={certificate}
              isPageBreak={index < shown - 1}
              namedHeading
            />
          ))}
        </div>
      )}
      <ul data-print="hide" className="flex flex-col gap-3 sm:flex-row sm:gap-8">
        <li>
          <TextLink to={paths.admin.courseDetail(courseId, 2)}>申込者一覧へ戻る</TextLink>
        </li>
        <li>
          <TextLink to={paths.admin.courseDetail(courseId, 1)}>講座詳細へ戻る</TextLink>
        </li>
      </ul>
    </div>
  );
}
