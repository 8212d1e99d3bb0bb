import type { LoginIdExist, LoginIdNext } from '@manabi/shared/api';
import { endpoints } from '@manabi/shared/routes/endpoints';
import type { StudentAddBody, StudentApprovalBody, StudentUpdateBody } from '@manabi/shared/schemas/student';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { paths } from '../../../lib/paths';

/** Admin students, the new/update form and the approval (SPEC §7 "Admin students"). */
const KEY = ['admin', 'students'] as const;

/**
 * GET /api/admin/student/detail/?user_id= for the forms: always the current row (they echo updated_at
 * back). A missing student goes to /admin/404 (SPEC §2).
 */
export const studentForEditQuery = (userId: number) =>
  queryOptions({
    queryKey: [...KEY, 'form', userId],
    queryFn: () => call(endpoints.adminStudents.detail, { user_id: String(userId), is_edit: '1' }),
    meta: { notFoundTo: paths.admin.notFound() },
    staleTime: 0,
    gcTime: 0,
  });

/** The student of `userId` (when `enabled`); 404 → /admin/404, anything else routed as SPEC §8. */
export function useStudentForEdit(userId: number, enabled = true) {
  return useQuery({ ...studentForEditQuery(userId), enabled });
}

/**
 * GET /api/admin/student/loginid/next/?generation_id= — the new form's default generation (this fiscal
 * year's April, 'YY04') and login id (the next free number in it). Read fresh each time the form opens.
 */
export const nextLoginIdQuery = (generationId = '') =>
  queryOptions({
    queryKey: [...KEY, 'next-login-id', generationId],
    queryFn: () => fetchNextLoginId(generationId),
    staleTime: 0,
    gcTime: 0,
  });

/** The same call by hand: the new form follows a changed 期生ID with that generation's next number. */
export function fetchNextLoginId(generationId: string): Promise<LoginIdNext> {
  return call(endpoints.adminStudents.loginIdNext, { generation_id: generationId });
}

/** GET /api/admin/student/loginid/exist/ (SPEC §4: the check before the confirm step); `id` = the edited student. */
export function fetchLoginIdExists(loginId: string, id?: number): Promise<LoginIdExist> {
  return call(endpoints.adminStudents.loginIdExist, { login_id: loginId, id });
}

/** add (no user_id) or update (user_id + updated_at); every student query is read again afterwards. */
export function useSaveStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StudentAddBody | StudentUpdateBody) =>
      'user_id' in body
        ? call(endpoints.adminStudents.update, body)
        : call(endpoints.adminStudents.add, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** POST /api/admin/student/approval/ (409 stale, shown by StepForm). */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StudentApprovalBody) => call(endpoints.adminStudents.approval, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
