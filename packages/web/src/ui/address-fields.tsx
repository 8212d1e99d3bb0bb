import { BUILDING_MAX, PREF_MAX, STREET_MAX } from '@manabi/shared/schemas/student';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { formatPostcodeJp } from '../lib/phone';
import { usePostcodeAutofill } from '../lib/postcode';
import { TextInput } from './text-input';

/** The address fields of SPEC §3 (Student and Admission name them alike). */
type AddressValues = Record<
  'postcode' | 'pref' | 'street_name1' | 'street_name2' | 'address' | 'street_name3',
  string
>;

export interface AddressFieldsProps<T extends Partial<AddressValues>, TT> {
  /** The form (any form whose values include the address fields). */
  form: UseFormReturn<T, unknown, TT>;
  /** Help under 郵便番号: what the lookup fills. */
  postcodeHint: string;
  /** A prefecture the screen fixes (the admission form: Tokyo only), shown as text; otherwise an input. */
  fixedPref?: string;
  /** Shown right under 町名 (e.g. the admin form's cautions). */
  townNote?: ReactNode;
  /** 丁目 takes half-width digits only (the admission schema): a numeric keyboard and a hint saying so. */
  isChomeDigitsOnly?: boolean;
  /** Help under 番地. */
  addressHint?: string;
  /** Label of street_name3; default 「建物名」. */
  buildingLabel?: string;
}

/**
 * 郵便番号 (hyphen while typing, 7-digit lookup on blur filling 都道府県 and 町名, announced in a polite
 * status) → 都道府県 → 町名 → 丁目 → 番地 → 建物名, for the admin student forms and the admission form.
 * Put it inside the screen's own fieldset.
 */
export function AddressFields<T extends Partial<AddressValues>, TT>({
  form,
  postcodeHint,
  fixedPref,
  townNote,
  isChomeDigitsOnly = false,
  addressHint,
  buildingLabel = '建物名',
}: AddressFieldsProps<T, TT>) {
  // the constraint on T guarantees these names; react-hook-form cannot see that through a generic
  const address = form as unknown as UseFormReturn<AddressValues>;
  const { control } = address;
  const postcode = usePostcodeAutofill(address, { pref: 'pref', town: 'street_name1' });
  return (
    <>
      <TextInput
        control={control}
        name="postcode"
        label="郵便番号"
        inputMode="numeric"
        autoComplete="postal-code"
        width="xs"
        description={postcodeHint}
        onChangeFormat={formatPostcodeJp}
        onBlurFormat={postcode.onBlurFormat}
      />
      <p role="status" className="text-std-16N-170 text-ink">
        {postcode.message}
      </p>
      {fixedPref === undefined ? (
        <TextInput
          control={control}
          name="pref"
          label="都道府県"
          maxLength={PREF_MAX}
          autoComplete="address-level1"
          width="sm"
        />
      ) : (
        <div>
          <p className="text-std-17B-170 text-ink">都道府県</p>
          <p className="text-std-16N-170 text-ink">{fixedPref}</p>
        </div>
      )}
      <TextInput
        control={control}
        name="street_name1"
        label="町名"
        isRequired
        maxLength={STREET_MAX}
        width="md"
        description="区市町村から入力します（例：港区芝公園）。"
      />
      {townNote}
      <TextInput
        control={control}
        name="street_name2"
        label="丁目"
        maxLength={STREET_MAX}
        width={isChomeDigitsOnly ? 'xs' : 'sm'}
        inputMode={isChomeDigitsOnly ? 'numeric' : undefined}
        description={isChomeDigitsOnly ? '半角数字のみ（例：4）' : undefined}
      />
      <TextInput
        control={control}
        name="address"
        label="番地"
        isRequired
        maxLength={STREET_MAX}
        width="sm"
        description={addressHint}
      />
      <TextInput
        control={control}
        name="street_name3"
        label={buildingLabel}
        maxLength={BUILDING_MAX}
        width="lg"
      />
    </>
  );
}
