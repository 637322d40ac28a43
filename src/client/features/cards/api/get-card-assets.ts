import { useMemo } from 'react';
import type { CardAsset, CardAssetsResponse } from '#shared/schemas/site.ts';
import type { AssetTier, Tier } from '#shared/tiers.ts';
import { PAGE_QUERY_KEYS } from '#shared/page-data.ts';
import { readApi } from '#client/lib/api-client.ts';
import { useData, type DataSource } from '#client/lib/public-data.ts';
import { BUNDLED_CARD_ART } from '../utils/card-art.ts';

/** `GET /api/card-assets`: uploaded card images, newest first. */
export function getCardAssets() {
  return readApi('card-assets');
}

export const cardAssetsSource: DataSource<CardAssetsResponse> = {
  key: PAGE_QUERY_KEYS.cardAssets,
  fetch: getCardAssets,
  staleMs: 5 * 60 * 1000,
  // The bundled art is a complete answer: show it at once rather than wait out retries.
  retry: false,
};

/**
 * Only images the page's CSP lets it show (img-src 'self' data: blob:): an upload kept on
 * another origin would render as a broken image, so the bundled art stands in for it.
 */
function isDisplayable(url: string): boolean {
  try {
    // On the server (the page's first render) only the site's own paths count as its own.
    const origin = typeof window === 'undefined' ? 'http://same.invalid' : window.location.origin;
    const parsed = new URL(url, origin);
    if (parsed.protocol === 'data:' || parsed.protocol === 'blob:') return true;
    return parsed.origin === origin;
  } catch {
    return false;
  }
}

/** The newest displayable upload per tier; the list is newest first, so the first one wins. */
export function newestPerTier(assets: readonly CardAsset[]): Partial<Record<AssetTier, string>> {
  const newest: Partial<Record<AssetTier, string>> = {};
  for (const asset of assets) {
    if (newest[asset.tier] === undefined && isDisplayable(asset.url)) {
      newest[asset.tier] = asset.url;
    }
  }
  return newest;
}

export type CardArt = {
  /** False until the upload list has answered or failed: hold the frame, not a stand-in. */
  ready: boolean;
  /** Image address for a tier: its newest upload, else the bundled face. */
  src: (tier: Tier) => string;
};

export function useCardArt(): CardArt {
  const { data, isPending } = useData(cardAssetsSource);
  const uploads: Partial<Record<Tier, string>> = useMemo(
    () => (data ? newestPerTier(data.data) : {}),
    [data],
  );
  return {
    ready: !isPending,
    src: (tier) => uploads[tier] ?? BUNDLED_CARD_ART[tier],
  };
}
