import { describe, expect, it } from 'vitest';
import { isSpaPath, SPA_PATHS } from './routes.ts';

describe('isSpaPath', () => {
  it('accepts every route of the table', () => {
    for (const path of SPA_PATHS) expect(isSpaPath(path), path).toBe(true);
  });

  it('accepts one trailing slash', () => {
    for (const path of SPA_PATHS.filter((p) => p !== '/')) {
      expect(isSpaPath(`${path}/`), `${path}/`).toBe(true);
    }
  });

  it.each([
    '',
    '//',
    '/nope',
    '/Cards',
    '/cards//',
    '/cards/x',
    '/admin/x',
    '/legal/other',
    '/cards?x=1',
    '/assets/x.js',
  ])('refuses %j', (path) => {
    expect(isSpaPath(path)).toBe(false);
  });
});
