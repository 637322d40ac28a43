import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRenderedPath } from '#server/http/page-render.ts';
import { CORE_CODE_POINTS, coreUnicodeRange } from '#shared/font-core.ts';
import { SPA_PATHS } from '#shared/routes.ts';
import { readFileSync } from 'node:fs';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: '\u00a0' };

/** The text a drawn page shows: markup, styles, scripts and data blocks taken out. */
function shownText(html: string): string {
  const body = html.slice(html.indexOf('<div id="root">'));
  return body
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (entity, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) {
        return String.fromCodePoint(parseInt(name.slice(2), 16));
      }
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? entity;
    });
}

describe('the core font faces (decision 060)', () => {
  it('carry every character a drawn public page prints, so no page fetches a full face', async () => {
    const core = new Set(CORE_CODE_POINTS);
    const outside = new Map<string, string[]>();
    const paths = SPA_PATHS.filter((path) => !path.includes('/:') && isRenderedPath(path));
    expect(paths).toEqual(expect.arrayContaining(['/', '/cards', '/contact', '/legal/privacy']));
    for (const path of [...paths, '/no-such-page']) {
      const res = await t.app.inject(path);
      const text = shownText(res.body);
      expect(text, path).toMatch(/\w{4,}/);
      for (const char of new Set(text)) {
        if (char === '\n' || char === '\t' || char === '\r') continue;
        if (!core.has(char.codePointAt(0)!)) {
          outside.set(char, [...(outside.get(char) ?? []), path]);
        }
      }
    }
    expect(Object.fromEntries(outside)).toEqual({});
  });

  it('styles.css gives each Latin character one normal face: the core, or the full face for the rest', () => {
    const css = readFileSync('src/client/styles.css', 'utf8');
    const rangeOf = (file: string) => {
      const at = css.indexOf(file);
      expect(at, file).toBeGreaterThan(0);
      const range = /unicode-range:\s*([^;]+);/.exec(css.slice(at))![1]!;
      return range.replace(/\s+/g, ' ').trim();
    };
    const points = (range: string) =>
      new Set(
        range.split(',').flatMap((part) => {
          const [from, to = from] = part.trim().replace(/U\+/g, '').split('-') as [string, string?];
          const start = parseInt(from, 16);
          return Array.from({ length: parseInt(to!, 16) - start + 1 }, (_, i) => start + i);
        }),
      );
    for (const face of ['inter', 'playfair-display']) {
      const core = rangeOf(`${face}-core-wght-normal.woff2`);
      expect(core, face).toBe(coreUnicodeRange());
      const rest = points(rangeOf(`${face}-latin-wght-normal.woff2`));
      // Fontsource's Latin range, as the italic face keeps it.
      const latin = points(rangeOf(`${face}-latin-wght-italic.woff2`));
      const coreSet = points(core);
      expect(
        [...coreSet].filter((point) => rest.has(point)),
        face,
      ).toEqual([]);
      expect(new Set([...coreSet, ...rest]), face).toEqual(latin);
    }
  });
});
