import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  description: string;
  helpUrl: string;
  nodes: { target: unknown[] }[];
};

/**
 * The rules whose outcome depends on colour. A theme only swaps colours (CSS custom properties
 * under `.dark`), so a page already checked in full in one theme needs only these in the other.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/**
 * Runs axe-core on the page as it is and returns its violations, trimmed for messages.
 * `colourOnly` runs just COLOUR_RULES (the second theme of a page checked in full).
 */
export async function axeViolations(
  page: Page,
  options: { colourOnly?: boolean } = {},
): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, so the page's CSP (no inline script) allows it;
  // once per document, as parsing it costs about half a second of a busy machine's CPU.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const runOnly = options.colourOnly ? [...COLOUR_RULES] : null;
  return page.evaluate(async (only) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Element | Document,
            options: object,
          ) => Promise<{ violations: AxeViolation[] }>;
        };
      }
    ).axe;
    // With a modal dialog or sheet open, the page behind it is inert and dimmed on purpose by
    // the overlay: what a person can read and reach is the dialog, so that is what is checked
    // (the page itself is checked without the dialog elsewhere).
    // Radix marks a modal by hiding everything else from assistive technology (aria-hidden
    // on the app's root), not by aria-modal; the non-modal cookie sheet hides nothing.
    const root = document.getElementById('root');
    const pageHidden = root?.getAttribute('aria-hidden') === 'true';
    const modals = [...document.querySelectorAll('[role="dialog"],[role="alertdialog"]')].filter(
      (element) =>
        element.getAttribute('aria-modal') === 'true' || (pageHidden && !root!.contains(element)),
    );
    const context = modals.at(-1) ?? document;
    const result = await axe.run(context, {
      resultTypes: ['violations'],
      ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      description: v.description,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  }, runOnly);
}

/**
 * Switches the open page to `theme` the way the saved choice is applied at load
 * (src/client/lib/theme.ts), for screens without the header's toggle.
 */
export async function applyThemeInPlace(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((wanted) => {
    // Colour transitions (150 ms on buttons) would let axe measure a colour half-way between
    // the themes: they are held off while the theme changes, and the new styles computed
    // before they come back, so none starts.
    const still = new CSSStyleSheet();
    still.replaceSync('*, *::before, *::after { transition: none !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, still];
    const root = document.documentElement;
    root.classList.toggle('dark', wanted === 'dark');
    root.classList.toggle('light', wanted === 'light');
    root.style.colorScheme = wanted;
    root.getBoundingClientRect();
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== still);
  }, theme);
}
