/**
 * `npm start` / `node dist/server/main.js`. The Node version is checked before anything else
 * loads: a static import would evaluate every dependency first (ES modules do), and one of
 * them failing on an old Node would hide the clear message behind a stack trace. So the
 * server is imported only once the check has passed; the specifier is computed, which keeps
 * it a separate file in the bundle (start.js beside main.js, start.ts beside main.ts).
 */
import { requireNode24 } from './node-version.ts';

requireNode24();
const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
await import(new URL(`./start${extension}`, import.meta.url).href);
