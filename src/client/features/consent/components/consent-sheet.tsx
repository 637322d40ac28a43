import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useConsent } from '../consent-store.ts';

/** SPEC §9: the sheet appears 1000 ms after load when no consent is stored. */
export const CONSENT_SHEET_DELAY_MS = 1000;

const loadPanel = () => import('./consent-sheet-panel.tsx');
// A failed download shows no sheet rather than failing the page; the footer's Cookie settings
// asks again.
const ConsentSheetPanel = lazy<ComponentType>(() =>
  loadPanel().then(
    (module) => ({ default: module.ConsentSheetPanel }),
    () => ({ default: () => null }),
  ),
);

/**
 * The cookie preferences sheet when no choice is stored, 1 s after load. Its code is not in
 * what every page downloads first (decision 046): it is fetched during that second, and a
 * visitor who has chosen never downloads it.
 */
export function ConsentSheet() {
  const consent = useConsent();
  const [due, setDue] = useState(false);

  useEffect(() => {
    if (consent !== null) return;
    void loadPanel().catch(() => undefined);
    const timer = window.setTimeout(() => setDue(true), CONSENT_SHEET_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [consent]);

  if (consent !== null || !due) return null;
  return (
    <Suspense fallback={null}>
      <ConsentSheetPanel />
    </Suspense>
  );
}
