import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

/** `prerendered`: the app hydrates the page's prerendered HTML (main.tsx). */
export function App({ prerendered = false }: { prerendered?: boolean }) {
  const [router] = useState(() => createAppRouter(prerendered));
  // Tells boot.ts the page is live, so it replays a click it held back while the app was loading.
  useEffect(() => void window.dispatchEvent(new Event('bridge:hydrated')), []);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
