import type { ResultTrue } from '@manabi/shared/api';
import type { InquiryForm } from '@manabi/shared/schemas/inquiry';
import { apiPost } from '../../../lib/api';

/** POST /api/mypage/inquiry/ (SPEC §3 Inquiry): the form's values as they are, agreement included. */
export const sendInquiry = (body: InquiryForm) => apiPost<ResultTrue>('/api/mypage/inquiry/', body);
