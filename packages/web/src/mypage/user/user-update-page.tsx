import type { ResultTrue } from '@manabi/shared/api';
import { contactsUpdateFormSchema } from '@manabi/shared/schemas/mypage-user';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatPhoneJp } from '../../lib/phone';
import { ConfirmList } from '../../ui/confirm-list';
import { FieldGroup } from '../../ui/field-group';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { StepForm } from '../../ui/step-form';
import { TextInput } from '../../ui/text-input';
import { MailUndeliverable } from '../mail-undeliverable';
import { NEWS_KEY } from '../query-keys';
import { USER_KEY, updateContacts, userQuery } from './api/user';
import { CancelToUser, UserDone } from './user-form-parts';

/**
 * /mypage/user/update (SPEC §2 user/update, §4 contact update, §5 "My-page contact update"): phone and
 * mail 1 and 2 → confirm (戻る / 変更を確定) → completion linking to /mypage/user. Phones are formatted on
 * blur; the three timestamps read with the data go back with the change (409 → the stale message).
 */
export function Component() {
  const queryClient = useQueryClient();
  const { data: user } = useQuery(userQuery());
  if (!user) return <FullPageSpinner />;
  return (
    <div className="space-y-6">
      <PageTitle>連絡先の変更</PageTitle>
      {user.mail_undeliverable && <MailUndeliverable withLink={false} />}
      <StepForm
        guardLeave
        schema={contactsUpdateFormSchema}
        defaultValues={{ phone1: user.phone1, mail1: user.mail1, phone2: user.phone2, mail2: user.mail2 }}
        headings={{ input: '連絡先の入力', confirm: '変更内容の確認', complete: '変更が完了しました' }}
        confirmLabel="変更内容を確認"
        submitLabel="変更を確定"
        pendingLabel="変更中..."
        confirmNote="以下の内容に変更します。よろしければ「変更を確定」ボタンを押してください。"
        inputActions={<CancelToUser />}
        onSubmit={async (values): Promise<ResultTrue> => {
          const result = await updateContacts({
            ...values,
            updated_at: user.app_user_updated_at,
            updated_at1: user.contact_updated_at1,
            updated_at2: user.contact_updated_at2,
          });
          // the top page's answer says whether mail reaches the student: read again with the user's
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: USER_KEY }),
            queryClient.invalidateQueries({ queryKey: NEWS_KEY }),
          ]);
          return result;
        }}
        renderInput={({ control }) => (
          <>
            <FieldGroup legend="連絡先1">
              <TextInput
                control={control}
                name="phone1"
                label="電話番号1"
                isRequired
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                maxLength={20}
                width="md"
                description="例：03-1234-5678"
                onBlurFormat={formatPhoneJp}
              />
              <TextInput
                control={control}
                name="mail1"
                label="メールアドレス1"
                type="email"
                autoComplete="email"
                maxLength={100}
              />
            </FieldGroup>
            <FieldGroup legend="連絡先2">
              <TextInput
                control={control}
                name="phone2"
                label="電話番号2"
                type="tel"
                inputMode="tel"
                maxLength={20}
                width="md"
                description="例：090-1234-5678"
                onBlurFormat={formatPhoneJp}
              />
              <TextInput
                control={control}
                name="mail2"
                label="メールアドレス2"
                type="email"
                maxLength={100}
              />
            </FieldGroup>
          </>
        )}
        renderConfirm={(v) => (
          <ConfirmList
            items={[
              { label: '電話番号1', value: v.phone1 },
              { label: 'メールアドレス1', value: v.mail1 },
              { label: '電話番号2', value: v.phone2 },
              { label: 'メールアドレス2', value: v.mail2 },
            ]}
          />
        )}
        renderComplete={() => <UserDone title="連絡先の変更が完了しました" />}
      />
    </div>
  );
}
