/** Builds the empty PGlite cluster that first starts and tests copy (see pglite-template.ts). */
import { buildTemplate } from '#server/db/pglite-template.ts';

await buildTemplate();
