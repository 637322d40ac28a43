import { useLayoutEffect } from 'react';

/**
 * Starts the Tab order again at the top of the page, so the skip link is the next stop, unless
 * something on the page holds focus on purpose.
 */
export function restartTabOrder(): void {
  const { body } = document;
  const active = document.activeElement;
  if (active && active !== body) return;
  // Focusing <body> moves the sequential focus starting point to the top of the page.
  const hadTabIndex = body.hasAttribute('tabindex');
  if (!hadTabIndex) body.setAttribute('tabindex', '-1');
  body.focus({ preventScroll: true });
  if (!hadTabIndex) body.removeAttribute('tabindex');
}

/**
 * A screen reached inside the app starts its Tab order at the top of the page, so the skip link
 * is the first stop again (issue 17). Without this, Chromium carries on from where the link or
 * button that led here used to be, somewhere in the middle of the new screen. Focus that a
 * screen moves on purpose (an error, a new step) is left alone: it is set after this runs.
 */
export function useTabOrderFromTop(): void {
  useLayoutEffect(restartTabOrder, []);
}
