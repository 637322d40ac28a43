import { useCallback, useRef } from 'react';

/**
 * Dialogs opened from a table row have no Radix trigger, so on close Radix would leave focus on
 * <body>. `remember()` notes the control that opened one (call it as it opens);
 * `onCloseAutoFocus` puts focus back there, so keyboard users keep their place.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, []);
  /** For an opener that had no focus of its own at the time (a select's trigger, its list open). */
  const rememberElement = useCallback((element: HTMLElement | null) => {
    opener.current = element;
  }, []);
  const onCloseAutoFocus = useCallback((event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  }, []);
  return { remember, rememberElement, onCloseAutoFocus };
}
