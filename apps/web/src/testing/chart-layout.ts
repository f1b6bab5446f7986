import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

/** The drawing is its own chunk, loaded on first use: on a busy machine that takes longer than waitFor's 1 s. */
export const DRAWN = { timeout: 15_000 };

/**
 * happy-dom lays nothing out: gives a chart's container the size a browser would (recharts measures it) for each
 * test of the file; everything else (the legend) measures 0.
 */
export function layOutCharts(width: number, height: number): void {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const [w, h] = this.classList.contains('recharts-responsive-container') ? [width, height] : [0, 0];
      return { x: 0, y: 0, top: 0, left: 0, right: w, bottom: h, width: w, height: h, toJSON: () => ({}) };
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
}
