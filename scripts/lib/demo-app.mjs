// The built app on a fresh embedded database with the demo data, as the scripts that look at the my-page in
// a browser (screenshots, Lighthouse) and the bench's front-end figures start it, wait for it and log in to
// it, and the Chromium they look with.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const SERVER = join(root, 'packages/server/dist/main.js');

/** The demo data's first student (db/seed/demo.ts). */
export const DEMO_STUDENT = { login_id: '24040001', password: 'student01' };

/**
 * Chromium on a closed network: no background fetches, no sync, no first-run UI (as the Playwright config).
 * The caller adds its headless flag.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Starts the built app on `port` over the embedded database in `dataDir`, seeded with the demo data. */
export function startDemoApp({ port, dataDir, env = process.env }) {
  return spawn(process.execPath, [SERVER], {
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** Resolves once `base` answers /api/health; fails when the app exits first or is not up within `seconds`. */
export async function waitForHealth(base, server, seconds = 120) {
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    if (server.exitCode !== null) throw new Error(`the app exited (${server.exitCode}) before it was up`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app did not answer /api/health within ${seconds} s`);
}

/** Logs `student` in to the my-page: its session cookie as `name=value`. */
export async function studentCookie(base, student = DEMO_STUDENT) {
  const res = await fetch(`${base}/api/auth/mypage/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(student),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!res.ok || !cookie) throw new Error(`student login failed: ${res.status}`);
  return cookie;
}
