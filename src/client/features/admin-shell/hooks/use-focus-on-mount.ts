import { useEffect, useRef } from 'react';

/**
 * Focus the element once, when it appears: each sign-in step moves focus to its heading or
 * field, so keyboard and screen-reader users start where the new step starts.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
