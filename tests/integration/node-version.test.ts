import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem } from '#server/node-version.ts';

/** Runs `args` under this Node (24) made to report `version`, as an old Node would. */
function runAs(version: string, args: string[]) {
  const pretend = `data:text/javascript,Object.defineProperty(process.versions,'node',{value:'${version}'})`;
  return spawnSync(process.execPath, ['--import', pretend, ...args], {
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: '/nonexistent/never-created', LOG_LEVEL: 'silent' },
    timeout: 20_000,
  });
}

describe('only Node 24', () => {
  it('accepts 24 and names the running version otherwise', () => {
    expect(nodeVersionProblem('24.21.0')).toBeNull();
    expect(nodeVersionProblem('20.20.2')).toMatch(/^Waj needs Node\.js 24 LTS, not 20\.20\.2/);
    expect(nodeVersionProblem('26.0.0')).toMatch(/not 26\.0\.0/);
  });

  it.each([
    ['the server', ['src/server/main.ts']],
    ['the build and the test runner (their config files)', ['vitest.config.ts']],
  ])('%s stops at once with one line on Node 20', (_what, args) => {
    const run = runAs('20.20.2', args);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([nodeVersionProblem('20.20.2')]);
  });
});
