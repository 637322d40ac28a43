import { useCallback, useSyncExternalStore } from 'react';
import { storageListeners } from './storage-store.ts';

/**
 * Light/dark theme. The choice is saved under localStorage `waj-theme`; the default is light
 * (the OS preference is deliberately ignored). `/theme-init.js` applies the saved choice
 * before first paint; this module keeps <html> in step afterwards and across tabs.
 */
export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'waj-theme';

function readStoredTheme(): Theme {
  try {
    return window.localStorage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('light', theme === 'light');
  root.style.colorScheme = theme;
}

let currentTheme: Theme =
  typeof document !== 'undefined' && document.documentElement.classList.contains('dark')
    ? 'dark'
    : 'light';

const { emit, subscribe } = storageListeners(onStorage);

export function getTheme(): Theme {
  return currentTheme;
}

export function setTheme(theme: Theme): void {
  currentTheme = theme;
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
  applyTheme(theme);
  emit();
}

function onStorage(event: StorageEvent): void {
  if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
  currentTheme = readStoredTheme();
  applyTheme(currentTheme);
  emit();
}

export function useTheme(): {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
} {
  const theme = useSyncExternalStore(subscribe, getTheme, (): Theme => 'light');
  const toggleTheme = useCallback(() => setTheme(getTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, setTheme, toggleTheme };
}
