import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LEGAL_DOCUMENTS, revisionTime } from './seed-content.ts';

const fingerprint = (html: string) => createHash('sha256').update(html).digest('hex').slice(0, 16);

describe('bundled legal documents', () => {
  it('carry the date their text was last revised', () => {
    // A failure here means a document's text changed: set its `revised` to the day of the
    // change, then update its fingerprint below. The site shows that date as 'Last updated'.
    expect(
      Object.fromEntries(
        LEGAL_DOCUMENTS.map((doc) => [doc.slug, [doc.revised, fingerprint(doc.html)]]),
      ),
    ).toEqual({
      privacy: ['2026-11-24', '0c63b3c392dd7c6b'],
      terms: ['2026-11-22', 'bdce6bcd29e69c84'],
      cookies: ['2026-11-22', '8da85915f47d4927'],
    });
  });

  it('date a revision on its own UK calendar day', () => {
    for (const doc of LEGAL_DOCUMENTS) {
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
        revisionTime(doc),
      );
      expect(day).toBe(doc.revised);
    }
  });
});
