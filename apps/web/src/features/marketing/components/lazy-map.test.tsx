// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { LazyMap } from './lazy-map';

type Callback = (entries: { isIntersecting: boolean }[]) => void;

afterEach(() => vi.unstubAllGlobals());

describe('LazyMap', () => {
  it('shows a placeholder until the map box comes into view, then embeds the map', () => {
    let notify: Callback = () => undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: Callback) {
          notify = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    renderApp(<LazyMap latitude={51.5} longitude={-0.12} title="Map of our office on OpenStreetMap" />);
    expect(screen.queryByTitle('Map of our office on OpenStreetMap')).toBeNull();
    expect(screen.getByText('The map loads when you scroll here.')).toBeTruthy();

    act(() => notify([{ isIntersecting: true }]));
    const iframe = screen.getByTitle('Map of our office on OpenStreetMap');
    expect(iframe.tagName).toBe('IFRAME');
    expect(iframe.getAttribute('src')).toContain('https://www.openstreetmap.org/export/embed.html?bbox=');
  });
});
