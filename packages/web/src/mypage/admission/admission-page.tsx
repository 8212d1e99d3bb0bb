import { addressText } from '@manabi/shared/domain/address';
import { ageAtFiscalYearEnd, defaultBirthday } from '@manabi/shared/domain/age';
import { formatDateJa, todayTokyo } from '@manabi/shared/domain/dates';
import {
  ADMISSION_INFO_SESSION,
  ADMISSION_NAME_PART_MAX,
  ADMISSION_PREF,
  ATTENDANCE_OPTIONS,
  admissionFormSchema,
} from '@manabi/shared/schemas/admission';
import { EMERGENCY_MAX, EMERGENCY_PHONE_MAX, GENDER_OPTIONS } from '@manabi/shared/schemas/student';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { formatPhoneJp } from '../../lib/phone';
import { fetchSession } from '../../lib/session';
import { AddressFields } from '../../ui/address-fields';
import { Alert } from '../../ui/alert';
import { ButtonLink } from '../../ui/button';
import { Checkbox, RadioGroup, Select } from '../../ui/choice-fields';
import { optionLabel } from '../../ui/code-options';
import { ConfirmList } from '../../ui/confirm-list';
import { FieldGroup } from '../../ui/field-group';
import { FullPageSpinner } from '../../ui/full-page-spinner';
import { PageTitle } from '../../ui/page-title';
import { type SchemaInput, StepForm, type StepFormApi } from '../../ui/step-form';
import { DateInput, TextInput } from '../../ui/text-input';
import { sendAdmission } from './api/admission';

type Input = SchemaInput<typeof admissionFormSchema>;
type Values = ReturnType<typeof admissionFormSchema.parse>;

/** Redirects a logged-in visitor (student or admin) to their top page; true while checking. */
function useLeaveWhenLoggedIn(): boolean {
  const navigate = useNavigate();
  const [checking, setChecking] = useState(true);
  useEffect(() => {
    let active = true;
    // a look only (touch=0): the admission form is for people without an account
    Promise.all([
      fetchSession('mypage', { touch: false }).catch(() => null),
      fetchSession('admin', { touch: false }).catch(() => null),
    ]).then(([student, admin]) => {
      if (!active) return;
      if (student) navigate(paths.mypage.top(), { replace: true });
      else if (admin) navigate(paths.admin.top(), { replace: true });
      else setChecking(false);
    });
    return () => {
      active = false;
    };
  }, [navigate]);
  return checking;
}

/** SPEC §2: the information session of the admission screen. */
function InfoSession() {
  const s = ADMISSION_INFO_SESSION;
  return (
    <Alert variant="info" title="入学説明会のご案内">
      <p>
        {s.date} {s.time}から入学説明会を行います。説明（{s.explanation}）のあと、特別講義（{s.lecture}
        ）があります。出欠を下の「入学説明会」で選んでください。
      </p>
    </Alert>
  );
}

function AgeAtYearEnd({ form }: { form: StepFormApi<Input, Values> }) {
  const birthday = useWatch({ control: form.control, name: 'birthday' }) ?? '';
  const age = birthday ? ageAtFiscalYearEnd(birthday, todayTokyo()) : null;
  return (
    <p className="text-std-16N-170 text-ink" aria-live="polite">
      年度末（3月31日）時点の年齢：{age === null || age < 0 ? '－' : `${age}歳`}
    </p>
  );
}

function AdmissionFields({ form }: { form: StepFormApi<Input, Values> }) {
  const { control } = form;
  return (
    <>
      <AdmissionNameFields form={form} />

      <FieldGroup legend="ご住所">
        <AddressFields
          form={form}
          postcodeHint="7桁の数字を入力すると、町名が入ります（例：105-0011）。"
          fixedPref={ADMISSION_PREF}
          isChomeDigitsOnly
          addressHint="例：2-8"
          buildingLabel="建物名・部屋番号"
        />
      </FieldGroup>

      <AdmissionContactFields form={form} />

      <FieldGroup legend="入学説明会">
        <RadioGroup
          control={control}
          name="is_attendance"
          label="入学説明会"
          isRequired
          options={ATTENDANCE_OPTIONS}
        />
      </FieldGroup>

      <Checkbox control={control} name="agreement" label="個人情報の取り扱いに同意して申し込む" isRequired />
    </>
  );
}

/** お名前・生年月日 and 性別, with the age at the fiscal year's end beside the birthday. */
function AdmissionNameFields({ form }: { form: StepFormApi<Input, Values> }) {
  const { control } = form;
  return (
    <FieldGroup legend="お名前・生年月日">
      <div className="flex flex-wrap gap-4">
        <TextInput
          control={control}
          name="name_l"
          label="姓"
          isRequired
          maxLength={ADMISSION_NAME_PART_MAX}
          width="sm"
          autoComplete="family-name"
        />
        <TextInput
          control={control}
          name="name_f"
          label="名"
          isRequired
          maxLength={ADMISSION_NAME_PART_MAX}
          width="sm"
          autoComplete="given-name"
        />
      </div>
      <div className="flex flex-wrap gap-4">
        <TextInput
          control={control}
          name="name_kana_l"
          label="セイ"
          maxLength={ADMISSION_NAME_PART_MAX}
          width="sm"
          description="全角カタカナ"
        />
        <TextInput
          control={control}
          name="name_kana_f"
          label="メイ"
          maxLength={ADMISSION_NAME_PART_MAX}
          width="sm"
          description="全角カタカナ"
        />
      </div>
      <DateInput control={control} name="birthday" label="生年月日" isRequired />
      <AgeAtYearEnd form={form} />
      <Select
        control={control}
        name="gender"
        label="性別"
        options={GENDER_OPTIONS}
        placeholder="未選択"
        width="sm"
      />
    </FieldGroup>
  );
}

