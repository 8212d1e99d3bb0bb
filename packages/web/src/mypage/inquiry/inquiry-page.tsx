import {
  AGE_BAND_OPTIONS,
  ANSWER_OPTIONS,
  INQUIRY_ADDRESS_MAX,
  INQUIRY_CONTENT_OPTIONS,
  INQUIRY_DETAIL_MAX,
  INQUIRY_NAME_MAX,
  inquiryFormSchema,
  PREFECTURES,
} from '@manabi/shared/schemas/inquiry';
import { useLocation } from 'react-router';
import { paths } from '../../lib/paths';
import { formatPostcodeJp } from '../../lib/phone';
import { Alert } from '../../ui/alert';
import { ButtonLink } from '../../ui/button';
import { Checkbox, RadioGroup, Select } from '../../ui/choice-fields';
import { optionLabel } from '../../ui/code-options';
import { ConfirmList } from '../../ui/confirm-list';
import { FieldGroup } from '../../ui/field-group';
import { PageTitle } from '../../ui/page-title';
import { type SchemaInput, StepForm, type StepFormApi } from '../../ui/step-form';
import { TextArea, TextInput } from '../../ui/text-input';
import { sendInquiry } from './api/inquiry';

type Input = SchemaInput<typeof inquiryFormSchema>;
type Values = ReturnType<typeof inquiryFormSchema.parse>;

const PREF_OPTIONS = PREFECTURES.map((p) => ({ value: p, label: p }));

/** SPEC §2: where the inquiry was opened from — router state, else the public site's contact page. */
export const DEFAULT_PREVLINK = '/contact/';

interface InquiryState {
  prevlink?: unknown;
  isMypage?: unknown;
}

/**
 * Router state (SPEC §2): `prevlink` is where 「戻る」 leads (default /contact/; only same-site paths are
 * taken), `isMypage` marks an inquiry sent from inside the my-page (back and "top" go to the my-page top).
 */
function useOrigin() {
  const state = (useLocation().state ?? {}) as InquiryState;
  const isMypage = state.isMypage === true;
  const prevlink =
    typeof state.prevlink === 'string' && state.prevlink.startsWith('/') && !state.prevlink.startsWith('//')
      ? state.prevlink
      : DEFAULT_PREVLINK;
  return {
    isMypage,
    back: isMypage ? paths.mypage.top() : prevlink,
    top: isMypage ? paths.mypage.top() : '/',
  };
}

function InquiryFields({ form }: { form: StepFormApi<Input, Values> }) {
  const { control } = form;
  return (
    <>
      <FieldGroup legend="お問い合わせ内容">
        <RadioGroup
          control={control}
          name="is_required_answer"
          label="回答の要否"
          isRequired
          options={ANSWER_OPTIONS}
        />
        <RadioGroup
          control={control}
          name="content"
          label="お問い合わせの種類"
          isRequired
          options={INQUIRY_CONTENT_OPTIONS}
        />
        <TextArea
          control={control}
          name="detail"
          label="お問い合わせの詳細"
          isRequired
          maxLength={INQUIRY_DETAIL_MAX}
          rows={6}
          description={`${INQUIRY_DETAIL_MAX}文字以内`}
        />
      </FieldGroup>
      <InquirerFields form={form} />
      <Checkbox control={control} name="agreement" label="個人情報の取り扱いに同意して送信する" isRequired />
    </>
  );
}

