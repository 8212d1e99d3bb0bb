import { config } from 'zod';

// The CSP allows no eval (script-src 'self'). Zod probes `new Function` once to decide whether it may
// compile its object parsers; the probe is caught, but Chromium still reports the blocked eval as a CSP
// issue (Lighthouse best practices, `inspector-issues`). Jitless parsing never probes. The probe runs
// when the first z.object() is built, so this module must be evaluated before any schema module:
// main.tsx imports it first.
config({ jitless: true });
