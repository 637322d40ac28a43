import type { ReactNode } from 'react';
import { ToasterHost } from '../components/ui/toaster-host.tsx';

/**
 * What every page shares: the toaster, which mounts once a toast needs it. The apply flow and
 * the staff panel add their query cache around their own pages (query-area.tsx); the public
 * site reads from lib/public-data.ts.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <ToasterHost />
    </>
  );
}
