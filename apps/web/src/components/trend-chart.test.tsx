// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DRAWN, layOutCharts } from '../testing/chart-layout';
import { TrendChart } from './trend-chart';

layOutCharts(560, 180);

const imps = (value: number) => `${value < 0 ? '\u2212' : value > 0 ? '+' : ''}${Math.abs(value).toFixed(2)}`;
const points = [
  { name: 'Monday IMPs', date: '2026-10-05T21:00:00.000Z', value: 1.5 },
  { name: 'Friday IMPs', date: '2026-10-09T21:00:00.000Z', value: -20 },
];

const texts = (container: HTMLElement, selector: string) =>
  [...container.querySelectorAll(selector)].map((text) => [...text.querySelectorAll('tspan')].map((span) => span.textContent).join(' '));

describe('TrendChart', () => {
  it('summarises the line for screen readers and gives its numbers as a table', () => {
    render(
      <MantineProvider>
        <TrendChart title="IMPs per event" points={points} format={imps} include={[0]} />
      </MantineProvider>,
    );
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'IMPs per event: 2 events from 5 Oct 26 to 9 Oct 26; latest \u221220.00, highest +1.50, lowest \u221220.00',
    );
    const rows = within(screen.getByRole('table', { name: 'IMPs per event' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Monday IMPs5 Oct 26+1.50', 'Friday IMPs9 Oct 26\u221220.00']);
  });

  it('draws one dot per event, dates the first and last, labels zero and leaves out a label that would overlap it', async () => {
    const { container } = render(
      <MantineProvider>
        <TrendChart title="IMPs per event" points={points} format={imps} include={[0]} />
      </MantineProvider>,
    );
    await vi.waitFor(() => expect(container.querySelectorAll('.recharts-line-dot')).toHaveLength(2), DRAWN);
    expect(container.querySelector('.recharts-line-curve')?.getAttribute('stroke')).toBe('#0f7a44');
    expect(texts(container, '.recharts-yAxis-tick-labels text')).toEqual(['0.00', '\u221220.00']);
    expect(texts(container, '.recharts-xAxis-tick-labels text').map((label) => label.replace(/\s+/g, ' '))).toEqual(['5 Oct 26', '9 Oct 26']);
    // Zero is marked by a darker line when the results cross it.
    expect(container.querySelectorAll('.recharts-reference-line-line')).toHaveLength(1);
    // The drawing is one image to screen readers, so nothing inside it takes the focus.
    expect(container.querySelector('svg.recharts-surface')?.getAttribute('tabindex')).toBeNull();
  });

  it("names the event, its date and its result in a point's tooltip", async () => {
    const { container } = render(
      <MantineProvider>
        <TrendChart title="IMPs per event" points={points} format={imps} include={[0]} />
      </MantineProvider>,
    );
    await vi.waitFor(() => expect(container.querySelectorAll('.recharts-line-dot')).toHaveLength(2), DRAWN);
    const second = container.querySelectorAll('.recharts-line-dot')[1]!;
    fireEvent.mouseMove(container.querySelector('.recharts-wrapper')!, { clientX: Number(second.getAttribute('cx')), clientY: 100 });
    await vi.waitFor(() => expect(container.querySelector('.recharts-tooltip-wrapper')?.textContent).toBe('Friday IMPs9 Oct 26: \u221220.00'), DRAWN);
  });

  it('keeps the summary and the table for a single event and puts its point in the middle', async () => {
    const { container } = render(
      <MantineProvider>
        <TrendChart
          title="Percentage per event (matchpoints)"
          points={[{ name: 'Only', date: '2026-10-05T21:00:00.000Z', value: 55 }]}
          format={(v) => `${v.toFixed(2)}%`}
          formatTick={(v) => `${v}%`}
          include={[0, 50, 100]}
        />
      </MantineProvider>,
    );
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Percentage per event (matchpoints): 1 event from 5 Oct 26 to 5 Oct 26; latest 55.00%, highest 55.00%, lowest 55.00%',
    );
    await vi.waitFor(() => expect(container.querySelectorAll('.recharts-line-dot')).toHaveLength(1), DRAWN);
    // The plot runs from the y axis (52 px) to 12 px short of the right edge (560 px).
    expect(Number(container.querySelector('.recharts-line-dot')!.getAttribute('cx'))).toBeCloseTo((52 + 548) / 2, 0);
    expect(texts(container, '.recharts-yAxis-tick-labels text')).toEqual(['100%', '0%', '50%']);
  });
});
