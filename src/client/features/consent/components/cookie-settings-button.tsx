import { toast } from '#client/lib/toast.ts';
import { clearConsent } from '../consent-store.ts';

/** Long enough to read the toast before the page reloads. */
const RELOAD_DELAY_MS = 1200;

/** SPEC §2: the footer's 'Cookie settings' clears the stored choice and reloads the page. */
export function CookieSettingsButton({ className }: { className?: string }) {
  const onClick = () => {
    clearConsent();
    toast('Consent cleared - page will reload');
    window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
  };
  return (
    <button type="button" onClick={onClick} className={className} data-testid="cookie-settings">
      Cookie settings
    </button>
  );
}
