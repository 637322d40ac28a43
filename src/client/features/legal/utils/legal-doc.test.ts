import { describe, expect, it } from 'vitest';
import { formatLegalDate, headingTexts, isLocalHost, legalDocFromLocation } from './legal-doc.ts';

describe('legalDocFromLocation', () => {
  it('reads the document from the path', () => {
    expect(legalDocFromLocation('/legal/terms', '')).toBe('terms');
    expect(legalDocFromLocation('/legal/cookies', '')).toBe('cookies');
    expect(legalDocFromLocation('/legal/privacy', '')).toBe('privacy');
  });

  it('lets a valid ?doc= choose, even over the path', () => {
    expect(legalDocFromLocation('/legal', '?doc=cookies')).toBe('cookies');
    expect(legalDocFromLocation('/legal/terms', '?doc=privacy')).toBe('privacy');
  });

  it('ignores an unknown ?doc= and defaults to the privacy policy', () => {
    expect(legalDocFromLocation('/legal', '?doc=secrets')).toBe('privacy');
    expect(legalDocFromLocation('/legal/terms', '?doc=secrets')).toBe('terms');
    expect(legalDocFromLocation('/legal', '')).toBe('privacy');
  });
});

describe('formatLegalDate', () => {
  it('writes en-GB day month year', () => {
    expect(formatLegalDate('2026-11-22T10:00:00.000Z')).toBe('22 November 2026');
  });

  it('uses UK time, so a late-evening update in summer is dated the next day', () => {
    // 23:30 UTC on 30 June is 00:30 BST on 1 July.
    expect(formatLegalDate('2026-06-30T23:30:00.000Z')).toBe('1 July 2026');
  });

  it('gives null for an unreadable date', () => {
    expect(formatLegalDate('not a date')).toBeNull();
  });
});

describe('isLocalHost', () => {
  it('accepts the loopback names', () => {
    for (const host of ['localhost', '127.0.0.1', '::1', '[::1]', 'LOCALHOST']) {
      expect(isLocalHost(host)).toBe(true);
    }
  });

  it('refuses every other host, including look-alikes', () => {
    for (const host of ['waj.co.uk', 'localhost.test', 'evil-localhost', '127.0.0.2', '']) {
      expect(isLocalHost(host)).toBe(false);
    }
  });
});

describe('headingTexts', () => {
  it('reads each h2 as its text, tags dropped and entities decoded', () => {
    const html =
      '<p>Intro</p><h2 id="x">1. Who we are &amp; what we do</h2><p>t</p>' +
      '<h2><strong>2.</strong> Your rights &#8212; in &lt;short&gt;</h2><h3>not this</h3>' +
      '<H2>  3. Contact&#x20;us  </H2>';
    expect(headingTexts(html)).toEqual([
      '1. Who we are & what we do',
      '2. Your rights \u2014 in <short>',
      '3. Contact us',
    ]);
  });

  it('finds none in a document without sections', () => {
    expect(headingTexts('<p>Only a paragraph.</p>')).toEqual([]);
  });
});
