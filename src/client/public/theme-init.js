// Runs synchronously in <head>, before first paint, so the page never flashes the wrong theme.
// Plain script (no module). The server writes it into each page's head, where the CSP allows it
// by its hash alone (decision 048); keep it tiny, with no closing script tag in it.
// The saved choice lives under localStorage "waj-theme" ("light" | "dark"); the default is
// light whatever the operating system prefers. Keep in step with src/client/lib/theme.ts.
(function () {
  var theme = 'light';
  try {
    if (window.localStorage.getItem('waj-theme') === 'dark') theme = 'dark';
  } catch {
    // Storage can be unavailable (privacy mode, blocked cookies): keep the default.
  }
  var root = document.documentElement;
  root.classList.remove(theme === 'dark' ? 'light' : 'dark');
  root.classList.add(theme);
  root.style.colorScheme = theme;
})();
