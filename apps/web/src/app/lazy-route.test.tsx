// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render-app';
import { lazyPage } from './lazy-route';

describe('lazyPage', () => {
  it('shows the load error with a Retry button when the code fails to download', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const lazy = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    renderApp([{ path: '/', lazy }]);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('gives up on a download that takes longer than the time-out', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const lazy = lazyPage(() => new Promise<never>(() => {}), 20);
    renderApp([{ path: '/', lazy }]);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('renders the page once its code arrives', async () => {
    const lazy = lazyPage(async () => () => <h1>Loaded page</h1>);
    renderApp([{ path: '/', lazy }]);
    expect(await screen.findByRole('heading', { name: 'Loaded page' })).toBeTruthy();
  });
});
