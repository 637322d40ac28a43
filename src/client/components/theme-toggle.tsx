import { Moon, Sun } from 'lucide-react';
import { useTheme } from '../lib/theme.ts';
import { Button } from './ui/button.tsx';

/**
 * Light/dark switch: a toggle button named 'Dark mode' whose aria-pressed says whether the
 * dark theme is on (light is the default). The icon shows the theme a press switches to.
 */
export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const isDark = theme === 'dark';
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label="Dark mode"
      aria-pressed={isDark}
      title={isDark ? 'Switch to light theme' : 'Switch to dark theme'}
      data-testid="theme-toggle"
      onClick={toggleTheme}
    >
      {isDark ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  );
}
