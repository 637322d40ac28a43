/**
 * The forms' hidden `website` field: people never see it, so a value means a bot. Checked
 * before validation, so a bot learns nothing from field messages either.
 */
export function isHoneypotFilled(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const website = (body as { website?: unknown }).website;
  return typeof website === 'string' ? website.trim() !== '' : website != null;
}
