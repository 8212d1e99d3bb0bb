// The CSP allows no eval (script-src 'self'). Zod probes `new Function` once to decide whether it may
// compile its object parsers; the probe is caught, but Chromium still reports the blocked eval as a CSP
// issue (Lighthouse best practices, `inspector-issues`). Jitless parsing never probes. The probe runs
// when the first z.object() is built, so this module must be evaluated before any schema module:
// main.tsx imports it first.
// Zod keeps its global configuration on `globalThis.__zod_globalConfig` (one object for every copy of
// zod), so the flag is set there rather than through `z.config()`: the entry chunk then carries no zod at
// all, only the pages with a form load it. zod-config.test.ts proves zod reads the flag.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
