/**
 * The server's render of a public page (decision 047): the same providers and route table as
 * the browser's entry, a static router for the requested address, and the page's data store
 * seeded with what the server read (settings and staff-editable content), so the HTML it returns is the
 * page the browser would draw, and the browser hydrates it. Built by `npm run build` into
 * dist/ssr/ and loaded by src/server/http/spa.ts.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { PageRenderer } from '#shared/page-data.ts';
import { isEnabled } from '#shared/settings.ts';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes, preloadPage } from './app/router.tsx';
import { clearData, setData } from './lib/public-data.ts';
import { siteSettingKey } from './lib/site-settings.ts';

/** The markup inside `#root`, or null when the address is a redirect (none today). */
export const render: PageRenderer = async (input) => {
  const url = new URL(input.url);
  await preloadPage(url.pathname);
  // The store is the module's own: seeded, rendered and emptied in one synchronous step, so
  // pages rendered at once for different requests never see each other's data.
  clearData();
  for (const key of ['maintenance_mode', 'invite_mode'] as const) {
    const value = input.settings?.[key];
    if (value !== undefined && value !== null) setData(siteSettingKey(key), isEnabled(value));
  }
  for (const [key, data] of input.queries) setData(key, data);
  try {
    return renderToString(
      <StrictMode>
        <AppProvider>
          <StaticRouter location={url.pathname + url.search}>
            <AppRoutes />
          </StaticRouter>
        </AppProvider>
      </StrictMode>,
    );
  } finally {
    clearData();
  }
};
