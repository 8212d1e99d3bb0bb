// Setting-up calls to the app (logins, look-ups): fetch, sequential or a few at a time. Not for load.

export function api(base) {
  const call = async (path, { cookie, method = 'GET', body, ok = true } = {}) => {
    let res;
    let text;
    // a setting-up call refused as busy (503 BUSY) is sent again after its Retry-After, as a polite
    // client does; a few times, then it fails
    for (let attempt = 1; ; attempt++) {
      res = await fetch(base + path, {
        method,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json', origin: base } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      text = await res.text();
      const retryAfter = Number(res.headers.get('retry-after'));
      if (res.status !== 503 || !retryAfter || attempt === 5) break;
      await new Promise((r) => setTimeout(r, retryAfter * 1000));
    }
    if (ok && !res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return { status: res.status, json: text ? safeJson(text) : null, headers: res.headers };
  };
  return { call, get: (path, cookie) => call(path, { cookie }).then((r) => r.json) };
}

const safeJson = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Logs in (POST /api/auth/{area}/login/) and answers the session cookie as `name=value`. */
export async function login(base, area, loginId, password) {
  const { headers } = await api(base).call(`/api/auth/${area}/login/`, {
    method: 'POST',
    body: { login_id: loginId, password },
  });
  const name = area === 'admin' ? 'manabi_admin' : 'manabi_mypage';
  const cookie = headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!cookie) throw new Error(`no ${name} cookie from the ${area} login`);
  return cookie.split(';')[0];
}

/** Runs fn over items, `width` at a time. */
export async function inTurns(items, width, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}
