import type { AddressRequest } from '@manabi/shared/api';
import {
  ADDRESS_REQUEST_STATUS_TEXT,
  type AddressRequestStatus,
} from '@manabi/shared/schemas/address-change';
import type { addressChangeRequests } from '../../db/schema';

type Parts = { pref: string; streetName1: string; streetName2: string; address: string; streetName3: string };

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

export function presentRequest(r: typeof addressChangeRequests.$inferSelect): AddressRequest {
  const status = r.status as AddressRequestStatus;
  return {
    request_id: r.id,
    status,
    status_text: ADDRESS_REQUEST_STATUS_TEXT[status],
    ...addressParts(r),
    address_text: addressLine(r),
    return_reason: r.returnReason,
    requested_at: r.createdAt.toISOString(),
    decided_at: r.decidedAt?.toISOString() ?? null,
    updated_at: r.updatedAt.toISOString(),
  };
}
