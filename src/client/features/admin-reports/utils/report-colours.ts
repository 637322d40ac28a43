import type { ReportAgeBucket } from '#shared/schemas/casework.ts';
import type { Stage } from '#shared/stages.ts';

/**
 * The charts' series colours as CSS variables of the tab, a light and a dark value each, every
 * one at least 3:1 against the card and the page in its theme (WCAG 1.4.11, checked by hand:
 * the lowest is 4.4:1). Literal class names, so Tailwind finds them. Hues differ between
 * neighbouring stages; the tables beside the charts carry every figure in text.
 */
export const SERIES_COLOUR_CLASSES = [
  '[--report-basic:#64748b] dark:[--report-basic:#94a3b8]',
  '[--report-invited:#0e7490] dark:[--report-invited:#22d3ee]',
  '[--report-code-verified:#1d4ed8] dark:[--report-code-verified:#60a5fa]',
  '[--report-detailed:#7c3aed] dark:[--report-detailed:#a78bfa]',
  '[--report-kyc-in-progress:#a21caf] dark:[--report-kyc-in-progress:#e879f9]',
  '[--report-kyc:#c2410c] dark:[--report-kyc:#fb923c]',
  '[--report-tier-offer:#7d5f27] dark:[--report-tier-offer:#d6b676]',
  '[--report-accepted:#be185d] dark:[--report-accepted:#f472b6]',
  '[--report-activated:#15803d] dark:[--report-activated:#4ade80]',
  '[--report-declined:#b42318] dark:[--report-declined:#f87171]',
  '[--report-age-1:#64748b] dark:[--report-age-1:#94a3b8]',
  '[--report-age-2:#1d4ed8] dark:[--report-age-2:#60a5fa]',
  '[--report-age-3:#7d5f27] dark:[--report-age-3:#d6b676]',
  '[--report-age-4:#b42318] dark:[--report-age-4:#f87171]',
].join(' ');

export const stageColour = (stage: Stage) => `var(--report-${stage.replace(/_/g, '-')})`;

/** Older is warmer: slate, blue, gold, red. */
export const AGE_COLOURS: Record<ReportAgeBucket, string> = {
  under_24h: 'var(--report-age-1)',
  d1_3: 'var(--report-age-2)',
  d3_7: 'var(--report-age-3)',
  over_7d: 'var(--report-age-4)',
};
