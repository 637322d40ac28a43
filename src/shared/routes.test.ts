import { describe, expect, it } from 'vitest';
import { isSpaPath, matchSpaPath, SPA_PATHS } from './routes.ts';

describe('isSpaPath', () => {
  const CASE = '/admin/applicants/0b6f7c9e-3d7a-4c1e-9a55-2f1d8e4b7a10';
  // A route with a parameter is visited with a value in it, never with ':id'.
  const visited = SPA_PATHS.map((path) => (path.includes('/:') ? CASE : path));

  it('accepts every route of the table', () => {
    for (const path of visited) expect(isSpaPath(path), path).toBe(true);
  });

  it('accepts one trailing slash', () => {
    for (const path of visited.filter((p) => p !== '/')) {
      expect(isSpaPath(`${path}/`), `${path}/`).toBe(true);
    }
  });

  it('names the route a case address matches', () => {
    expect(matchSpaPath(CASE)).toBe('/admin/applicants/:id');
    expect(matchSpaPath('/cards/')).toBe('/cards');
  });

  it.each([
    '',
    '//',
    '/nope',
    '/Cards',
    '/cards//',
    '/cards/x',
    '/admin/x',
    '/admin/applicants/:id',
    '/admin/applicants/not-an-id',
    '/admin/applicants',
    '/admin/applicants/0b6f7c9e-3d7a-4c1e-9a55-2f1d8e4b7a10/x',
    '/legal/other',
    '/cards?x=1',
    '/assets/x.js',
  ])('refuses %j', (path) => {
    expect(isSpaPath(path)).toBe(false);
  });
});