/** 連絡先 and 緊急連絡先. */
function AdmissionContactFields({ form }: { form: StepFormApi<Input, Values> }) {
  const { control } = form;
  return (
    <>
      <FieldGroup legend="連絡先">
        <TextInput
          control={control}
          name="phone1"
          label="電話番号1"
          type="tel"
          isRequired
          autoComplete="tel"
          width="sm"
          onBlurFormat={formatPhoneJp}
        />
        <TextInput
          control={control}
          name="phone2"
          label="電話番号2"
          type="tel"
          width="sm"
          onBlurFormat={formatPhoneJp}
          description="電話番号1と違う番号を入力します。"
        />
        <TextInput
          control={control}
          name="mail1"
          label="メールアドレス1"
          type="email"
          isRequired
          autoComplete="email"
          maxLength={100}
          width="lg"
        />
        <TextInput
          control={control}
          name="mail1_confirm"
          label="メールアドレス1（確認）"
          type="email"
          isRequired
          maxLength={100}
          width="lg"
          description="確認のため、もう一度入力します。"
        />
        <TextInput
          control={control}
          name="mail2"
          label="メールアドレス2"
          type="email"
          maxLength={100}
          width="lg"
        />
        <TextInput
          control={control}
          name="mail2_confirm"
          label="メールアドレス2（確認）"
          type="email"
          maxLength={100}
          width="lg"
          description="確認のため、もう一度入力します。"
        />
      </FieldGroup>

      <FieldGroup legend="緊急連絡先">
        <TextInput
          control={control}
          name="emergency_contacts_name"
          label="緊急連絡先の氏名"
          maxLength={EMERGENCY_MAX}
          width="md"
        />
        <TextInput
          control={control}
          name="emergency_contacts_emereletion"
          label="緊急連絡先の続柄"
          maxLength={EMERGENCY_MAX}
          width="sm"
        />
        <TextInput
          control={control}
          name="emergency_contacts_phone"
          label="緊急連絡先の電話番号"
          type="tel"
          maxLength={EMERGENCY_PHONE_MAX}
          width="sm"
          onBlurFormat={formatPhoneJp}
        />
      </FieldGroup>
    </>
  );
}

function confirmItems(v: Values) {
  return [
    { label: '氏名', value: `${v.name_l} ${v.name_f}` },
    { label: '氏名カナ', value: `${v.name_kana_l} ${v.name_kana_f}`.trim() },
    { label: '生年月日', value: formatDateJa(v.birthday) },
    { label: '年度末の年齢', value: `${ageAtFiscalYearEnd(v.birthday, todayTokyo())}歳` },
    { label: '性別', value: optionLabel(GENDER_OPTIONS, v.gender) },
    { label: '郵便番号', value: v.postcode },
    {
      label: '住所',
      value: addressText(v),
    },
    { label: '電話番号1', value: v.phone1 },
    { label: '電話番号2', value: v.phone2 },
    { label: 'メールアドレス1', value: v.mail1 },
    { label: 'メールアドレス2', value: v.mail2 },
    { label: '緊急連絡先の氏名', value: v.emergency_contacts_name },
    { label: '緊急連絡先の続柄', value: v.emergency_contacts_emereletion },
    { label: '緊急連絡先の電話番号', value: v.emergency_contacts_phone },
    { label: '入学説明会', value: optionLabel(ATTENDANCE_OPTIONS, v.is_attendance) },
  ];
}

/**
 * /mypage/admission (SPEC §2, §3 Admission, §4, §5): input → confirm → completion with the office phone.
 * Visitors already logged in go to their top page. The application becomes a pending student.
 */
export function Component() {
  const checking = useLeaveWhenLoggedIn();
  const today = todayTokyo();
  if (checking) return <FullPageSpinner />;
  return (
    <div className="space-y-6">
      <PageTitle>入学申込み</PageTitle>
      <InfoSession />
      <StepForm
        guardLeave
        schema={admissionFormSchema}
        defaultValues={{
          name_l: '',
          name_f: '',
          name_kana_l: '',
          name_kana_f: '',
          postcode: '',
          pref: ADMISSION_PREF,
          street_name1: '',
          street_name2: '',
          address: '',
          street_name3: '',
          birthday: defaultBirthday(today),
          gender: '',
          phone1: '',
          phone2: '',
          mail1: '',
          mail1_confirm: '',
          mail2: '',
          mail2_confirm: '',
          emergency_contacts_name: '',
          emergency_contacts_emereletion: '',
          emergency_contacts_phone: '',
          is_attendance: '1',
          agreement: false,
        }}
        headings={{
          input: '申込み内容の入力',
          confirm: '申込み内容の確認',
          complete: '申込みを受け付けました',
        }}
        submitLabel="申し込む"
        pendingLabel="送信中..."
        confirmNote="以下の内容で申し込みます。よろしければ「申し込む」ボタンを押してください。"
        errorLabels={{ pref: '都道府県' }}
        onSubmit={sendAdmission}
        renderInput={(form) => <AdmissionFields form={form} />}
        renderConfirm={(v) => <ConfirmList items={confirmItems(v)} />}
        renderComplete={(result) => (
          <div className="space-y-6">
            <Alert variant="success" title="入学申込みを受け付けました">
              <p>受付のメールをお送りしました。事務局で内容を確認したうえで、あらためてご連絡します。</p>
              <p>
                ご不明な点は、事務局（電話：
                <a href={`tel:${result.office_phone.replace(/-/g, '')}`}>{result.office_phone}</a>
                ）までお問い合わせください。
              </p>
            </Alert>
            <ButtonLink to={paths.mypage.login()} variant="secondary">
              ログイン画面へ
            </ButtonLink>
          </div>
        )}
      />
    </div>
  );
}
