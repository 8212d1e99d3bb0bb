// CSV downloads streamed by the server. The paths are not in SPEC §7: the first candidate
// that answers is used; none answering (404) means the server has none yet, and the figure is skipped.
import http from 'node:http';
import { api } from '../lib/api.mjs';
import { rssWatch } from '../lib/app.mjs';

const CANDIDATES = {
  students: ['/api/admin/student/list/csv/', '/api/admin/student/csv/', '/api/admin/student/download/'],
  applicants: (id) => [
    `/api/admin/courseapplicantlist/csv/?id=${id}`,
    `/api/admin/courseapplicantlist/download/?id=${id}`,
  ],
};

/** GET path, reading the answer as a stream: bytes, lines, BOM, time, headers. */
export function download(base, path, cookie, { headOnly = false } = {}) {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const req = http.get(`${base}${path}`, { headers: { cookie, 'accept-encoding': 'identity' } }, (res) => {
      if (headOnly || res.statusCode !== 200) {
        res.destroy();
        resolve({ status: res.statusCode, contentType: res.headers['content-type'] ?? '' });
        return;
      }
      let bytes = 0;
      let lines = 0;
      let head = null;
      res.on('data', (chunk) => {
        if (!head) head = chunk.subarray(0, 3);
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
      });
      res.on('end', () =>
        resolve({
          status: 200,
          ms: performance.now() - t,
          bytes,
          lines,
          bom: head?.[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf,
          contentType: res.headers['content-type'] ?? '',
          disposition: res.headers['content-disposition'] ?? '',
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** The first candidate path the server answers (2xx), or null. */
export async function findDownload(base, cookie, paths) {
  for (const path of paths) {
    const r = await download(base, path, cookie, { headOnly: true }).catch(() => ({ status: 0 }));
    if (r.status >= 200 && r.status < 300) return path;
  }
  return null;
}

export const studentDownloadPath = (base, cookie) => findDownload(base, cookie, CANDIDATES.students);

/** Each streamed download the server offers: time, rows, RSS growth of the app. */
export async function runDownloads({ app, fixtures, adminCookie }) {
  const out = [];
  const kinds = [
    ['students', 'student list CSV', CANDIDATES.students],
    [
      'applicants',
      `applicant list CSV (course ${fixtures.bigCourseId})`,
      CANDIDATES.applicants(fixtures.bigCourseId),
    ],
  ];
  for (const [key, label, paths] of kinds) {
    const path = await findDownload(app.base, adminCookie, paths);
    if (!path) {
      out.push({ key, label, skipped: `no streamed CSV endpoint (tried ${paths.join(', ')}: 404)` });
      continue;
    }
    const stop = rssWatch(app, 10);
    const r = await download(app.base, path, adminCookie);
    out.push({ key, label, path, ...r, rows: Math.max(0, r.lines - 1), rss: stop() });
  }
  return out;
}

/** Today's export as the browser builds it: the list read 100 rows a page, 100 pages. */
export function browserExport(base, adminCookie) {
  const call = api(base);
  return {
    label: 'export as the browser builds it (100 list pages of 100)',
    run: async () => {
      let rows = 0;
      for (let page = 1; page <= 100; page++) {
        const r = await call.get(`/api/admin/student/list/?size=100&page=${page}`, adminCookie);
        rows += r.data_list.length;
      }
      return { rows, detail: '' };
    },
  };
}

/** The streamed student CSV as an operation of the stall section. */
export function streamedExport(base, adminCookie, path) {
  return {
    label: `streamed student CSV export (${path})`,
    run: async () => {
      const r = await download(base, path, adminCookie);
      return { rows: Math.max(0, r.lines - 1), detail: `${(r.bytes / 1048576).toFixed(1)} MiB` };
    },
  };
}
