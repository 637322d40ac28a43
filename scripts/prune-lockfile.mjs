// Removes optional dependencies that the lockfile lists but could not resolve (platform
// builds the package registry we install from does not carry), so `npm ci` accepts the lock.
// Run after anything that rewrites package-lock.json: `node scripts/prune-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const present = new Set(Object.keys(lock.packages));
let removed = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  if (!entry.optionalDependencies) continue;
  for (const name of Object.keys(entry.optionalDependencies)) {
    // Resolution walks up node_modules folders from the dependant, as Node does.
    const candidates = [];
    let base = location;
    for (;;) {
      candidates.push(`${base ? `${base}/` : ''}node_modules/${name}`);
      const i = base.lastIndexOf('node_modules/');
      if (i < 0) break;
      base = base.slice(0, i).replace(/\/$/, '');
    }
    if (!candidates.some((c) => present.has(c))) {
      delete entry.optionalDependencies[name];
      removed++;
    }
  }
  if (Object.keys(entry.optionalDependencies).length === 0) delete entry.optionalDependencies;
}
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(`prune-lockfile: removed ${removed} unresolvable optional dependencies\n`);
