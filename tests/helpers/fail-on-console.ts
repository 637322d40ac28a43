import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Any console.error or console.warn a test did not expect fails it: errors that nobody looks
 * at are how bugs hide. A test that expects one spies on console itself.
 */
const unexpected: string[] = [];

beforeEach(() => {
  unexpected.length = 0;
  for (const method of ['error', 'warn'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      unexpected.push(`console.${method}: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  if (unexpected.length) {
    throw new Error(`Unexpected console output:\n${unexpected.join('\n')}`);
  }
});
