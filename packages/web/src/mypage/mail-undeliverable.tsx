import { paths } from '../lib/paths';
import { Alert } from '../ui/alert';
import { ButtonLink } from '../ui/button';

/**
 * 「メールが届きません」 as the student reads it (decision 065): the mail server refused mail 1, so our mails
 * and notices by mail do not reach them. Shown on the top page and the user page while the answer says so,
 * with the way to the contacts form; on that form itself without the link. Saving the contacts, changed or
 * not, ends it: the student has looked at the address.
 */
export function MailUndeliverable({ withLink = true }: { withLink?: boolean }) {
  return (
    <Alert
      variant="warning"
      size="lg"
      title="登録のメールアドレスにメールが届きませんでした"
      announce={false}
    >
      <p>
        メールアドレス1あてにお送りしたメールが、届きませんでした。メールアドレスに誤りがないか、ご確認ください。
      </p>
      <p>
        誤りがないときも、「連絡先の変更」で「変更を確定」まで進めてください。次のメールから、もう一度お送りします。お知らせは、このマイページでもご覧いただけます。
      </p>
      {withLink && (
        <p>
          <ButtonLink to={paths.mypage.userUpdate()}>連絡先を確認・変更する</ButtonLink>
        </p>
      )}
    </Alert>
  );
}
