import { endpoints } from '@manabi/shared/routes/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { CONTACT_KEY } from '../../contact-call-api';

/**
 * GET /api/admin/contact/student/?user_id= (decision 065): the student's results with how each reached them
 * (mail, my-page, letter) and the calls made to them. Read afresh: a call is recorded from two screens.
 */
export const studentContactQuery = (userId: number) =>
  queryOptions({
    queryKey: [...CONTACT_KEY, 'student', userId],
    queryFn: () => call(endpoints.adminContact.student, { user_id: String(userId) }),
    staleTime: 0,
  });
