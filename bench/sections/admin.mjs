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
  const audit = (q) => `/api/admin/audit/list/?${new URLSearchParams(q)}`;
  // a month of the log, two months back from the dataset's "now" (Tokyo days)
  const day = (daysBack) =>
    new Date(Date.parse(fixtures.builtAt) + 9 * 3_600_000 - daysBack * 86_400_000).toISOString().slice(0, 10);
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
    // a student's likely duplicates, scored live through the GIN index of the match keys (decision 069)
    {
      key: 'candidates',
      label: 'likely duplicates of one student (a common name)',
      path: `/api/admin/student/duplicate/candidates/?user_id=${fixtures.dupTargetId}`,
      bar: 100,
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
    // the audit log readable (decision 067): 1,000,000 entries at scale 1; the count stops at 10,001
    { key: 'auditNewest', label: 'audit log: the newest page', path: audit({}), bar: 100 },
    { key: 'auditStudent', label: 'audit log: one student', path: audit({ user_id: '1' }), bar: 100 },
    {
      key: 'auditCourse',
      label: 'audit log: the biggest course',
      path: audit({ course_id: String(fixtures.bigCourseId) }),
      bar: 100,
    },
    {
      key: 'auditAct',
      label: 'audit log: check-ins, page 100 of 50',
      path: audit({ action: 'check_in', page: '100', size: '50' }),
      bar: 100,
    },
    {
      key: 'auditMonth',
      label: 'audit log: a month, two months back',
      path: audit({ date_from: day(60), date_to: day(30) }),
      bar: 100,
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
