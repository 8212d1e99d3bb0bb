import type { MypageAddress } from '@manabi/shared/api';
import { formatDateJa } from '@manabi/shared/domain/dates';
import { ADDRESS_REQUEST_STATUS } from '@manabi/shared/schemas/address-change';
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../lib/paths';
import { Alert } from '../../ui/alert';
import { ButtonLink, TextLink } from '../../ui/button';
import { ConfirmList } from '../../ui/confirm-list';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { MailUndeliverable } from '../mail-undeliverable';
import { addressQuery, userQuery } from './api/user';

/**
 * /mypage/user (SPEC §2 user, §3 My-page user): the student's own data (GET /api/mypage/user/), links to
 * 連絡先の変更 and パスワードの変更, the address's change by request (住所変更の届出, decision 040), and
 * the usage manual and FAQ in new windows (the participation guide, the one document the site has).
 */
export function Component() {
  const { data: user } = useQuery(userQuery());
  const { data: address } = useQuery(addressQuery());
  if (!user || !address) return <FullPageSpinner />;
  return (
    <div className="space-y-8">
      <PageTitle>利用者情報</PageTitle>
      {user.mail_undeliverable && <MailUndeliverable />}
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
          {
            label: '住所',
            value: (
              <>
                {user.address}
                <span className="block text-std-16N-170">
                  {address.request?.status === ADDRESS_REQUEST_STATUS.PENDING
                    ? '（新しい住所の届出を事務局で確認中です。下の「住所が変わったとき」をご覧ください）'
                    : '（変わったときは、下の「住所が変わったとき」をご覧ください）'}
                </span>
              </>
            ),
          },
          { label: '緊急連絡先の氏名', value: user.emergency_name },
          { label: '緊急連絡先の続柄', value: user.emergency_emereletion },
          { label: '緊急連絡先の電話番号', value: user.emergency_phone },
        ]}
      />
      <AddressChange address={address} />
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
        <li>
          <TextLink to={paths.mypage.userWithdraw()}>退会の手続き</TextLink>
        </li>
      </ul>
    </div>
  );
}

/**
 * Beside the address: how to change it (住所変更の届出), the state of the latest request while it is
 * pending or returned, and the office's phone for what no form here does.
 */
function AddressChange({ address }: { address: MypageAddress }) {
  const request = address.request;
  const phone = address.office_phone;
  return (
    <section aria-labelledby="address-change-heading" className="space-y-4">
      <h2 id="address-change-heading" className="text-std-20B-150 text-ink">
        住所が変わったとき
      </h2>
      {request?.status === ADDRESS_REQUEST_STATUS.PENDING && (
        <Alert variant="info" title="住所変更の届出を事務局で確認中です" announce={false}>
          <p>届け出た住所：{request.address_text}</p>
          <p>確認が済むと、マイページのお知らせでお知らせします。</p>
        </Alert>
      )}
      {request?.status === ADDRESS_REQUEST_STATUS.RETURNED && (
        <Alert variant="warning" title="住所変更の届出が返却されました" announce={false}>
          <p className="whitespace-pre-wrap">理由：{request.return_reason}</p>
          <p>内容を直して、もう一度届け出てください。</p>
        </Alert>
      )}
      <p className="text-std-16N-170 text-ink">
        引っ越しなどで住所が変わったときは、「住所変更の届出」から新しい住所を届け出てください。事務局が確認してから、登録の住所が変わります。
      </p>
      <p>
        <ButtonLink to={paths.mypage.userAddress()}>
          {request?.status === ADDRESS_REQUEST_STATUS.PENDING ? '届出の内容を直す' : '住所変更の届出'}
        </ButtonLink>
      </p>
      <p className="text-std-16N-170 text-ink">
        氏名・緊急連絡先の変更など、この画面でできないことは、事務局（電話{' '}
        <a className="underline" href={`tel:${phone.replace(/-/g, '')}`}>
          {phone}
        </a>
        ）までお問い合わせください。
      </p>
    </section>
  );
}
