// The admin reads, each called n times one after another (after two calls not counted): p50 / p95 and the
// answer's size. A read's p95 bar is 30 ms unless it names its own (`bar`).
import { sequential } from '../lib/load.mjs';

/** The fiscal year (April–March, Tokyo) of the moment the dataset was built: its "now". */
function fiscalYearOf(iso) {
  const tokyo = new Date(Date.parse(iso) + 9 * 3_600_000);
  return tokyo.getUTCFullYear() - (tokyo.getUTCMonth() < 3 ? 1 : 0);
}

export function adminReads(fixtures) {
  const fy = fiscalYearOf(fixtures.builtAt);
  const stats = (read, q = '') => `/api/admin/statistics/${read}/?fy=${fy}${q}`;
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
    // the programme in numbers (decision 059): counted at request time over the fiscal year's courses; the
    // bench has no authority-2 session, so the scoped read is measured by the tests' plans only
    { key: 'statsSummary', label: `statistics summary, FY${fy}`, path: stats('summary'), bar: 300 },
    {
      key: 'statsGroups',
      label: `statistics per course, FY${fy}`,
      path: stats('groups', '&group=course'),
      bar: 300,
    },
    {
      key: 'statsSessions',
      label: `statistics per session number, FY${fy}`,
      path: stats('sessions'),
      bar: 300,
    },
    {
      key: 'statsStudents',
      label: `statistics: who the students are, FY${fy}`,
      path: stats('students'),
      bar: 300,
    },
    {
      key: 'statsTrends',
      label: `statistics: months and five years, FY${fy}`,
      path: stats('trends'),
      bar: 300,
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
