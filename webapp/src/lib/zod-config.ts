// zod compiles a faster parser with `new Function` where it may, and first tries `new Function('')`
// to find out. The site's Content-Security-Policy has no 'unsafe-eval', so that probe was refused
// and reported as a CSP violation in the console of every page (Lighthouse counts it against best
// practices). jitless: zod uses its ordinary parser and never probes.
//
// zod keeps its settings in one object on globalThis (shared by every copy of zod on a page) and
// adopts one that is already there. Setting it here, not with zod's config(), keeps zod out of the
// home page's first download (config() alone pulled 3.8 kB of zod's core into the entry chunk).
// main.tsx imports this first, before any schema is built; zod-config.test.ts checks zod sees it.

interface ZodGlobalConfig {
  jitless?: boolean;
}

const holder = globalThis as { __zod_globalConfig?: ZodGlobalConfig };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
