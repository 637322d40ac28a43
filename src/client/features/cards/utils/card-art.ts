import type { Tier } from '#shared/tiers.ts';
import elite from '#client/assets/cards/elite.svg?no-inline';
import monarch from '#client/assets/cards/monarch.svg?no-inline';
import noir from '#client/assets/cards/noir.svg?no-inline';
import standard from '#client/assets/cards/standard.svg?no-inline';
import titan from '#client/assets/cards/titan.svg?no-inline';

/**
 * The bundled card faces, shown for any tier without an uploaded image. Served as files (not
 * inlined into the script), so the browser caches each face once for every page.
 */
export const BUNDLED_CARD_ART: Record<Tier, string> = { standard, noir, titan, monarch, elite };

/** The art's intrinsic size: ISO/IEC 7810 ID-1 (85.60 × 53.98 mm) at 10 units per mm. */
export const CARD_WIDTH = 856;
export const CARD_HEIGHT = 540;
