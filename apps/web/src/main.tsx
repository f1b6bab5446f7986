import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import './app/styles';
import { App } from './app/app';
import { routes } from './app/router';

/**
 * Starts the app. A prerendered page (the root already has markup) is hydrated: the lazy routes it matches are
 * loaded first, so the first render matches the HTML instead of showing the loading fallback.
 */
async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element in index.html');
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (!container.hasChildNodes()) {
    createRoot(container).render(app);
    return;
  }
  await Promise.all(
    (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy());
      delete route.lazy;
    }),
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
  // thread for the whole page, so the prerendered page stays responsive while it comes alive.
  startTransition(() => {
    hydrateRoot(container, app);
  });
}

void start();
