import { z } from './zod.ts';
import type { AssetTier } from '../tiers.ts';
import { LEGAL_SLUGS, type LegalDocument, type LegalSlug } from '../legal.ts';
import {
  emailField,
  fullNameField,
  honeypotField,
  phoneField,
  reasonField,
  text,
} from './fields.ts';

/**
 * Public-site calls (CONTRACT §2). Request schemas are shared by the forms and the server;
 * the response types are what the client reads.
 */

export { LEGAL_SLUGS, type LegalSlug, type LegalDocument } from '../legal.ts';
export type LegalDocumentsResponse = { ok: true; data: LegalDocument[] };

export const LEGAL_HTML_MAX = 200_000;

/** `admin-legal-update` (staff): the server sanitises `html` before storing it. */
export const ZLegalUpdateRequest = z.object({
  slug: z.enum(LEGAL_SLUGS, 'Unknown legal document'),
  title: text('Title is required')
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title must be less than 200 characters'),
  html: text('Document text is required')
    .trim()
    .min(1, 'Document text is required')
    .max(LEGAL_HTML_MAX, 'Document is too long'),
});
export type TLegalUpdateRequest = z.input<typeof ZLegalUpdateRequest>;
export type LegalUpdateResponse = { ok: true; document: LegalDocument };

/** `one-time-legal-update` (staff): writes the bundled documents over the stored ones. */
export type OneTimeLegalUpdateResponse = { ok: true; updated: LegalSlug[] };

/** `GET /api/card-assets`: newest first; the client keeps the first per tier. */
export type CardAsset = { tier: AssetTier; url: string; uploaded_at: string };
export type CardAssetsResponse = { ok: true; data: CardAsset[] };

/** `contact` answer; a filled honeypot gets `{ ok: true }` and nothing is stored. */
export type ContactResponse = { ok: true; id?: string };

/** `eoi` (the QA overlay's test call, SPEC §7): an expression of interest, camelCase fields. */
export const ZEoiRequest = z.object({
  fullName: fullNameField,
  email: emailField,
  phone: phoneField,
  reason: reasonField,
  website: honeypotField,
});
export type TEoiRequest = z.input<typeof ZEoiRequest>;
export type EoiResponse = { ok: true; id?: string };

/** `GET /api/site-settings/:key`. */
export type SiteSettingResponse<T> = { ok: true; key: string; value: T; updated_at: string };
export { isEnabled, type EnabledSetting } from '../settings.ts';

/** `admin-maintenance-toggle` (staff, audited). */
export const ZMaintenanceToggleRequest = z.object({
  enabled: z.boolean('Enabled must be true or false'),
});
export type MaintenanceToggleResponse = { ok: true; success: true; enabled: boolean };
