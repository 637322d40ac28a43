import { describe, expect, it } from 'vitest';
import { noticePeriod, RETENTION_RULES } from '#shared/retention.ts';
import { LEGAL_DOCUMENTS } from './seed-content.ts';

describe('the seeded privacy notice', () => {
  it('is what the privacy notice promises, rule by rule', () => {
    const privacy = LEGAL_DOCUMENTS.find((doc) => doc.slug === 'privacy')!.html;
    for (const rule of RETENTION_RULES) {
      expect(privacy).toContain(`<tr><td>${rule.notice}</td><td>${noticePeriod(rule)}</td></tr>`);
    }
    expect(privacy).toContain('2 months after the application is declined');
    expect(privacy).toContain('1 year after your account is closed');
  });
});
