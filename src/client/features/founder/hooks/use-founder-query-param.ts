import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { setFounder } from '../founder-store.ts';

/** SPEC §2: `?founder=1` on any page turns founding-member status on, then leaves the address. */
export function useFounderQueryParam(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('founder') === '1';
  useEffect(() => {
    if (!requested) return;
    setFounder(true);
    setSearchParams(
      (params) => {
        params.delete('founder');
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [requested, setSearchParams]);
}
