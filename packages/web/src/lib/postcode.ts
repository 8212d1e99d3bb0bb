import { endpoints } from '@manabi/shared/routes/endpoints';
import type { PostcodeAddress } from '@manabi/shared/schemas/postcode';
import { useCallback, useRef, useState } from 'react';
import type { FieldPath, FieldValues, PathValue, UseFormReturn } from 'react-hook-form';
import { call, isApiError } from './api';
import { formatPostcodeJp, toHalfWidth } from './phone';

/**
 * Postcode → address (SPEC §5 "Postcode": on blur a 7-digit code fills the prefecture and the town), for
 * the admin student forms and the my-page admission form. The data is our own offline lookup,
 * GET /api/common/postcode/{7 digits}.
 */

/** What a lookup fills: the prefecture and the town field (町名, e.g. 「港区芝公園」 = city + town). */
export interface AddressFill {
  pref: string;
  town: string;
}

/** '105-0011', '1050011', '１０５ー００１１' → '1050011'; null unless exactly 7 digits. */
export function postcodeDigits(value: string): string | null {
  const ascii = toHalfWidth(value).trim();
  return /^\d{3}-?\d{4}$/.test(ascii) ? ascii.replace('-', '') : null;
}

function commonPrefix(values: string[]): string {
  let prefix = values[0] ?? '';
  for (const v of values) {
    while (!v.startsWith(prefix)) prefix = prefix.slice(0, -1);
  }
  return prefix;
}

/**
 * The fill of a lookup's addresses. One town: city + town. Several towns under one code (a rural code
 * covering many 大字): city + what their names share, so the user types only the rest. Addresses in
 * different prefectures or cities (rare) fill only what they agree on.
 */
export function addressFromResults(results: readonly PostcodeAddress[]): AddressFill | null {
  const first = results[0];
  if (!first) return null;
  const samePref = results.every((r) => r.prefecture === first.prefecture);
  const sameCity = samePref && results.every((r) => r.city === first.city);
  return {
    pref: samePref ? first.prefecture : '',
    town: sameCity ? first.city + commonPrefix(results.map((r) => r.town)) : '',
  };
}

/**
 * Which fields a lookup may change: a field is filled when it is empty or still holds what the previous
 * lookup put there — never over what the user typed themselves. Returns only the fields to set.
 */
export function fillRules(
  current: AddressFill,
  previous: AddressFill | null,
  found: AddressFill,
): Partial<AddressFill> {
  const out: Partial<AddressFill> = {};
  for (const key of ['pref', 'town'] as const) {
    if (found[key] === '' || found[key] === current[key]) continue;
    if (current[key] === '' || (previous !== null && current[key] === previous[key])) out[key] = found[key];
  }
  return out;
}

/** GET /api/common/postcode/{code}: the fill, or null for an unknown code (404) or any failure. */
export async function lookupPostcode(code: string, signal?: AbortSignal): Promise<AddressFill | null> {
  try {
    const answer = await call(endpoints.common.postcode, { code }, { signal });
    return addressFromResults(answer.results);
  } catch (error) {
    // a convenience only: whatever goes wrong, the user types the address themselves
    if (isApiError(error) || (error instanceof DOMException && error.name === 'AbortError')) return null;
    throw error;
  }
}

/**
 * Postcode autofill for a react-hook-form form. Use the returned `onBlurFormat` on the postcode
 * TextInput (it also formats the code as 123-4567) and show `message` in a polite live region, so a
 * screen-reader user learns that other fields changed.
 *
 * ```tsx
 * const postcode = usePostcodeAutofill(form, { pref: 'pref', town: 'street_name1' });
 * <TextInput name="postcode" onChangeFormat={formatPostcodeJp} onBlurFormat={postcode.onBlurFormat} />
 * <p role="status">{postcode.message}</p>
 * ```
 */
export function usePostcodeAutofill<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'getValues' | 'setValue' | 'formState'>,
  names: { pref: FieldPath<T>; town: FieldPath<T> },
) {
  const previous = useRef<AddressFill | null>(null);
  const lastCode = useRef<string | null>(null);
  const request = useRef<AbortController | null>(null);
  const [message, setMessage] = useState('');

  const run = useCallback(
    async (code: string) => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      const found = await lookupPostcode(code, controller.signal);
      if (controller.signal.aborted) return;
      if (!found) {
        setMessage('郵便番号に当てはまる住所が見つかりませんでした。住所を入力してください。');
        return;
      }
      const current = {
        pref: String(form.getValues(names.pref) ?? ''),
        town: String(form.getValues(names.town) ?? ''),
      };
      const changes = fillRules(current, previous.current, found);
      const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
      if (changes.pref !== undefined) {
        form.setValue(names.pref, changes.pref as PathValue<T, FieldPath<T>>, options);
      }
      if (changes.town !== undefined) {
        form.setValue(names.town, changes.town as PathValue<T, FieldPath<T>>, options);
      }
      previous.current = found;
      setMessage(
        changes.pref !== undefined || changes.town !== undefined
          ? '郵便番号から住所の一部を入力しました。内容を確認してください。'
          : '',
      );
    },
    [form, names.pref, names.town],
  );

  const onBlurFormat = useCallback(
    (value: string) => {
      const formatted = formatPostcodeJp(value);
      const code = postcodeDigits(formatted);
      // only a changed, complete code is looked up: tabbing through the field again changes nothing
      if (code && code !== lastCode.current) void run(code);
      lastCode.current = code;
      return formatted;
    },
    [run],
  );

  return { onBlurFormat, message };
}
