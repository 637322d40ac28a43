import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once.ts';

describe('loadOnce', () => {
  it('loads once however often asked, and tries again after a failure', async () => {
    let calls = 0;
    let fail = true;
    const load = loadOnce(async () => {
      calls += 1;
      if (fail) throw new Error('offline');
      return 'rules';
    });
    await expect(load()).rejects.toThrow('offline');
    fail = false;
    expect(await Promise.all([load(), load()])).toEqual(['rules', 'rules']);
    expect(await load()).toBe('rules');
    expect(calls).toBe(2);
  });
});
