import type { FastifyInstance } from 'fastify';
import { addressChangeRoutes } from './address-changes/address-changes.routes';
import { adminUserRoutes } from './admins/admins.routes'; // admin users
import { applicantRoutes } from './applicants/applicants.routes';
import { auditRoutes } from './audit/audit.routes'; // the audit log, readable
import { authRoutes } from './auth/auth.routes';
import { categoryRoutes } from './categories/categories.routes';
import { certificateRoutes } from './certificates/certificates.routes'; // class days
import { checkinRoutes } from './checkin/checkin.routes'; // class days
import { commonRoutes } from './common/common.routes';
import { contactRoutes } from './contact/contact.routes'; // reaching every student
import { courseFeeRoutes } from './course-fees/course-fees.routes'; // a course's fee rule
import { courseUploadRoutes } from './course-uploads/course-uploads.routes'; // CSV uploads
import { courseRoutes } from './courses/courses.routes';
import { intakeRoutes } from './intake/intake.routes'; // the intake cycle
import { lifecycleRoutes } from './lifecycle/lifecycle.routes'; // withdrawal, retention
import { mypageCalendarRoutes } from './mypage-calendar/mypage-calendar.routes'; // class days
import { mypageCourseRoutes } from './mypage-courses/mypage-courses.routes'; // courses
import { mypageNewsRoutes } from './mypage-news/mypage-news.routes';
import { mypageUserRoutes } from './mypage-user/mypage-user.routes'; // user
import { noticeRoutes } from './notices/notices.routes'; // notices
import { passwordResetRoutes } from './password-reset/password-reset.routes'; // password reset
import { paymentRoutes } from './payments/payments.routes'; // payments, bank file, receipts, books
import { publicFormRoutes } from './public-forms/public-forms.routes'; // admission, inquiry
import { statisticsRoutes } from './statistics/statistics.routes'; // the programme in numbers
import { studentDetailRoutes } from './students/students-detail.routes'; // detail, applied courses
import { studentDisclosureRoutes } from './students/students-disclosure.routes'; // everything held about one student
import { studentFormRoutes } from './students/students-form.routes'; // form, approval
import { studentListRoutes } from './students/students-list.routes'; // list, upload, duplicates
import { studentMatchRoutes } from './students/students-match.routes'; // likely duplicates, scored
import { studentMergeRoutes } from './students/students-merge.routes'; // merge and its undo
import { worklistRoutes } from './worklist/worklist.routes'; // the office's work list

/** Every API module, mounted under /api. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(commonRoutes);
  await app.register(categoryRoutes);
  await app.register(mypageNewsRoutes);
  await app.register(courseRoutes);
  await app.register(applicantRoutes);
  await app.register(courseUploadRoutes); // CSV uploads
  await app.register(studentDetailRoutes); // detail, applied courses
  await app.register(studentListRoutes); // list, upload, duplicates
  await app.register(studentMatchRoutes); // likely duplicates, scored
  await app.register(studentMergeRoutes); // merge and its undo
  await app.register(studentDisclosureRoutes); // everything held about one student
  await app.register(studentFormRoutes); // form, approval
  await app.register(adminUserRoutes); // admin users
  await app.register(noticeRoutes); // notices
  await app.register(publicFormRoutes); // admission, inquiry
  await app.register(passwordResetRoutes); // password reset
  await app.register(mypageUserRoutes); // user
  await app.register(mypageCourseRoutes); // courses
  await app.register(intakeRoutes); // the intake cycle
  await app.register(courseFeeRoutes); // a course's fee rule
  await app.register(checkinRoutes); // class days
  await app.register(mypageCalendarRoutes); // class days
  await app.register(certificateRoutes); // class days
  await app.register(addressChangeRoutes);
  await app.register(worklistRoutes); // the office's work list
  await app.register(statisticsRoutes); // the programme in numbers
  await app.register(contactRoutes); // reaching every student
  await app.register(auditRoutes); // the audit log, readable
  await app.register(lifecycleRoutes); // withdrawal, retention
  await app.register(paymentRoutes); // payments, bank file, receipts, books
}
