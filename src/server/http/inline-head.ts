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

/** The script that starts the app once a page the server drew has painted (decision 059). */
export function appStartScript(clientDir = CLIENT_DIR): string | null {
  return publicScript(clientDir, 'app-start.js');
}

/** The inline scripts a page may carry, for the CSP: each is allowed by its hash alone. */
export function inlineScripts(clientDir = CLIENT_DIR): string[] {
  return [themeInitScript(clientDir), appStartScript(clientDir)].filter(
    (script): script is string => script !== null,
  );
}

function publicScript(clientDir: string, name: string): string | null {
  for (const file of [join(clientDir, name), join(PROJECT_ROOT, 'src', 'client', 'public', name)]) {
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

const ENTRY_TAG = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const PRELOAD_TAG = /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g;

/**
 * A page the server draws is complete without the app, so its modules are not fetched with it:
 * the start script fetches them all at once after the first paint (decision 059), where they
 * neither share the first round trips with the page nor run before it paints. Pages drawn in
 * the browser (the apply flow for an applicant, the staff panel) keep the module tags: there
 * the modules are the paint. Left as it is when the start script is missing or unsafe inline.
 */
export function startAppAfterPaint(indexHtml: string, startScript: string | null): string {
  const entry = ENTRY_TAG.exec(indexHtml)?.[1];
  if (!entry || !startScript || /<\/script/i.test(startScript)) return indexHtml;
  const preloads = [...indexHtml.matchAll(PRELOAD_TAG)].map((match) => match[1]);
  const tag = `<script data-entry="${entry}" data-preload="${preloads.join(' ')}">${startScript}</script>`;
  return indexHtml.replace(PRELOAD_TAG, '').replace(ENTRY_TAG, () => tag);
}
