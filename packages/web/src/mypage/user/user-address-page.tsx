import type { MypageAddress } from '@manabi/shared/api';
import { ADDRESS_REQUEST_STATUS, addressFieldsSchema } from '@manabi/shared/schemas/address-change';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AddressFields } from '../../ui/address-fields';
import { Alert } from '../../ui/alert';
import { ConfirmList } from '../../ui/confirm-list';
import { FieldGroup } from '../../ui/field-group';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { StepForm } from '../../ui/step-form';
import { ADDRESS_KEY, addressQuery, requestAddressChange } from './api/user';
import { CancelToUser, UserDone } from './user-form-parts';

const EMPTY = { postcode: '', pref: '', street_name1: '', street_name2: '', address: '', street_name3: '' };

/**
 * The form starts from the pending or returned request (to correct it), else empty: the postcode lookup
 * fills only fields nobody typed in, so the old address would keep it from filling the new town.
 */
function startingValues(data: MypageAddress) {
  const r = data.request;
  return r && r.status !== ADDRESS_REQUEST_STATUS.APPROVED ? r : EMPTY;
}

/**
 * /mypage/user/address: 住所変更の届出 (decision 040). The new address with the postcode lookup the office's
 * student form uses → confirm → sent. The office approves it before the address changes; a pending
 * request is corrected by sending again.
 */
export function Component() {
  const queryClient = useQueryClient();
  const { data } = useQuery(addressQuery());
  if (!data) return <FullPageSpinner />;
  const pending = data.request?.status === ADDRESS_REQUEST_STATUS.PENDING ? data.request : null;
  const start = startingValues(data);
  return (
    <div className="space-y-6">
      <PageTitle>住所変更の届出</PageTitle>
      <p className="text-std-16N-170 text-ink">
        新しい住所を入力して届け出てください。事務局が確認してから、登録の住所が変わります。
      </p>
      {pending && (
        <Alert variant="info" title="前の届出を事務局で確認中です" announce={false}>
          <p>ここで届け出ると、確認中の届出（{pending.address_text}）と入れ替わります。</p>
        </Alert>
      )}
      <StepForm
        guardLeave
        schema={addressFieldsSchema}
        defaultValues={{
          postcode: start.postcode,
          pref: start.pref,
          street_name1: start.street_name1,
          street_name2: start.street_name2,
          address: start.address,
          street_name3: start.street_name3,
        }}
        headings={{ input: '新しい住所の入力', confirm: '届出内容の確認', complete: '届け出ました' }}
        confirmLabel="届出内容を確認"
        submitLabel="この住所で届け出る"
        pendingLabel="送信中..."
        confirmNote="以下の住所で届け出ます。よろしければ「この住所で届け出る」ボタンを押してください。"
        inputActions={<CancelToUser />}
        onSubmit={async (values) => {
          const result = await requestAddressChange({ ...values, updated_at: pending?.updated_at ?? '' });
          await queryClient.invalidateQueries({ queryKey: ADDRESS_KEY });
          return result;
        }}
        renderInput={(form) => (
          <FieldGroup legend="新しい住所">
            <AddressFields
              form={form}
              postcodeHint="7桁の数字を入力すると、都道府県と町名が入ります（例：105-0011）。"
              addressHint="例：2-8"
              buildingLabel="建物名・部屋番号"
            />
          </FieldGroup>
        )}
        renderConfirm={(v) => (
          <ConfirmList
            items={[
              { label: '郵便番号', value: v.postcode },
              { label: '都道府県', value: v.pref },
              { label: '町名', value: v.street_name1 },
              { label: '丁目', value: v.street_name2 },
              { label: '番地', value: v.address },
              { label: '建物名・部屋番号', value: v.street_name3 },
            ]}
          />
        )}
        renderComplete={() => (
          <UserDone title="住所変更を届け出ました">
            <p>事務局が確認したあと、マイページのお知らせでお知らせします。住所はそのときに変わります。</p>
          </UserDone>
        )}
      />
    </div>
  );
}
