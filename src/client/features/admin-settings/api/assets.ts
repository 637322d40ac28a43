import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_QUERY_KEYS } from '#shared/page-data.ts';
import type { AssetTier } from '#shared/tiers.ts';
import { invalidate } from '#client/lib/public-data.ts';
import { staffApi } from '#client/lib/staff/api/staff-api.ts';
import { staffCallQuery } from '#client/lib/staff/api/staff-queries.ts';
import { staffMeta } from '#client/lib/react-query.ts';

const assetsKey = ['admin', 'assets'] as const;

/** `admin-asset-list` (empty body): every upload, newest first. */
export const assetListQuery = queryOptions({
  ...staffCallQuery(assetsKey, 'admin-asset-list', {}),
  // SPEC §8: an admin failure is logged and toasted, never retried.
  retry: false,
});

export function useAssetList() {
  return useQuery(assetListQuery);
}

/**
 * After a change here the public card artwork (`GET /api/card-assets`, the site's store) is read
 * again, so /cards in this tab shows the newest at once.
 */
function useRefreshAssets() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: assetsKey }),
      invalidate(PAGE_QUERY_KEYS.cardAssets),
    ]);
}

/** `admin-asset-upload`: multipart `file` and `tier`; the server checks the type by content. */
export function useUploadAsset() {
  const refresh = useRefreshAssets();
  return useMutation({
    mutationFn: ({ file, tier }: { file: File; tier: AssetTier }) => {
      const form = new FormData();
      // The tier first, so the server knows it before the file streams in.
      form.append('tier', tier);
      form.append('file', file, file.name);
      return staffApi.upload('admin-asset-upload', form);
    },
    meta: staffMeta('admin-asset-upload', 'Upload failed'),
    onSuccess: refresh,
  });
}

/** `admin-asset-delete`. */
export function useDeleteAsset() {
  const refresh = useRefreshAssets();
  return useMutation({
    mutationFn: (id: string) => staffApi.call('admin-asset-delete', { id }),
    meta: staffMeta('admin-asset-delete', 'Delete failed'),
    onSuccess: refresh,
  });
}
