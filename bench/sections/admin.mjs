// The admin reads, each called n times one after another (after two calls not counted): p50 / p95 and the
// answer's size. A read's p95 bar is 30 ms unless it names its own (`bar`).
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
    // every card's number counted at request time, over all courses and applications (decision 057)
    {
      key: 'worklist',
      label: 'work list, the back-office top (authority 1)',
      path: '/api/admin/worklist/',
      bar: 100,
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
