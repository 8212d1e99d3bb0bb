/**
 * A postal address as the student row and the address request store it (six columns) and as the API names
 * its fields: the one mapping each way, and the row's address as it is written (shared/domain/address.ts
 * composes it, the same on the server and the screens).
 */
import { addressEnvelope, addressText, postcodeText } from '@manabi/shared/domain/address';

/** The address's columns after its postcode. */
type Parts = { pref: string; streetName1: string; streetName2: string; address: string; streetName3: string };

/** The address fields of a form (admission, student, address request). */
type AddressInput = {
  postcode: string;
  pref: string;
  street_name1: string;
  street_name2: string;
  address: string;
  street_name3: string;
};

/** The address columns after the postcode as the API names them. */
const fieldsOf = (s: Parts) => ({
  pref: s.pref,
  street_name1: s.streetName1,
  street_name2: s.streetName2,
  address: s.address,
  street_name3: s.streetName3,
});

/** The address as one line, as it is written: 「東京都港区芝公園4丁目2-8 芝公園ハイツ101」. */
export const addressLine = (s: Parts) => addressText(fieldsOf(s));

/** The six address columns as the API names them. */
export const addressParts = (s: Parts & { postcode: string }) => ({ postcode: s.postcode, ...fieldsOf(s) });

/** A form's address fields as the six columns. */
export const addressColumns = (input: AddressInput) => ({
  postcode: input.postcode,
  pref: input.pref,
  streetName1: input.street_name1,
  streetName2: input.street_name2,
  address: input.address,
  streetName3: input.street_name3,
});

/** The address on an envelope or label: the street on the first line, the building on the second. */
export const addressLabel = (s: Parts & { postcode: string }) => {
  const { line1, line2 } = addressEnvelope(fieldsOf(s));
  return { postcode: postcodeText(s.postcode), address1: line1, address2: line2 };
};
