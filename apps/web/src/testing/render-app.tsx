import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

type RenderAppOptions = { path?: string; initialEntry?: string };

/**
 * Renders routes in a memory router with the app's providers (no transitions, no portals) and a fresh
 * query cache. Pass a single element to render it at `path`.
 */
export function renderApp(routesOrElement: RouteObject[] | React.ReactElement, options: RenderAppOptions = {}) {
  const path = options.path ?? '/';
  const routes = Array.isArray(routesOrElement) ? routesOrElement : [{ path, element: routesOrElement }];
  const router = createMemoryRouter(routes, { initialEntries: [options.initialEntry ?? path] });
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** A fetch answer the way the API sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
