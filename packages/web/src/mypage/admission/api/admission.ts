import { endpoints } from '@manabi/shared/routes/endpoints';
import type { AdmissionForm } from '@manabi/shared/schemas/admission';
import { call } from '../../../lib/api';

/** POST /api/mypage/admission/ (SPEC §3 Admission): the form's values as they are, agreement included. */
export const sendAdmission = (body: AdmissionForm) => call(endpoints.publicForms.admission, body);
