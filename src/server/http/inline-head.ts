import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLIENT_DIR, PROJECT_ROOT } from '../lib/paths.ts';

/**
 * The theme script every page runs first (decision 048): built into dist/client by Vite, which
 * copies it from src/client/public unchanged; the source is read when there is no build yet.
 */
export function themeInitScript(clientDir = CLIENT_DIR): string | null {
  return publicScript(clientDir, 'theme-init.js');
}

function publicScript(clientDir: string, name: string): string | null {
  for (const file of [join(clientDir, name), join(PROJECT_ROOT, 'src', 'client', 'public', name)]) {
    if (existsSync(file)) return readFileSync(file, 'utf8');
  }
  return null;
}

/** The script that starts the app after a server-drawn page has painted (decision 049). */
export function appStartScript(clientDir = CLIENT_DIR): string | null {
  return publicScript(clientDir, 'app-start.js');
}

/** The inline scripts pages may carry, for the CSP: each is allowed by its hash alone. */
export function inlineScripts(clientDir = CLIENT_DIR): string[] {
  return [themeInitScript(clientDir), appStartScript(clientDir)].filter(
    (script): script is string => script !== null,
  );
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

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*>/g;

/**
 * For a page the server has drawn: the app's scripts are fetched once the page has painted
 * (decision 049), by the inline start script, instead of with the page, where they share the
 * first round trips with it and their running holds back the first paint. Left as it is when
 * the start script is missing.
 */
export function startAppAfterPaint(html: string, startScript: string | null): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry || !startScript || /<\/script/i.test(startScript)) return html;
  return html
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</body>', () => `<script data-entry="${entry}">${startScript}</script></body>`);
}
