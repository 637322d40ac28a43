import { useEffect, useState } from 'react';

/** SPEC §5/§9: staff search inputs are delayed 500 ms. */
export const SEARCH_DELAY_MS = 500;

/** `value`, once it has stopped changing for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
