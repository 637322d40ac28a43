/**
 * Lets a page ask for the code of a likely next page ahead of time (the apply flow's steps
 * after `/apply`, decision 056) without importing the router, which imports the pages. The
 * router registers how it loads a page; before it has, asking does nothing.
 */
type ReadAhead = (pathname: string) => () => void;

let readAheadWith: ReadAhead | null = null;

export function registerReadAhead(readAhead: ReadAhead): void {
  readAheadWith = readAhead;
}

/** Reads `pathname`'s page code when the browser is idle. Answers the function that cancels. */
export function readAhead(pathname: string): () => void {
  return readAheadWith ? readAheadWith(pathname) : () => undefined;
}

/**
 * Reads `pathname`'s page code once the visitor starts on this page (first focus or press
 * anywhere in it): someone only reading it downloads nothing more. Answers the cancel.
 */
export function readAheadOnIntent(pathname: string): () => void {
  if (typeof document === 'undefined') return () => undefined;
  let cancel: (() => void) | null = null;
  const start = () => {
    stopListening();
    cancel = readAhead(pathname);
  };
  const stopListening = () => {
    document.removeEventListener('focusin', start, true);
    document.removeEventListener('pointerdown', start, true);
  };
  document.addEventListener('focusin', start, true);
  document.addEventListener('pointerdown', start, true);
  return () => {
    stopListening();
    cancel?.();
  };
}
