import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../lib/react-query.ts';

/** One cache for the apply flow and the staff panel, kept for the whole visit. */
const queryClient = createQueryClient();

/**
 * TanStack Query for the two private areas, downloaded with their pages: the public site reads
 * its few entries from a small store instead (lib/public-data.ts, decision 053).
 */
export default function QueryArea({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
