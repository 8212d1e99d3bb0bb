import type { FastifyInstance } from 'fastify';
import { addressChangeRoutes } from './address-changes/address-changes.routes';
import { adminUserRoutes } from './admins/admins.routes'; // issue 5: admin users
import { applicantRoutes } from './applicants/applicants.routes';
import { authRoutes } from './auth/auth.routes';
import { categoryRoutes } from './categories/categories.routes';
import { certificateRoutes } from './certificates/certificates.routes'; // issue 17: class days
import { checkinRoutes } from './checkin/checkin.routes'; // issue 17: class days
import { commonRoutes } from './common/common.routes';
import { courseUploadRoutes } from './course-uploads/course-uploads.routes'; // issue 3: CSV uploads
import { courseRoutes } from './courses/courses.routes';
import { intakeRoutes } from './intake/intake.routes'; // issue 14: the intake cycle
import { mypageCalendarRoutes } from './mypage-calendar/mypage-calendar.routes'; // issue 17: class days
import { mypageCourseRoutes } from './mypage-courses/mypage-courses.routes'; // issue 7: courses
import { mypageNewsRoutes } from './mypage-news/mypage-news.routes';
import { mypageUserRoutes } from './mypage-user/mypage-user.routes'; // issue 7: user
import { noticeRoutes } from './notices/notices.routes'; // issue 5: notices
import { passwordResetRoutes } from './password-reset/password-reset.routes'; // issue 6: password reset
import { publicFormRoutes } from './public-forms/public-forms.routes'; // issue 6: admission, inquiry
import { studentDetailRoutes } from './students/students-detail.routes'; // issue 4: detail, applied courses
import { studentFormRoutes } from './students/students-form.routes'; // issue 4: form, approval
import { studentListRoutes } from './students/students-list.routes'; // issue 4: list, upload, duplicates

/** Every API module, mounted under /api. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(commonRoutes);
  await app.register(categoryRoutes);
  await app.register(mypageNewsRoutes);
  await app.register(courseRoutes);
  await app.register(applicantRoutes);
  await app.register(courseUploadRoutes); // issue 3: CSV uploads
  await app.register(studentDetailRoutes); // issue 4: detail, applied courses
  await app.register(studentListRoutes); // issue 4: list, upload, duplicates
  await app.register(studentFormRoutes); // issue 4: form, approval
  await app.register(adminUserRoutes); // issue 5: admin users
  await app.register(noticeRoutes); // issue 5: notices
  await app.register(publicFormRoutes); // issue 6: admission, inquiry
  await app.register(passwordResetRoutes); // issue 6: password reset
  await app.register(mypageUserRoutes); // issue 7: user
  await app.register(mypageCourseRoutes); // issue 7: courses
  await app.register(intakeRoutes); // issue 14: the intake cycle
  await app.register(checkinRoutes); // issue 17: class days
  await app.register(mypageCalendarRoutes); // issue 17: class days
  await app.register(certificateRoutes); // issue 17: class days
  await app.register(addressChangeRoutes);
}
