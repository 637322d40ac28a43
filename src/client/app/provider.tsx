import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToasterHost } from '../components/ui/toaster-host.tsx';
import { createQueryClient } from '../lib/react-query.ts';
import { seedSettingsFromPage } from '../lib/site-settings.ts';

/**
 * What every page shares: the query cache (the one given, or a new one seeded with the settings
 * the server wrote into the page) and the toaster, which mounts once a toast needs it.
 */
export function AppProvider({
  queryClient: given,
  children,
}: {
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  const [queryClient] = useState(() => {
    if (given) return given;
    const client = createQueryClient();
    seedSettingsFromPage(client);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterHost />
    </QueryClientProvider>
  );
}
