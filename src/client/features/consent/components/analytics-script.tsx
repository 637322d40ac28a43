import { useEffect } from 'react';
import { useConsent } from '../consent-store.ts';

const SCRIPT_ID = 'waj-analytics';

/** The analytics script URL, written into the page by the server when ANALYTICS_SCRIPT_URL is set. */
function analyticsSource(): string | null {
  const content = document
    .querySelector('meta[name="waj:analytics-src"]')
    ?.getAttribute('content')
    ?.trim();
  return content ? content : null;
}

/**
 * SPEC §4: the analytics script is added only while analytics consent is given, and removed
 * otherwise. A failed load only logs a warning.
 */
export function AnalyticsScript() {
  const consent = useConsent();
  const allowed = consent?.analytics === true;

  useEffect(() => {
    const existing = document.getElementById(SCRIPT_ID);
    const src = analyticsSource();
    if (!allowed || !src) {
      existing?.remove();
      return;
    }
    if (existing) return;
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.src = src;
    script.async = true;
    script.addEventListener('error', () => console.warn('Analytics script failed to load'));
    document.head.append(script);
  }, [allowed]);

  return null;
}
