import { endpoints } from '@manabi/shared/routes/endpoints';
import type { CallForm } from '@manabi/shared/schemas/contact';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../lib/api';

/**
 * The key of everything about reaching students (decision 065): the contact list and a student's contact
 * record. A call recorded from either screen reads both again.
 */
export const CONTACT_KEY = ['admin', 'contact'] as const;

/**
 * POST /api/admin/contact/call/add/ (authority 1): one telephone call, with its outcome and note. A 422 (a
 * field) is the dialog's to show; anything else routes as SPEC §8.
 */
export function useAddCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallForm) => call(endpoints.adminContact.callAdd, body),
    meta: { shows: [422] },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONTACT_KEY }),
  });
}
