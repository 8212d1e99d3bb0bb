/**
 * A postal address as the student row and the address request store it (six columns) and as the API names
 * its fields: the one mapping each way, and the one-line form the screens and mails show.
 */

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

/** The address as one line: prefecture, town, block, number, then the building after a space. */
export const addressLine = (s: Parts) =>
  [s.pref, s.streetName1, s.streetName2, s.address].join('') + (s.streetName3 ? ` ${s.streetName3}` : '');

/** The six address columns as the API names them. */
export const addressParts = (s: Parts & { postcode: string }) => ({
  postcode: s.postcode,
  pref: s.pref,
  street_name1: s.streetName1,
  street_name2: s.streetName2,
  address: s.address,
  street_name3: s.streetName3,
});

/** A form's address fields as the six columns. */
export const addressColumns = (input: AddressInput) => ({
  postcode: input.postcode,
  pref: input.pref,
  streetName1: input.street_name1,
  streetName2: input.street_name2,
  address: input.address,
  streetName3: input.street_name3,
});

/** 〒 digits as the post writes them, 123-4567 (stored with or without the hyphen). */
export const postcodeText = (postcode: string) => {
  const d = postcode.replace(/\D/g, '');
  return d.length === 7 ? `${d.slice(0, 3)}-${d.slice(3)}` : postcode;
};

/** The address on an envelope or label: the street on the first line, the building on the second. */
export const addressLabel = (s: Parts & { postcode: string }) => ({
  postcode: postcodeText(s.postcode),
  address1: [s.pref, s.streetName1, s.streetName2, s.address].join(''),
  address2: s.streetName3,
});
