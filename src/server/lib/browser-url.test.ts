import { describe, expect, it } from 'vitest';
import { browserUrlText } from './browser-url.ts';

describe('browserUrlText', () => {
  it('reads a URL as a browser does: tabs and newlines gone, ends trimmed', () => {
    expect(browserUrlText(' java\tscript:alert(1) ')).toBe('javascript:alert(1)');
    expect(browserUrlText('\u0001/\n/evil.example\u0000')).toBe('//evil.example');
    expect(browserUrlText('#card')).toBe('#card');
  });
});
