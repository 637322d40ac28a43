import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { isToasterWanted, requestToaster, subscribeToasterWanted } from '../../lib/toast.ts';

const Toaster = lazy(() => import('./toaster.tsx').then((module) => ({ default: module.Toaster })));

/** The apply flow, the account portal and the staff panel toast through sonner directly. */
const PRIVATE_AREA = /^\/(apply|account|admin)(\/|$)/;

/**
 * Mounts the toaster (SPEC §9) once it is needed, so a first visit to a public page does not
 * download it: when a toast is asked for (lib/toast.ts), on a page of the apply flow or the
 * staff panel, or at the visitor's first click or key press (which may lead into one of them).
 * A toast raised before the toaster has loaded is shown as soon as it has. It goes to the end
 * of <body>, not into the app: a modal dialog already open (the QA overlay) hides the app from
 * assistive technology, and a live region added inside it later would stay hidden with it.
 */
export function ToasterHost() {
  const wanted = useSyncExternalStore(subscribeToasterWanted, isToasterWanted, () => false);

  useEffect(() => {
    if (wanted) return;
    if (PRIVATE_AREA.test(window.location.pathname)) {
      void requestToaster();
      return;
    }
    const onInteraction = () => void requestToaster();
    const options = { capture: true, once: true, passive: true } as const;
    window.addEventListener('pointerdown', onInteraction, options);
    window.addEventListener('keydown', onInteraction, options);
    return () => {
      window.removeEventListener('pointerdown', onInteraction, options);
      window.removeEventListener('keydown', onInteraction, options);
    };
  }, [wanted]);

  if (!wanted) return null;
  return createPortal(
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>,
    document.body,
  );
}
