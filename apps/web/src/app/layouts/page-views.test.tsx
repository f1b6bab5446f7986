// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Link } from 'react-router';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordRequests, server } from '../../testing/network';
import { renderApp } from '../../testing/render-app';
import { PublicLayout } from './public-layout';
import { RootLayout } from './root-layout';

const routes = [
  {
    Component: RootLayout,
    children: [
      {
        Component: PublicLayout,
        children: [
          { path: '/', element: <Link to="/aboutus">Read about us</Link> },
          { path: '/aboutus', element: <p>About the platform</p> },
        ],
      },
    ],
  },
];

let beacon: ReturnType<typeof vi.fn<(url: string, data?: BodyInit | null) => boolean>>;
const originalBeacon = Object.getOwnPropertyDescriptor(navigator, 'sendBeacon');

beforeEach(() => {
  beacon = vi.fn<(url: string, data?: BodyInit | null) => boolean>(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
});

afterEach(() => {
  if (originalBeacon) Object.defineProperty(navigator, 'sendBeacon', originalBeacon);
  else Reflect.deleteProperty(navigator, 'sendBeacon');
});

const sentBodies = async () => Promise.all(beacon.mock.calls.map(async ([, data]) => JSON.parse(await (data as Blob).text()) as { path: string }));

describe('page views', () => {
  it('sends nothing before a choice and starts counting after Accept All', async () => {
    const requests = recordRequests();
    renderApp(routes);
    expect(beacon).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Accept All' }));
    await waitFor(() => expect(beacon).toHaveBeenCalledTimes(1));
    expect(beacon.mock.calls[0]![0]).toBe('/api/v1/analytics/pageview');
    expect((beacon.mock.calls[0]![1] as Blob).type).toBe('application/json');

    fireEvent.click(screen.getByRole('link', { name: 'Read about us' }));
    await screen.findByText('About the platform');
    await waitFor(() => expect(beacon).toHaveBeenCalledTimes(2));
    expect((await sentBodies()).map((body) => body.path)).toEqual(['/', '/aboutus']);
    expect(requests).toHaveLength(0);
  });

  it('sends nothing after Reject All, on this page or the next', async () => {
    const requests = recordRequests();
    renderApp(routes);
    fireEvent.click(screen.getByRole('button', { name: 'Reject All' }));
    fireEvent.click(screen.getByRole('link', { name: 'Read about us' }));
    await screen.findByText('About the platform');

    expect(beacon).not.toHaveBeenCalled();
    expect(requests).toHaveLength(0);
    expect(window.localStorage.getItem('bridge.cookieConsent')).toBe('rejected');
  });

  it('falls back to fetch with keepalive when beacons are not available', async () => {
    Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true, writable: true });
    const requests = recordRequests();
    server.use(http.post('/api/v1/analytics/pageview', () => new Response(null, { status: 204 })));
    // The test's Request drops `keepalive`: the page's own fetch options are read where it passes them (the spy
    // calls through to the network).
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    window.localStorage.setItem('bridge.cookieConsent', 'accepted');
    renderApp(routes, { initialEntry: '/aboutus' });

    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.url).toBe('/api/v1/analytics/pageview');
    expect(fetchSpy.mock.calls[0]![1]?.keepalive).toBe(true);
    await waitFor(() => expect(requests[0]!.body).toMatchObject({ path: '/aboutus' }));
  });
});
