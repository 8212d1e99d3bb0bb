import type { AddressRequest, Student } from '@manabi/shared/api';
import { addressText, postcodeMark } from '@manabi/shared/domain/address';
import { formatDateTimeJa } from '@manabi/shared/domain/dates';
import {
  ADDRESS_REQUEST_STATUS,
  ADDRESS_RETURN_REASON_MAX,
  type AddressDecisionForm,
  addressDecisionFormSchema,
} from '@manabi/shared/schemas/address-change';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { Alert } from '../../ui/alert';
import { RadioGroup } from '../../ui/choice-fields';
import { ConfirmList } from '../../ui/confirm-list';
import { type SchemaInput, StepForm, type StepFormApi } from '../../ui/step-form';
import { TextArea } from '../../ui/text-input';
import { pendingAddressQuery, useDecideAddressRequest } from './api/address-requests';

const CHOICES = [
  { value: ADDRESS_REQUEST_STATUS.APPROVED, label: '承認する（学生情報の住所をこの住所にする）' },
  { value: ADDRESS_REQUEST_STATUS.RETURNED, label: '返却する（理由を学生に伝える）' },
];

const withPostcode = (postcode: string, line: string) =>
  [postcodeMark(postcode), line].filter((part) => part !== '').join('　');

const recordAddress = (s: Student) => withPostcode(s.postcode, addressText(s));

/**
 * The student's pending 住所変更の届出 on their detail page (decision 040): the address on record beside the
 * one asked for, and 承認する / 返却する (with a reason the student sees) → confirm → done. The request shown
 * is held until the decision's completion has been read, though the reloaded student has none pending.
 */
export function AddressRequestPanel({ student }: { student: Student }) {
  const { data } = useQuery(pendingAddressQuery(student.user_id));
  const held = useRef<AddressRequest | null>(null);
  if (data?.request) held.current ??= data.request;
  const request = held.current;
  if (!request) return null;
  return (
    <section
      aria-labelledby="address-request-heading"
      className="space-y-4 rounded-8 border-2 border-warning-line p-4"
    >
      <h2 id="address-request-heading" className="text-std-20B-150 text-ink">
        住所変更の届出（確認待ち）
      </h2>
      <ConfirmList
        items={[
          { label: '届出日時', value: formatDateTimeJa(request.requested_at) },
          { label: '今の住所（学生情報）', value: recordAddress(student) },
          { label: '届け出た住所', value: withPostcode(request.postcode, request.address_text) },
        ]}
      />
      <DecisionForm request={request} student={student} />
    </section>
  );
}

function DecisionForm({ request, student }: { request: AddressRequest; student: Student }) {
  const decide = useDecideAddressRequest();
  return (
    <StepForm
      schema={addressDecisionFormSchema}
      defaultValues={{ decision: '', return_reason: '' }}
      headings={{ input: '届出の確認', confirm: '確認', complete: '処理しました' }}
      confirmLabel="確認へ進む"
      submitLabel="確定する"
      pendingLabel="処理中..."
      confirmNote="以下のとおり処理します。よろしければ「確定する」ボタンを押してください。"
      showSteps={false}
      onSubmit={(values) =>
        decide.mutateAsync({
          ...values,
          request_id: request.request_id,
          updated_at: request.updated_at,
          student_updated_at: student.updated_at,
        })
      }
      renderInput={(form) => <DecisionFields form={form} />}
      renderConfirm={(v) => (
        <ConfirmList
          items={[
            {
              label: '処理',
              value: v.decision === ADDRESS_REQUEST_STATUS.APPROVED ? '承認する' : '返却する',
            },
            v.decision === ADDRESS_REQUEST_STATUS.APPROVED
              ? { label: '新しい住所', value: withPostcode(request.postcode, request.address_text) }
              : { label: '返却の理由', value: v.return_reason },
          ]}
        />
      )}
      renderComplete={(_, v) =>
        v.decision === ADDRESS_REQUEST_STATUS.APPROVED ? (
          <Alert variant="success" title="住所変更を承認しました">
            <p>学生情報の住所を変更しました。学生にはマイページのお知らせで伝えます。</p>
          </Alert>
        ) : (
          <Alert variant="success" title="届出を返却しました">
            <p>学生情報の住所は変わりません。返却の理由は学生のマイページに表示されます。</p>
          </Alert>
        )
      }
    />
  );
}

type DecisionInput = SchemaInput<typeof addressDecisionFormSchema>;

function DecisionFields({ form }: { form: StepFormApi<DecisionInput, AddressDecisionForm> }) {
  const decision = useWatch({ control: form.control, name: 'decision' });
  return (
    <>
      <RadioGroup
        control={form.control}
        name="decision"
        label="処理"
        isRequired
        options={CHOICES}
        orientation="vertical"
      />
      {decision === ADDRESS_REQUEST_STATUS.RETURNED && (
        <TextArea
          control={form.control}
          name="return_reason"
          label="返却の理由"
          isRequired
          maxLength={ADDRESS_RETURN_REASON_MAX}
          rows={4}
          description="学生のマイページにそのまま表示されます。直してほしいところを書いてください。"
        />
      )}
    </>
  );
}
