// The student mix of issue 16, by share of requests: 40 % course search of the accepting courses (half by
// keyword, half by implementing body), 20 % course detail, 15 % the applied and attended lists, 15 % the
// top page and the news list, 10 % apply/cancel pairs. A pair is what a student's browser does: apply
// (POST /api/mypage/courseapplication/), open the cancel view (GET /api/mypage/coursecancel/?id=, which
// gives the application's updated_at) and cancel (POST /api/mypage/coursecancel/cancel/): three requests.
// Paths and fields exactly as SPEC §7 writes them. Each task is one logged-in student's, picked at random.
import { requestBytes } from '../lib/http.mjs';

/** Share of requests, in %. */
const SHARES = {
  'search keyword': 20,
  'search organ': 20,
  detail: 20,
  applied: 7.5,
  attended: 7.5,
  top: 7.5,
  news: 7.5,
  pair: 10,
};
const PAIR_REQUESTS = 3;
/** MYPAGE_COURSE_MSG.alreadyApplied (packages/shared/src/schemas/mypage-course.ts): the bench is plain JS */
const ALREADY_APPLIED = 'この講座にはすでに申し込んでいます';

export function createScenario({
  host,
  cookies,
  openCourseIds,
  pairCourseIds,
  keywords,
  organs,
  kinds: only,
}) {
  const { kinds, total } = taskWeights(only);
  const rand = seededRandom(12345);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const requests = studentRequests(host, cookies);
  const readTask = readTasks({ rand, pick, get: requests.get, keywords, organs, openCourseIds });

  const inPair = new Set();
  let pairCourse = 0;
  const stats = { pairsStarted: 0, pairsSkipped: 0 };

  return {
    nextTask() {
      let u = rand() * total;
      let kind = kinds[kinds.length - 1][0];
      for (const [k, w] of kinds) {
        if (u < w) {
          kind = k;
          break;
        }
        u -= w;
      }
      const student = Math.floor(rand() * cookies.length);
      if (kind !== 'pair') return readTask(kind, student);
      if (inPair.has(student) || pairCourseIds.length === 0) {
        stats.pairsSkipped++;
        return readTask('detail', student);
      }
      stats.pairsStarted++;
      return pairTask(requests, inPair, student, pairCourseIds[pairCourse++ % pairCourseIds.length]);
    },
    stats: () => stats,
  };
}

/** The kinds of task drawn from (all, or `only`), each with its weight as a task, and their sum. */
function taskWeights(only) {
  for (const k of only ?? []) if (!(k in SHARES)) throw new Error(`--mix-kinds: unknown kind ${k}`);
  // a pair is one task of three requests: its weight as a task is a third of its share of requests
  const kinds = Object.entries(SHARES)
    .filter(([k]) => !only || only.includes(k))
    .map(([k, share]) => [k, k === 'pair' ? share / PAIR_REQUESTS : share]);
  const total = kinds.reduce((s, [, w]) => s + w, 0);
  return { kinds, total };
}

/** A linear congruential generator: the same tasks in the same order on every run. */
function seededRandom(seed) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x80000000;
  };
}

/** A student's requests as bytes: a GET built once per student and path, a POST each time. */
function studentRequests(host, cookies) {
  const origin = `http://${host}`;
  const cache = new Map();
  const get = (student, path) => {
    const key = `${student}|${path}`;
    let bytes = cache.get(key);
    if (!bytes) {
      bytes = requestBytes({ path, host, headers: { cookie: cookies[student] } });
      cache.set(key, bytes);
    }
    return bytes;
  };
  const post = (student, path, body) =>
    requestBytes({ method: 'POST', path, host, headers: { cookie: cookies[student], origin }, body });
  return { get, post };
}

/** The read tasks: a kind and a student to one GET (searches and lists a fifth of the time on page 2). */
function readTasks({ rand, pick, get, keywords, organs, openCourseIds }) {
  let newsType = 0;
  const read = (name, student, path) => (send) => send(name, get(student, path));
  return (kind, student) => {
    const page = rand() < 0.2 ? '&page=2' : '';
    switch (kind) {
      case 'search keyword':
        return read(
          kind,
          student,
          `/api/mypage/acceptingcourselist/?keyword=${encodeURIComponent(pick(keywords))}${page}`,
        );
      case 'search organ':
        return read(
          kind,
          student,
          `/api/mypage/acceptingcourselist/?organ=${encodeURIComponent(pick(organs))}${page}`,
        );
      case 'detail':
        return read(kind, student, `/api/mypage/course/?id=${pick(openCourseIds)}`);
      case 'applied':
        return read(kind, student, '/api/mypage/appliedcourselist/');
      case 'attended':
        return read(kind, student, '/api/mypage/attendedcourselist/');
      case 'top':
        return read(kind, student, '/api/mypage/top/');
      default:
        return read('news', student, `/api/mypage/newslist/?type=${1 + (newsType++ % 2)}`);
    }
  };
}

/** An apply/cancel pair of one student: apply, the cancel view (its updated_at), cancel. */
const pairTask =
  ({ get, post }, inPair, student, courseId) =>
  async (send) => {
    inPair.add(student);
    try {
      // a refused apply (say a seat rule) is recorded; the cancel still runs so the student is left clean.
      // "Already applied" is the harness's own leftover: a pair cut off by the end of an earlier run or step
      // (between its apply and its cancel) left the application live. It is counted apart, not as an error.
      await send(
        'apply',
        post(student, '/api/mypage/courseapplication/', {
          course_id: String(courseId),
          is_dont_canncel: '1',
        }),
        true,
        (res) => (res.status === 422 && res.body.toString().includes(ALREADY_APPLIED) ? 'left over' : null),
      ).catch(() => {});
      const view = await send('cancel view', get(student, `/api/mypage/coursecancel/?id=${courseId}`), true);
      const { updated_at } = JSON.parse(view.body.toString());
      await send(
        'cancel',
        post(student, '/api/mypage/coursecancel/cancel/', { course_id: String(courseId), updated_at }),
      );
    } finally {
      inPair.delete(student);
    }
  };
