import { describe, expect, it } from 'vitest';
import { ADMIN_TABS, resolveTab, tabsFor } from './admin-tab-list.ts';

const values = (role: Parameters<typeof tabsFor>[0]) => tabsFor(role).map((tab) => tab.value);

describe('tabsFor', () => {
  it('gives an owner every tab, Staff, Data protection and Audit last', () => {
    expect(values('owner')).toEqual(ADMIN_TABS.map((tab) => tab.value));
    expect(values('owner').slice(-3)).toEqual(['staff', 'data', 'audit']);
  });

  it('gives compliance the casework and review tabs, Screening, Approvals, Reports, Data protection and Audit (CONTRACT §5, §6, §8, §9)', () => {
    expect(values('compliance')).toEqual([
      'applicants',
      'kyc',
      'offers',
      'screening',
      'approvals',
      'reports',
      'data',
      'audit',
    ]);
  });

  it('gives the MLRO applicants, screening, approvals, their own queue, reports and audit (CONTRACT §9)', () => {
    expect(values('mlro')).toEqual([
      'applicants',
      'screening',
      'approvals',
      'mlro',
      'reports',
      'audit',
    ]);
  });

  it('gives operations the inboxes, activations, assets, invites and A11y', () => {
    expect(values('operations')).toEqual([
      'applicants',
      'eoi',
      'contact',
      'activations',
      'assets',
      'invites',
      'a11y',
    ]);
  });
});

describe('resolveTab', () => {
  it('opens the requested tab when the role sees it', () => {
    expect(resolveTab('invites', tabsFor('operations'))).toBe('invites');
  });

  it("opens the role's first tab for a tab it cannot see, an unknown one or none", () => {
    expect(resolveTab('staff', tabsFor('compliance'))).toBe('applicants');
    expect(resolveTab('kyc', tabsFor('operations'))).toBe('applicants');
    expect(resolveTab('nope', tabsFor('owner'))).toBe('applicants');
    expect(resolveTab(null, tabsFor('owner'))).toBe('applicants');
  });
});
