import { relative } from 'node:path';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/**
 * Repeats, after the run's summary, what failed the run outside any test: an unhandled error is
 * printed far above the summary, and a CI log that keeps only its tail loses it. Also names the
 * tests that passed only on their retry (decision 051), so a flake is visible there too.
 */
export class LastWordReporter implements Reporter {
  onTestRunEnd(
    modules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ) {
    const lines: string[] = [];
    for (const error of unhandledErrors) {
      const from =
        typeof error.VITEST_TEST_PATH === 'string'
          ? ` (during ${relative(process.cwd(), error.VITEST_TEST_PATH)})`
          : '';
      const kind = typeof error.type === 'string' ? error.type : (error.name ?? 'error');
      lines.push(`${kind}${from}: ${error.message.slice(0, 500)}`);
      for (const frame of (error.stack ?? '').split('\n').slice(1, 8))
        lines.push(`    ${frame.trim()}`);
    }
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const retries = test.diagnostic()?.retryCount ?? 0;
        if (retries > 0 && test.result().state === 'passed') {
          lines.push(
            `Passed on retry: ${module.project.name} ${module.relativeModuleId} > ${test.fullName}`,
          );
        }
      }
    }
    if (lines.length) process.stdout.write(`\n${lines.join('\n')}\n\n`);
  }
}
