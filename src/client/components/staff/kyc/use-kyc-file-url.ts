import { useEffect, useState } from 'react';
import { getKycFileBlob } from '#client/lib/staff/api/kyc.ts';

export type KycFileUrl =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; url: string };

/**
 * The staff-only file as a blob: URL (an <img> cannot send the staff token). The URL lives as
 * long as the component that asked for it: it is revoked on unmount, so the image does not
 * stay in memory. Mount it with `key={fileId}` so a new file starts from 'loading'.
 */
export function useKycFileUrl(fileId: string): KycFileUrl {
  const [state, setState] = useState<KycFileUrl>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    getKycFileBlob(fileId, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ status: 'ready', url });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('admin-kyc-file failed', error);
        setState({ status: 'error' });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileId]);
  return state;
}
