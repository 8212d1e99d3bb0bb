import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { Button, TextLink } from '../../ui/button';
import { Certificate } from '../../ui/certificate';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { courseIdParam } from '../route-params';
import { certificateQuery } from './api/certificate';

/**
 * /mypage/certificate/:courseId: the student's 修了証 of a course they finished, to print on A4.
 * On screen: the title, how to print, 「印刷する」 and the sheet; on paper only the sheet (what is marked
 * data-print="hide", the buttons and the my-page's header, menu and footer are not printed: styles.css).
 * A course not finished or not theirs answers 404 and goes to the not-found page.
 */
export function Component() {
  const courseId = courseIdParam(useParams().courseId);
  const certificate = useQuery({ ...certificateQuery(courseId ?? 0), enabled: courseId !== null });

  if (courseId === null) return <Navigate to={paths.mypage.notFound()} replace />;
  const data = certificate.data;
  return (
    <div className="space-y-6 sm:space-y-8">
      <div data-print="hide" className="space-y-4">
        <PageTitle>修了証</PageTitle>
        <p>
          受講を終えた講座の修了証です。内容をご確認のうえ、「印刷する」ボタンを押してください。A4の用紙1枚に印刷されます。
        </p>
        {data && (
          <p>
            <Button onPress={() => window.print()}>印刷する</Button>
          </p>
        )}
      </div>
      {data ? <Certificate certificate={data} /> : <FullPageSpinner />}
      <p data-print="hide">
        <TextLink to={paths.mypage.courseAttended()}>受講履歴に戻る</TextLink>
      </p>
    </div>
  );
}
