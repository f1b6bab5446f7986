// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TrendChart } from './trend-chart';

afterEach(cleanup);

const imps = (value: number) => `${value < 0 ? '\u2212' : value > 0 ? '+' : ''}${Math.abs(value).toFixed(2)}`;
const points = [
  { name: 'Monday IMPs', date: '2026-10-05T21:00:00.000Z', value: 1.5 },
  { name: 'Friday IMPs', date: '2026-10-09T21:00:00.000Z', value: -20 },
];

describe('TrendChart', () => {
  it('summarises the line for screen readers and gives its numbers as a table', () => {
    render(<MantineProvider><TrendChart title="IMPs per event" points={points} format={imps} include={[0]} /></MantineProvider>);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('IMPs per event: 2 events from 5 Oct 26 to 9 Oct 26; latest \u221220.00, highest +1.50, lowest \u221220.00');
    const rows = within(screen.getByRole('table', { name: 'IMPs per event' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Monday IMPs5 Oct 26+1.50', 'Friday IMPs9 Oct 26\u221220.00']);
    expect(screen.getAllByText('Monday IMPs, 5 Oct 26: +1.50')).toHaveLength(1);
  });

  it('labels zero when the values cross it and leaves out a label that would overlap it', () => {
    const { container } = render(<MantineProvider><TrendChart title="IMPs per event" points={points} format={imps} include={[0]} /></MantineProvider>);
    const labels = [...container.querySelectorAll('svg > g text')].map((text) => text.textContent);
    expect(labels).toEqual(['0.00', '\u221220.00']);
    expect(container.querySelectorAll('svg > g line')).toHaveLength(3);
  });
});
