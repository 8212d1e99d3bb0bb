// The office's heavy operations, each as the admin screens call it: the student CSV upload (10 000 rows),
// the applicant CSV upload, an export, and a lottery. Each answers { label, rows, detail } and throws when
// the app refuses it. They change the data; with --reuse each looks for a target still fit for it.
import { GIVEN_NAMES, TOWNS } from '../dataset/names.mjs';
import { api } from '../lib/api.mjs';

const dataUrl = (csv) => `data:text/csv;base64,${Buffer.from(csv).toString('base64')}`;
const CSV_SURNAMES = ['佐藤', '鈴木', '高橋', '田中', '伊藤', '渡辺', '山本', '中村', '小林', '加藤'];

/** 10 000 new students of one generation (login ids YYMM0000–YYMM9999), as the office's CSV has them. */
export function studentCsv(generation, rows = 10_000) {
  const header = '学生番号,期生ID,氏名,氏名カナ,町名,番地,生年月日,電話番号1,申込日';
  const lines = [header];
  for (let i = 0; i < rows; i++) {
    const [given, kana] = GIVEN_NAMES[i % GIVEN_NAMES.length];
    const day = new Date(Date.UTC(1940, 0, 1) + ((i * 7919) % 9000) * 86_400_000).toISOString().slice(0, 10);
    lines.push(
      [
        `${generation}${String(i).padStart(4, '0')}`,
        generation,
        `${CSV_SURNAMES[i % CSV_SURNAMES.length]} ${given}`,
        `ベンチ ${kana}`,
        TOWNS[i % TOWNS.length][0],
        `${1 + (i % 30)}-${1 + (i % 9)}`,
        day,
        '03-1234-5678',
        '2027-03-01',
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** A generation none of whose login ids exist yet (a reused dataset already has the last run's). */
async function freeGeneration(call, adminCookie) {
  for (let year = 27; year < 99; year++) {
    for (const month of ['04', '10']) {
      const g = `${year}${month}`;
      const r = await call.get(`/api/admin/student/loginid/exist/?login_id=${g}0000`, adminCookie);
      if (!r.is_exist) return g;
    }
  }
  throw new Error('no free generation for the upload');
}

/**
 * The student upload of 10,000 new rows, and first its preview (decision 070) of the same file: what the
 * screen does, 「内容を確認する」 then 「この内容で登録する」 with the preview's hash. The preview writes nothing,
 * so the upload after it still registers every row.
 */
export async function prepareStudentUpload(base, adminCookie) {
  const call = api(base);
  const generation = await freeGeneration(call, adminCookie);
  const body = { student: dataUrl(studentCsv(generation)), student_type: '1' };
  const preview = {
    label: 'student CSV preview, 10,000 rows',
    run: async () => {
      const r = await call.call('/api/admin/student/upload/preview/', {
        method: 'POST',
        cookie: adminCookie,
        body,
      });
      if (r.json?.counts?.new !== 10_000)
        throw new Error(`student preview: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
      body.preview_hash = r.json.preview_hash;
      return { rows: 10_000, detail: `new ${r.json.counts.new}` };
    },
  };
  return {
    preview,
    label: 'student CSV upload, 10,000 rows',
    run: async () => {
      const r = await call.call('/api/admin/student/upload/', { method: 'POST', cookie: adminCookie, body });
      if (r.json?.result !== true)
        throw new Error(`student upload refused: ${JSON.stringify(r.json).slice(0, 300)}`);
      return { rows: 10_000, detail: String(r.json.msg ?? '').slice(0, 40) };
    },
  };
}

/** The largest file an upload may be (shared CSV_MAX_BYTES, SPEC §9). */
const CSV_MAX_BYTES = 20 * 1024 * 1024;

/**
 * A student CSV just under the 20 MB limit whose header names none of the columns: the app reads all of it
 * — the ~28 MB JSON body, the data URL decoded, the text parsed — and then refuses it (422, no header),
 * writing nothing, so it can run on any dataset as often as wanted. The body's reading is what it shows.
 */
export function prepareLargestUpload(base, adminCookie) {
  const call = api(base);
  const row = 'ベンチ太郎,ベンチタロウ,1-2-3,03-1234-5678,2027-03-01\r\n';
  const header = 'a,b,c,d,e\r\n';
  const rows = Math.floor((CSV_MAX_BYTES - Buffer.byteLength(header)) / Buffer.byteLength(row));
  const csv = header + row.repeat(rows);
  const body = { student: dataUrl(csv), student_type: '1' };
  return {
    label: `student CSV upload of ${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(1)} MiB (read whole, refused: no header)`,
    run: async () => {
      const r = await call.call('/api/admin/student/upload/', {
        method: 'POST',
        cookie: adminCookie,
        body,
        ok: false,
      });
      if (r.status !== 422 || r.json?.result !== false)
        throw new Error(`largest upload: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
      return { rows, detail: String(r.json.msg ?? '').slice(0, 40) };
    },
  };
}

const applicantsOf = async (call, cookie, courseId, query = '') => {
  const r = await call.get(`/api/admin/courseapplicantlist/?id=${courseId}${query}`, cookie);
  return r.total ?? r.data_list.length;
};

/** Applications of up to 5 000 students to a course nobody applied to yet (the office's CSV). */
export async function prepareApplicantUpload(base, adminCookie, fixtures) {
  const call = api(base);
  let course = null;
  for (const c of fixtures.beforeCourses) {
    if ((await applicantsOf(call, adminCookie, c.id)) === 0) {
      course = c;
      break;
    }
  }
  if (!course) return null;
  const rows = fixtures.uploadLoginIds.length;
  const lines = [
    '講座ID,学生番号,申込方法,備考',
    ...fixtures.uploadLoginIds.map((id) => `${course.code},${id},窓口,一括`),
  ];
  const body = { course_applicant: dataUrl(`${lines.join('\r\n')}\r\n`) };
  return {
    label: `applicant CSV upload, ${rows.toLocaleString('en')} rows`,
    run: async () => {
      const r = await call.call('/api/admin/course/courseapplicantupload', {
        method: 'POST',
        cookie: adminCookie,
        body,
      });
      if (r.json?.result !== true)
        throw new Error(`applicant upload refused: ${JSON.stringify(r.json).slice(0, 300)}`);
      return { rows: r.json.count ?? rows, detail: String(r.json.msg ?? '').slice(0, 40) };
    },
  };
}

/** The lottery of the biggest course still undrawn (the biggest one, unless a reused dataset drew it). */
export async function prepareLottery(base, adminCookie, fixtures) {
  const call = api(base);
  const candidates = [
    fixtures.bigCourseId,
    ...fixtures.pairCourseIds.filter((id) => id !== fixtures.bigCourseId),
  ];
  let best = null;
  for (const id of candidates) {
    const pending = await applicantsOf(call, adminCookie, id, '&lottery_status_1=1');
    if (pending > (best?.pending ?? 0)) best = { id, pending };
    if (id === fixtures.bigCourseId && pending > 0) break;
  }
  if (!best) return null;
  const winNum = best.id === fixtures.bigCourseId ? fixtures.bigCourseCapacity : 30;
  return {
    label: `lottery of ${best.pending.toLocaleString('en')} applicants`,
    run: async () => {
      const r = await call.call('/api/admin/courseapplicantlist/lottery/', {
        method: 'POST',
        cookie: adminCookie,
        // the bench's courses are still taking applications: authority 1 states why it draws early
        body: { id: String(best.id), win_num: String(winNum), override_reason: 'ベンチマークの測定' },
      });
      return { rows: best.pending, detail: `won ${r.json.win_count}` };
    },
  };
}

/**
 * The whole applicant list of the biggest course (SPEC §7's call without page or size), ten calls in a row:
 * not an upload, but the longest answer an admin screen or client can ask for at once.
 */
export function wholeApplicantList(base, adminCookie, fixtures) {
  const call = api(base);
  const path = `/api/admin/courseapplicantlist/?id=${fixtures.bigCourseId}`;
  return {
    label: 'whole applicant list of the biggest course, 10 calls in a row',
    run: async () => {
      let rows = 0;
      for (let i = 0; i < 10; i++) rows = (await call.get(path, adminCookie)).data_list.length;
      return { rows };
    },
  };
}

/**
 * The roster's likely duplicates scanned at once (decision 069): 「今すぐ確認し直す」, then the list read
 * every 200 ms until the scan is done. The time is the scan's; the stall probe and the app's own loop delay
 * say whether the app kept answering meanwhile.
 */
export function duplicateScan(base, adminCookie) {
  const call = api(base);
  return {
    label: 'duplicate scan of the whole roster (今すぐ確認し直す)',
    run: async () => {
      await call.call('/api/admin/student/duplicate/scan/', {
        method: 'POST',
        cookie: adminCookie,
        body: {},
      });
      for (;;) {
        await new Promise((r) => setTimeout(r, 200));
        const page = await call.get('/api/admin/student/duplicate/pairs/?size=10', adminCookie);
        if (!page.scan.pending) return { rows: page.scan.compared, detail: `${page.total} pairs` };
      }
    },
  };
}
