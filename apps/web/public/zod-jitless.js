// Zod compiles object parsers with `new Function` unless told not to, and probes for that with an
// `eval` when a schema is built. The app's Content-Security-Policy refuses eval (`script-src 'self'`,
// docs/security.md "Browser hardening"), so the browser would report a violation: the app runs Zod
// without compiling (it parses little). A classic script in index.html, so it runs before the app's
// module scripts and any schema they build; it sets the global configuration object Zod reads
// (`globalThis.__zod_globalConfig`, Zod 4). e2e/src/security-headers.test.ts fails if this stops working.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