/** お客様の情報: who asks, how to answer them, and where they live. */
function InquirerFields({ form }: { form: StepFormApi<Input, Values> }) {
  const { control } = form;
  return (
    <FieldGroup legend="お客様の情報">
      <TextInput
        control={control}
        name="name"
        label="氏名"
        isRequired
        maxLength={INQUIRY_NAME_MAX}
        width="md"
        autoComplete="name"
      />
      <TextInput
        control={control}
        name="name_kana"
        label="氏名カナ"
        maxLength={INQUIRY_NAME_MAX}
        width="md"
        description="全角カタカナ"
      />
      <Select
        control={control}
        name="age"
        label="年代"
        options={AGE_BAND_OPTIONS}
        placeholder="未選択"
        width="sm"
      />
      <TextInput
        control={control}
        name="mail"
        label="メールアドレス"
        type="email"
        isRequired
        autoComplete="email"
        maxLength={100}
        width="lg"
      />
      <TextInput
        control={control}
        name="mail_confirm"
        label="メールアドレス（確認）"
        type="email"
        isRequired
        maxLength={100}
        width="lg"
        description="確認のため、もう一度入力します。"
      />
      <TextInput
        control={control}
        name="phone"
        label="電話番号"
        type="tel"
        autoComplete="tel"
        inputMode="numeric"
        maxLength={11}
        width="sm"
        description="ハイフンなしの半角数字（例：0312345678）"
      />
      <TextInput
        control={control}
        name="postcode"
        label="郵便番号"
        inputMode="numeric"
        autoComplete="postal-code"
        width="xs"
        onChangeFormat={formatPostcodeJp}
        description="例：105-0011"
      />
      <Select
        control={control}
        name="pref"
        label="都道府県"
        options={PREF_OPTIONS}
        placeholder="未選択"
        width="sm"
      />
      <TextInput
        control={control}
        name="address"
        label="住所"
        maxLength={INQUIRY_ADDRESS_MAX}
        width="lg"
        description="区市町村から入力します。"
      />
    </FieldGroup>
  );
}

function confirmItems(v: Values) {
  return [
    { label: '回答の要否', value: optionLabel(ANSWER_OPTIONS, v.is_required_answer) },
    { label: 'お問い合わせの種類', value: optionLabel(INQUIRY_CONTENT_OPTIONS, v.content) },
    { label: 'お問い合わせの詳細', value: v.detail },
    { label: '氏名', value: v.name },
    { label: '氏名カナ', value: v.name_kana },
    { label: '年代', value: optionLabel(AGE_BAND_OPTIONS, v.age) },
    { label: 'メールアドレス', value: v.mail },
    { label: '電話番号', value: v.phone },
    { label: '郵便番号', value: v.postcode },
    { label: '都道府県', value: v.pref },
    { label: '住所', value: v.address },
  ];
}

/** /mypage/inquiry (SPEC §2, §3 Inquiry, §4, §5): input → confirm (back) → received, with a link back to the top. */
export function Component() {
  const origin = useOrigin();
  return (
    <div className="space-y-6">
      <PageTitle>お問い合わせ</PageTitle>
      <StepForm
        guardLeave
        schema={inquiryFormSchema}
        defaultValues={{
          is_required_answer: '0',
          content: '1',
          detail: '',
          name: '',
          name_kana: '',
          age: '',
          mail: '',
          mail_confirm: '',
          phone: '',
          postcode: '',
          pref: '',
          address: '',
          agreement: false,
        }}
        headings={{
          input: 'お問い合わせ内容の入力',
          confirm: '入力内容の確認',
          complete: 'お問い合わせを受け付けました',
        }}
        submitLabel="送信する"
        pendingLabel="送信中..."
        confirmNote="以下の内容で送信します。よろしければ「送信する」ボタンを押してください。"
        inputActions={
          <ButtonLink to={origin.back} variant="secondary">
            戻る
          </ButtonLink>
        }
        onSubmit={sendInquiry}
        renderInput={(form) => <InquiryFields form={form} />}
        renderConfirm={(v) => <ConfirmList items={confirmItems(v)} />}
        renderComplete={() => (
          <div className="space-y-6">
            <Alert variant="success" title="お問い合わせを受け付けました">
              <p>内容を確認のうえ、回答が必要なお問い合わせには事務局からご連絡します。</p>
            </Alert>
            <ButtonLink to={origin.top} variant="secondary">
              {origin.isMypage ? 'マイページトップへ戻る' : 'トップへ戻る'}
            </ButtonLink>
          </div>
        )}
      />
    </div>
  );
}
