import { z } from 'zod';

/**
 * In a browser, zod must not probe for `new Function` (its JIT): under Archway's CSP (script-src without
 * 'unsafe-eval') the probe is refused and reported as a `securitypolicyviolation`. zod decides when each
 * z.object() is built, so this module is imported before any schema (first in index.ts). The server keeps the JIT.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });
