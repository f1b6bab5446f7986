// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../testing/network';
import { jsonResponse, renderApp } from '../../testing/render-app';
import { routes } from '../router';

// The session guards of the router: a signed-out visitor (401) is sent to sign in from every page that needs a
// session, and only from those.

afterEach(() => vi.restoreAllMocks());

/** Every API call answers `status`; the user endpoints with the signed-out or player error. */
function serve(status: number) {
  server.use(
    http.all('/api/*', () =>
      jsonResponse({ code: status === 401 ? 'unauthorized' : 'forbidden', error: status === 401 ? 'Unauthorized' : 'Forbidden' }, status),
    ),
  );
}

const where = (router: ReturnType<typeof renderApp>['router']) => router.state.location.pathname + router.state.location.search;

describe('session guards', () => {
  it.each([
    ['/console/profile', '/login?redirectTo=%2Fconsole%2Fprofile'],
    ['/console/my-past-events/all-my-past-events/abc/details', '/login?redirectTo=%2Fconsole%2Fmy-past-events%2Fall-my-past-events%2Fabc%2Fdetails'],
    ['/video?key=abc', '/login?redirectTo=%2Fvideo%3Fkey%3Dabc'],
    ['/video/chat?key=abc&table=t1', '/login?redirectTo=%2Fvideo%2Fchat%3Fkey%3Dabc%26table%3Dt1'],
  ])('sends a signed-out visitor from %s to sign in, and back after', async (from, to) => {
    serve(401);
    const { router } = renderApp(routes, { initialEntry: from });
    await waitFor(() => expect(where(router)).toBe(to), { timeout: 5000 });
  });

  it.each([401, 403])('sends the admin console answering %i to the admin login', async (status) => {
    serve(status);
    const { router } = renderApp(routes, { initialEntry: '/admin/console/dashboard' });
    await waitFor(() => expect(where(router)).toBe('/admin/login'), { timeout: 5000 });
  });

  it('leaves the page after a call to a signed-out visitor', async () => {
    serve(401);
    const { router, findByRole } = renderApp(routes, { initialEntry: '/video/endVideo?key=abc' });
    expect(await findByRole('heading', { name: 'You left the video chat' })).toBeTruthy();
    expect(where(router)).toBe('/video/endVideo?key=abc');
  });
});

/** Every route of the tree whose component (loaded as the router would) has one of `names`. */
async function routesRendering(tree: RouteObject[], names: string[]): Promise<RouteObject[]> {
  const found: RouteObject[] = [];
  for (const route of tree) {
    const component = route.Component ?? (typeof route.lazy === 'function' ? (await route.lazy()).Component : undefined);
    if (component && names.includes(component.name)) found.push(route);
    found.push(...(await routesRendering(route.children ?? [], names)));
  }
  return found;
}

describe('error elements', () => {
  it('gives each layout an error element inside its frame, and the root one for the whole screen', async () => {
    expect(routes[0]!.errorElement).toBeTruthy();
    const names = ['PublicLayout', 'ConsoleLayout', 'AdminConsoleLayout', 'VideoLayout'];
    const layouts = await routesRendering(routes, names);
    expect(layouts).toHaveLength(4);
    for (const layout of layouts) {
      expect(layout.children).toHaveLength(1);
      expect(layout.children![0]!.errorElement).toBeTruthy();
    }
    // It loads every lazy page of the app: seconds on a busy machine.
  }, 20_000);
});
