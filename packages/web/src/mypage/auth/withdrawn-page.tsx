import { paths } from '../../lib/paths';
import { Alert } from '../../ui/alert';
import { TextLink } from '../../ui/button';
import { PageTitle } from '../../ui/page-title';

/**
 * /mypage/withdrawn (decision 072): where a student lands after their own withdrawal — the session has
 * ended, so the page is a public one.
 */
export function Component() {
  return (
    <div className="space-y-6">
      <PageTitle>退会の手続きが完了しました</PageTitle>
      <Alert variant="success" title="退会しました" announce={false}>
        <p>これまでまなびをご利用いただき、ありがとうございました。</p>
        <p>もう一度学びたくなったときは、あらためて入学の申込みをしてください。</p>
      </Alert>
      <ul className="space-y-2">
        <li>
          <TextLink to={paths.mypage.admission()}>入学の申込み</TextLink>
        </li>
        <li>
          <TextLink to={paths.mypage.inquiry()}>お問い合わせ</TextLink>
        </li>
      </ul>
    </div>
  );
}
