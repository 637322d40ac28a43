import { z } from 'zod';

/**
 * The one zod import for shared schemas. Zod compiles object parsers with `new Function`
 * when it can, and probes for that the moment a schema is built; in the browser our CSP
 * (no 'unsafe-eval') blocks the probe and logs a violation. Jitless mode skips both; the
 * interpreted parsers are plenty fast for form-sized input.
 */
z.config({ jitless: true });

export { z };
