import type { AdmissionResult } from '@manabi/shared/api';
import type { AdmissionForm } from '@manabi/shared/schemas/admission';
import { apiPost } from '../../../lib/api';

/** POST /api/mypage/admission/ (SPEC §3 Admission): the form's values as they are, agreement included. */
export const sendAdmission = (body: AdmissionForm) =>
  apiPost<AdmissionResult>('/api/mypage/admission/', body);
