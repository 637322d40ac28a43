import { describe, expect, it } from 'vitest';
import { isDevHost } from './dev-host.ts';

describe('isDevHost (where the e-mail test panel shows)', () => {
  it.each([
    'localhost',
    'LOCALHOST',
    'admin.localhost',
    '127.0.0.1',
    '::1',
    '[::1]',
    'preview.waj.co.uk',
    'feature-x-preview.waj.co.uk',
    'pr-42-preview.example.app',
  ])('%s is a development host', (host) => {
    expect(isDevHost(host)).toBe(true);
  });

  it.each([
    'waj.co.uk',
    'www.waj.co.uk',
    'preview',
    'previewwaj.co.uk',
    'www.preview-site.co.uk',
    'preview-waj.co.uk',
    'my.preview.waj.co.uk',
    '127.0.0.2',
    '10.0.0.1',
  ])('%s is not', (host) => {
    expect(isDevHost(host)).toBe(false);
  });
});
