// First: before any schema is built (lib/zod-config.ts).
import './lib/zod-config';
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
  const prerendered = container.hasChildNodes();
  const app = (
    <StrictMode>
      <App prerendered={prerendered} />
    </StrictMode>
  );
  if (!prerendered) {
    createRoot(container).render(app);
    return;
  }
  forgetSavedScrollPosition();
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

/**
 * The browser has already placed this page (at the top, at its #hash, or where it was before a reload) and the
 * visitor may have scrolled it since. A position the router saved for this history entry is older than either,
 * and a fresh page load shares its entry key ('default') with every other fresh load in the tab, so the router
 * would move the page to another page's position. It is dropped before the router reads it.
 */
function forgetSavedScrollPosition(): void {
  const storageKey = 'react-router-scroll-positions'; // ScrollRestoration's default
  try {
    const saved = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as Record<string, number> | null;
    const entry = (window.history.state as { key?: string } | null)?.key ?? 'default';
    if (!saved || !(entry in saved)) return;
    delete saved[entry];
    sessionStorage.setItem(storageKey, JSON.stringify(saved));
  } catch {
    // Storage unavailable: the router cannot have saved anything either.
  }
}

void start();
