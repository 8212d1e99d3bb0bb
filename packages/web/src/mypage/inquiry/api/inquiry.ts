import { endpoints } from '@manabi/shared/routes/endpoints';
import type { InquiryForm } from '@manabi/shared/schemas/inquiry';
import { call } from '../../../lib/api';

/** POST /api/mypage/inquiry/ (SPEC §3 Inquiry): the form's values as they are, agreement included. */
export const sendInquiry = (body: InquiryForm) => call(endpoints.publicForms.inquiry, body);
