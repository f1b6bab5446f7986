// @vitest-environment happy-dom
import { messages, type Release } from '@bridge/api';
import { fireEvent, screen } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { recordRequests, server } from '../../testing/network';
import { jsonResponse, renderApp } from '../../testing/render-app';
import { DownloadPage } from './download-page';

const qrEncoded = vi.hoisted(() => [] as { text: string; options: unknown }[]);
vi.mock('qrcode', async (importOriginal) => {
  const actual = await importOriginal<{ default: typeof import('qrcode') }>();
  const create: typeof actual.default.create = (text, options) => {
    qrEncoded.push({ text: String(text), options });
    return actual.default.create(text, options);
  };
  return { default: { ...actual.default, create } };
});

const release = (overrides: Partial<Release>): Release => ({
  app: 'player',
  platform: 'windows',
  version: '2.4.0',
  fileName: 'bridge-player-2.4.0.exe',
  size: 52_428_800,
  url: '/api/v1/apps/download?platform=windows&file=player',
  ...overrides,
});

const RELEASES = '/api/v1/apps/releases';
function serve(releases: Release[]) {
  const requests = recordRequests();
  server.use(http.get(RELEASES, () => jsonResponse({ result: releases })));
  return requests;
}

describe('DownloadPage', () => {
  it('links each installer while the release list is still loading, as the prerendered page does', async () => {
    server.use(http.get(RELEASES, () => delay('infinite')));
    renderApp(<DownloadPage />, { path: '/download', initialEntry: '/download?app=math' });

    const link = await screen.findByRole('link', { name: /Download for Windows/ });
    expect(link.getAttribute('href')).toBe('/api/v1/apps/download?platform=windows&file=math');
    expect(link.hasAttribute('data-needs-app')).toBe(true);
    expect(screen.getByText('Latest version')).toBeTruthy();
    expect(screen.queryByText(messages.releaseMissing)).toBeNull();
  });

  it('shows a tile without a release as unavailable, with no download link', async () => {
    const requests = serve([]);
    renderApp(<DownloadPage />, { path: '/download' });

    const missing = await screen.findAllByText(messages.releaseMissing);
    expect(missing).toHaveLength(2); // Windows and Android, the player app by default
    expect(screen.queryAllByRole('link', { name: /download/i })).toHaveLength(0);
    expect(screen.getByText(messages.windowsRequirement)).toBeTruthy();
    expect(screen.getByText(messages.androidRequirement)).toBeTruthy();
    expect(requests[0]!.url).toBe('/api/v1/apps/releases');
  });

  it('links an available installer and thanks the user after the click', async () => {
    serve([release({ app: 'organiser', fileName: 'bridge-organiser-2.4.0.exe', url: '/api/v1/apps/download?platform=windows&file=organiser' })]);
    renderApp(<DownloadPage />, { path: '/download', initialEntry: '/download?app=organizer' });

    const link = await screen.findByRole('link', { name: /Download for Windows/ });
    expect(link.getAttribute('href')).toBe('/api/v1/apps/download?platform=windows&file=organiser');
    expect(link.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('');
    // The organiser app has no Android version.
    expect(screen.queryByText(messages.androidRequirement)).toBeNull();

    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    expect(screen.getByRole('status').textContent).toContain('Thank you for downloading the Organizer app!');
  });

  it('shows a QR code of the absolute Android address for the player app', async () => {
    serve([
      release({}),
      release({ platform: 'android', fileName: 'bridge-player-2.4.0.apk', url: '/api/v1/apps/download?platform=android&file=apk' }),
    ]);
    renderApp(<DownloadPage />, { path: '/download' });

    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('width')).toBe('200');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d/);
    expect(qrEncoded.at(-1)).toEqual({
      text: `${window.location.origin}/api/v1/apps/download?platform=android&file=apk`,
      options: expect.objectContaining({ errorCorrectionLevel: 'H' }),
    });
    const apk = screen.getByRole('link', { name: 'Download the APK' });
    expect(apk.getAttribute('href')).toBe('/api/v1/apps/download?platform=android&file=apk');
  });
});
