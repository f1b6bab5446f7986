import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);
  // Tells boot.ts the page is live, so it replays a click it held back while the app was loading.
  useEffect(() => void window.dispatchEvent(new Event('bridge:hydrated')), []);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
