/** The card number as members see it everywhere: only the last four digits. */
export function maskedCardNumber(last4: string | null | undefined): string {
  return `•••• •••• •••• ${last4 && /^\d{4}$/.test(last4) ? last4 : '••••'}`;
}

/** SPEC §2 Legal: dates read day month year (en-GB), e.g. 4 March 2025. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
