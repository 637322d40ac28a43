import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/index.tsx';
import { preloadPage } from './app/router.tsx';
import { seedPageData } from './lib/page-data.ts';
import { seedSettingsFromPage } from './lib/site-settings.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');

seedSettingsFromPage();
seedPageData();

// Public pages arrive rendered by the server (decision 047): hydrate them. The apply flow and
// the staff panel arrive empty and render here.
async function start(container: HTMLElement) {
  const prerendered = container.firstElementChild !== null;
  // The page's code first, so the first render draws it whole: for a served page, the same
  // tree the server drew, which React can hydrate instead of replacing.
  await preloadPage(window.location.pathname).catch(() => undefined);
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (prerendered) {
    // As a transition, hydration works in slices and lets the browser answer input in between:
    // the page is already drawn, so nothing waits on it finishing in one long task.
    startTransition(() => {
      hydrateRoot(container, app, {
        // A mismatch makes React redraw the page from scratch: named, so tests and monitoring see it.
        onRecoverableError(error) {
          console.error('Hydration failed; the page was drawn again in the browser.', error);
        },
      });
    });
  } else createRoot(container).render(app);
}

void start(root);
