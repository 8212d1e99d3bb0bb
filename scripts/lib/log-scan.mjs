// What scripts/log-scan.mjs looks for in the journeys' server logs, and how it reads a line: the demo students'
// personal data as the seed writes it (packages/server/src/db/seed/demo.ts), found however a line spells it.

/**
 * The names and readings ("姓 名", a half- or full-width space), phones (with and without hyphens), mail
 * addresses and towns the seed gives its students.
 */
export function demoValues(seed) {
  const found = new Set();
  const add = (v) => {
    const s = v.trim();
    if (s.length >= 2) found.add(s);
  };
  for (const m of seed.matchAll(
    /'([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+[ 　][\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+)'/gu,
  )) {
    add(m[1]);
  }
  for (const m of seed.matchAll(/(?:phone1|phone2|emergencyPhone):\s*'([0-9-]{10,13})'/g)) {
    add(m[1]);
    add(m[1].replace(/-/g, ''));
  }
  for (const m of seed.matchAll(/'([a-z0-9.+_-]+@example\.jp)'/g)) add(m[1]);
  for (const m of seed.matchAll(/streetName1:\s*'([^']+)'/g)) add(m[1]);
  return found;
}

/** Each run of percent-escapes decoded as UTF-8; a run that is not UTF-8 is left as it is. */
const decodeEscapes = (s) =>
  s.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });

/**
 * A log line as a person would read what it carries: percent-escapes decoded, and in a query (after a `?`, up
 * to a quote or a space) `+` read as the space a form encodes it as — 「山田+花子」 and
 * 「%E5%B1%B1%E7%94%B0%20%E8%8A%B1%E5%AD%90」 are 「山田 花子」. A line is also looked at as written, so a value
 * with a `+` of its own (a mail address) is found either way.
 */
export function decodedLine(line) {
  const spaced = line.replace(/\?[^\s"'`<>]*/g, (query) => query.replaceAll('+', ' '));
  return decodeEscapes(spaced);
}

/** The values a line holds, as written or decoded. */
export function valuesIn(line, values) {
  const decoded = decodedLine(line);
  return [...values].filter((v) => line.includes(v) || decoded.includes(v));
}
