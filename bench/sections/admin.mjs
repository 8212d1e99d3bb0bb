// The admin reads of issue 16, each called n times one after another (after two calls not counted):
// p50 / p95 and the answer's size.
import { sequential } from '../lib/load.mjs';

export function adminReads(fixtures) {
  const list = (q) => `/api/admin/student/list/?${new URLSearchParams(q)}`;
  return [
    { key: 'name', label: 'student list: name contains 佐藤', path: list({ name: '佐藤' }) },
    {
      key: 'sort',
      label: 'student list sorted by name, page 500',
      path: list({ sort: 'name', page: '500' }),
    },
    { key: 'kana', label: 'student list: kana contains サトウ', path: list({ name_kana: 'サトウ' }) },
    {
      key: 'duplicate',
      label: 'duplicate screen, a student of the biggest town',
      path: `/api/admin/student/duplicate/?user_id=${fixtures.dupTargetId}`,
    },
    {
      key: 'applicants',
      label: `applicant list of the biggest course (id ${fixtures.bigCourseId})`,
      path: `/api/admin/courseapplicantlist/?id=${fixtures.bigCourseId}`,
    },
    {
      key: 'applicantPage',
      label: 'applicant list of the biggest course: page 10, 100 a page, by kana (decision 020)',
      path: `/api/admin/courseapplicantlist/?id=${fixtures.bigCourseId}&page=10&size=100&sort=name_kana`,
    },
  ];
}

export async function runAdminReads({ app, fixtures, adminCookie, n }) {
  const reads = adminReads(fixtures);
  const result = await sequential({
    port: app.port,
    n,
    requests: reads.map((r) => ({ name: r.key, path: r.path, headers: { cookie: adminCookie } })),
  });
  return reads.map((r) => ({ ...r, ...result[r.key] }));
}
