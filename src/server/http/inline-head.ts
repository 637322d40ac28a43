import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLIENT_DIR, PROJECT_ROOT } from '../lib/paths.ts';

/**
 * The theme script every page runs first (decision 048): built into dist/client by Vite, which
 * copies it from src/client/public unchanged; the source is read when there is no build yet.
 */
export function themeInitScript(clientDir = CLIENT_DIR): string | null {
  for (const file of [
    join(clientDir, 'theme-init.js'),
    join(PROJECT_ROOT, 'src', 'client', 'public', 'theme-init.js'),
  ]) {
    if (existsSync(file)) return readFileSync(file, 'utf8');
  }
  return null;
}

/** The CSP source that allows exactly this inline script, and no other. */
export function scriptHashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

const THEME_SCRIPT_TAG = /<script src="\/theme-init\.js"><\/script>/;
const STYLESHEET_TAG = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;

/**
 * Writes the two things a page cannot paint without into the page itself, so the first paint
 * waits on no further request: the theme script (allowed by its hash, not by 'unsafe-inline')
 * and the stylesheet (inline styles are allowed already, decision 006). Anything that cannot be
 * inlined safely is left as a link.
 */
export function inlineHeadAssets(indexHtml: string, clientDir: string): string {
  const script = themeInitScript(clientDir);
  let html = indexHtml;
  if (script && !/<\/script/i.test(script)) {
    html = html.replace(THEME_SCRIPT_TAG, () => `<script>${script}</script>`);
  }
  return html.replace(STYLESHEET_TAG, (tag, href: string) => {
    const file = join(clientDir, href);
    if (!existsSync(file)) return tag;
    const css = readFileSync(file, 'utf8');
    return /<\/style/i.test(css) ? tag : `<style>${css}</style>`;
  });
}

const MODULE_TAG = /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g;

/**
 * A page the server draws is complete without the app's modules, so they are fetched at low
 * priority, after the page's fonts and images (decision 052). Pages drawn in the browser (the
 * apply flow, the staff panel) keep them at the browser's usual priority: they need them first.
 */
export function modulesAfterPaint(indexHtml: string): string {
  return indexHtml.replace(MODULE_TAG, '<$1 fetchpriority="low"');
}
