// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DRAWN, layOutCharts } from '../testing/chart-layout';
import { chartPalette, integerTicks, LineChart, Sparkline, type LineSeries } from './line-chart';

layOutCharts(720, 260);

const days = ['2026-11-18', '2026-11-19', '2026-11-20'];
const series: LineSeries[] = [
  {
    name: 'organiser-1.0.0.exe',
    values: { '2026-11-19': 2 },
    details: { '2026-11-19': 'OS: Windows 10, device: -, user agent: Mozilla/5.0 (Windows NT 10.0)' },
  },
  {
    name: 'player-2.1.apk',
    values: { '2026-11-18': 1, '2026-11-19': 13 },
    details: {
      '2026-11-18': 'OS: Android 14, device: Pixel 8, user agent: Mozilla/5.0 (Linux; Android 14)',
      '2026-11-19': 'OS: Android 13, device: SM-A536B, user agent: Mozilla/5.0 (Linux; Android 13)',
    },
  },
];
const short = (day: string) => `${Number(day.slice(8))} Nov`;
const texts = (container: HTMLElement, selector: string) => [...container.querySelectorAll(selector)].map((text) => text.textContent);

describe('LineChart', () => {
  it('draws one line per file in the palette, with a point per day, a legend and integer ticks', async () => {
    const { container } = render(
      <MantineProvider>
        <LineChart title="File Downloads Over Time" labels={days} series={series} formatLabel={short} />
      </MantineProvider>,
    );
    expect(screen.getByRole('figure', { name: 'File Downloads Over Time: 16 downloads of 2 files from 18 Nov to 20 Nov' })).toBeTruthy();
    await vi.waitFor(() => expect(container.querySelectorAll('.recharts-line-curve')).toHaveLength(2), DRAWN);
    expect([...container.querySelectorAll('.recharts-line-curve')].map((line) => line.getAttribute('stroke'))).toEqual(chartPalette.slice(0, 2));
    expect(container.querySelectorAll('.recharts-line-dot')).toHaveLength(6);
    expect(screen.getByText('organiser-1.0.0.exe')).toBeTruthy();
    expect(screen.getByText('player-2.1.apk')).toBeTruthy();
    // Step 2 up to 14: integers only, at most 12 ticks (specification section 9).
    expect(texts(container, '.recharts-yAxis-tick-labels text')).toEqual(['0', '2', '4', '6', '8', '10', '12', '14']);
    expect(texts(container, '.recharts-xAxis-tick-labels text')).toEqual(['18 Nov', '19 Nov', '20 Nov']);
    // Keyboard users move the tooltip with the arrow keys; the drawing is named like the figure.
    const svg = container.querySelector('svg.recharts-surface')!;
    expect(svg.getAttribute('tabindex')).toBe('0');
    expect(svg.querySelector('title')?.textContent).toBe('File Downloads Over Time: 16 downloads of 2 files from 18 Nov to 20 Nov');
  });

  it("shows each file's count, OS, device and user agent for the day in the tooltip", async () => {
    const { container } = render(
      <MantineProvider>
        <LineChart title="File Downloads Over Time" labels={days} series={series} formatLabel={short} />
      </MantineProvider>,
    );
    await vi.waitFor(() => expect(container.querySelectorAll('.recharts-line-dot')).toHaveLength(6), DRAWN);
    const middle = container.querySelectorAll('.recharts-line-dot')[1]!;
    fireEvent.mouseMove(container.querySelector('.recharts-wrapper')!, { clientX: Number(middle.getAttribute('cx')), clientY: 100 });
    const tooltip = () => container.querySelector('.recharts-tooltip-wrapper')!;
    await vi.waitFor(() => expect(tooltip().textContent).toContain('19 Nov'), DRAWN);
    expect(tooltip().textContent).toBe(
      '19 Nov' +
        'organiser-1.0.0.exe: 2 downloadsOS: Windows 10, device: -, user agent: Mozilla/5.0 (Windows NT 10.0)' +
        'player-2.1.apk: 13 downloadsOS: Android 13, device: SM-A536B, user agent: Mozilla/5.0 (Linux; Android 13)',
    );
  });

  it('keeps a line drawn over an equal one visible: each line and dot is narrower than the one below it', async () => {
    const equal: LineSeries[] = [
      { name: 'organiser-windows-2.0.1.exe', values: { '2026-11-19': 2 } },
      { name: 'player-windows-1.4.2.exe', values: { '2026-11-19': 2 } },
    ];
    const { container } = render(
      <MantineProvider>
        <LineChart title="File Downloads Over Time" labels={days} series={equal} formatLabel={short} />
      </MantineProvider>,
    );
    await vi.waitFor(() => expect(container.querySelectorAll('.recharts-line-dot')).toHaveLength(6), DRAWN);
    // The same points, the first file's drawn first and wider: it shows as a band and rings around the second's.
    const [below, above] = [...container.querySelectorAll('.recharts-line-curve')].map((line) => line.getAttribute('d'));
    expect(below).toBe(above);
    const widths = [...container.querySelectorAll('.recharts-line-curve')].map((line) => Number(line.getAttribute('stroke-width')));
    expect(widths[0]).toBeGreaterThan(widths[1]!);
    const radii = [...container.querySelectorAll('.recharts-line-dots')].map((dots) => Number(dots.querySelector('circle')!.getAttribute('r')));
    expect(radii[0]).toBeGreaterThan(radii[1]!);
  });

  it('says so when the range has no downloads, and draws nothing', async () => {
    const { container } = render(
      <MantineProvider>
        <LineChart title="File Downloads Over Time" labels={days} series={[]} formatLabel={short} />
      </MantineProvider>,
    );
    expect(screen.getByRole('figure', { name: 'File Downloads Over Time: 0 downloads of 0 files from 18 Nov to 20 Nov' })).toBeTruthy();
    expect(screen.getByText('No downloads from 18 Nov to 20 Nov.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('.recharts-wrapper')).toBeNull();
  });

  it('keeps integer ticks with a step of 1 and no more than 12 of them', () => {
    expect(integerTicks(0)).toEqual([0, 1]);
    expect(integerTicks(3)).toEqual([0, 1, 2, 3]);
    expect(integerTicks(11)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(integerTicks(12)).toEqual([0, 2, 4, 6, 8, 10, 12]);
    expect(integerTicks(1000).length).toBeLessThanOrEqual(12);
    expect(integerTicks(1000).at(-1)).toBeGreaterThanOrEqual(1000);
  });
});

describe('Sparkline', () => {
  it('is one described image with a line through every value and nothing to focus', async () => {
    const { container } = render(
      <MantineProvider>
        <Sparkline values={[0, 1, 0, 2]} label="downloads in each of the last 4 weeks, oldest first: 0, 1, 0, 2" />
      </MantineProvider>,
    );
    expect(screen.getByRole('img', { name: 'downloads in each of the last 4 weeks, oldest first: 0, 1, 0, 2' })).toBeTruthy();
    await vi.waitFor(() => expect(container.querySelector('.recharts-line-curve')).not.toBeNull(), DRAWN);
    expect(container.querySelector('.recharts-line-curve')!.getAttribute('d')!.match(/[ML]/g)).toHaveLength(4);
    expect(container.querySelector('svg.recharts-surface')!.getAttribute('tabindex')).toBeNull();
    expect(container.querySelectorAll('.recharts-yAxis-tick-labels text')).toHaveLength(0);
  });
});
