import { formatDateJa } from '@manabi/shared/domain/dates';
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../lib/paths';
import { ButtonLink, TextLink } from '../../ui/button';
import { ConfirmList } from '../../ui/confirm-list';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { userQuery } from './api/user';

/**
 * /mypage/user (SPEC §2 user, §3 My-page user): the student's own data (GET /api/mypage/user/), links to
 * 連絡先の変更 and パスワードの変更, and the usage manual and FAQ in new windows (the participation guide,
 * the one document the site has).
 */
export function Component() {
  const { data: user } = useQuery(userQuery());
  if (!user) return <FullPageSpinner />;
  return (
    <div className="space-y-8">
      <PageTitle>利用者情報</PageTitle>
      <ConfirmList
        items={[
          { label: '学生番号', value: user.login_id },
          { label: '氏名', value: user.name },
          { label: '氏名（カナ）', value: user.name_kana },
          { label: '生年月日', value: user.birthday ? formatDateJa(user.birthday) : '' },
          { label: '電話番号1', value: user.phone1 },
          { label: 'メールアドレス1', value: user.mail1 },
          { label: '電話番号2', value: user.phone2 },
          { label: 'メールアドレス2', value: user.mail2 },
          { label: '郵便番号', value: user.postcode },
          { label: '住所', value: user.address },
          { label: '緊急連絡先の氏名', value: user.emergency_name },
          { label: '緊急連絡先の続柄', value: user.emergency_emereletion },
          { label: '緊急連絡先の電話番号', value: user.emergency_phone },
        ]}
      />
      <div className="flex flex-wrap gap-4">
        <ButtonLink to={paths.mypage.userUpdate()}>連絡先の変更</ButtonLink>
        <ButtonLink to={paths.mypage.userPassword()} variant="secondary">
          パスワードの変更
        </ButtonLink>
      </div>
      <ul className="space-y-2">
        <li>
          <TextLink href={paths.guidePdf()} newWindow>
            利用マニュアル
          </TextLink>
        </li>
        <li>
          <TextLink href={paths.guidePdf()} newWindow>
            よくあるご質問（FAQ）
          </TextLink>
        </li>
      </ul>
      <p className="text-std-16N-170 text-ink">
        氏名・住所・緊急連絡先の変更は、事務局までお問い合わせください。
      </p>
    </div>
  );
}
