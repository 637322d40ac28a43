import { isServer, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/react-query.ts';

/** In the browser: one cache for the apply flow and the staff panel, kept for the whole visit. */
const browserClient = isServer ? null : createQueryClient();

/**
 * TanStack Query for the two private areas, downloaded with their pages: the public site reads
 * its few entries from a small store instead (lib/public-data.ts, decision 053).
 *
 * The server draws `/apply` for visitors without a session (entry-server.tsx): there each render
 * gets a cache of its own, dropped with the render. A cache shared by every visitor's render
 * would carry whatever one render put in it to the next visitor, and its clean-up timers (five
 * minutes, SPEC §9) kept the process from exiting on its own for five minutes after such a page.
 */
export default function QueryArea({ children }: { children: ReactNode }) {
  const [client] = useState(() => browserClient ?? createQueryClient({ forServer: true }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
