import type { AddressRequest } from '@manabi/shared/api';
import {
  ADDRESS_REQUEST_STATUS_TEXT,
  type AddressRequestStatus,
} from '@manabi/shared/schemas/address-change';
import type { addressChangeRequests } from '../../db/schema';
import { addressLine, addressParts } from '../common/address';

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
