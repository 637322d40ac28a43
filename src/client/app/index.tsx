import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './provider.tsx';
import { AppRoutes } from './router.tsx';

export function App() {
  // Set once the first render is committed (for a served page: once it is hydrated), so tests
  // and monitoring can tell a page that is live from one that is only drawn.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
