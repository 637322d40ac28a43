/**
 * The one Node.js this product runs on. npm scripts use the Node 24 from devDependencies, but
 * `node dist/server/main.js` or a test runner started by hand may meet another; older Nodes
 * run most of the code and then misbehave in quiet ways (a CSV export's stream, for one), so
 * they are refused at the door with one line.
 */
export const REQUIRED_NODE_MAJOR = 24;

/** The line to print when `version` is not Node 24, else null. */
export function nodeVersionProblem(version: string = process.versions.node): string | null {
  const major = Number(version.split('.')[0]);
  if (major === REQUIRED_NODE_MAJOR) return null;
  return (
    `Waj needs Node.js ${REQUIRED_NODE_MAJOR} LTS, not ${version}: run it through npm ` +
    `(npm start, npm test), which brings Node ${REQUIRED_NODE_MAJOR}, or install the version in .nvmrc.`
  );
}

/** Stops the process with that line when not on Node 24. */
export function requireNode24(): void {
  const problem = nodeVersionProblem();
  if (!problem) return;
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
