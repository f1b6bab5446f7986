import { Skeleton, Text } from '@mantine/core';
import { Suspense, useId } from 'react';
import { ColumnHeads } from './column-heads';
import { plural } from '../lib/plural';
import { chartPalette, lazyDrawing } from './line-chart';
import '@mantine/core/styles/Skeleton.layer.css';

export type TrendPoint = {
  /** What the point is (an event's name), for its tooltip and the table. */
  name: string;
  /** When it was (ISO date), for the x axis. */
  date: string;
  value: number;
};

type TrendChartProps = {
  title: string;
  points: TrendPoint[];
  /** The value as people read it (`55.17%`, `+3.50`). */
  format: (value: number) => string;
  /** The y axis' labels, when shorter than `format` reads (`50%`). */
  formatTick?: (value: number) => string;
  /** The y axis always covers these values (0 to 100 for percentages; 0 for IMPs so the sign is visible). */
  include?: number[];
  color?: string;
  height?: number;
};

// Visually hidden, still read by screen readers (the chart's numbers as a table).
const srOnly = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: '2-digit' });
const formatDay = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dayFormat.format(date);
};

const TrendDrawing = lazyDrawing((module) => module.TrendDrawing);

/** What the drawing spends of its height outside the plot (x axis labels, margins). */
const PLOT_MARGIN = 40;

/**
 * A small line chart of one value over time (the LineChart of the admin console counts downloads from zero;
 * results go below zero and have their own units). One point per item, evenly spaced in order; each point's
 * tooltip names it. Screen readers get a summary on the image and the numbers as a table.
 */
export function TrendChart({ title, points, format, formatTick = format, include = [], color = chartPalette[0]!, height = 180 }: TrendChartProps) {
  const id = useId();
  const values = points.map((p) => p.value);
  let min = Math.min(...values, ...include);
  let max = Math.max(...values, ...include);
  if (min === max) {
    min -= 1;
    max += 1;
  }
  // Ticks at zero (when the values cross it), the extremes and the values asked for; a tick too close to one
  // placed before it is left out (less than 14 px apart on the plot), so zero keeps its label.
  const plotHeight = Math.max(1, height - PLOT_MARGIN);
  const candidates = [...new Set([...(min < 0 && max > 0 ? [0] : []), max, min, ...include])];
  const ticks = candidates.reduce<number[]>(
    (placed, tick) => (placed.every((other) => (Math.abs(other - tick) / (max - min)) * plotHeight >= 14) ? [...placed, tick] : placed),
    [],
  );
  const first = points[0];
  const last = points.at(-1);
  const summary =
    first && last
      ? `${title}: ${plural(points.length, 'event')} from ${formatDay(first.date)} to ${formatDay(last.date)}; latest ${format(last.value)}, highest ${format(Math.max(...values))}, lowest ${format(Math.min(...values))}`
      : `${title}: no events`;

  return (
    <figure style={{ margin: 0 }} aria-labelledby={`${id}-caption`}>
      <Text component="figcaption" id={`${id}-caption`} size="sm" fw={600} mb={4}>
        {title}
      </Text>
      {/* The drawing is one image to screen readers (its summary); the numbers follow as a table. */}
      <div role="img" aria-label={summary} style={{ height }}>
        <Suspense fallback={<Skeleton h={height} />}>
          <TrendDrawing
            points={points}
            format={format}
            formatDate={formatDay}
            formatTick={formatTick}
            domain={[min, max]}
            ticks={ticks}
            color={color}
            height={height}
          />
        </Suspense>
      </div>
      <table style={srOnly}>
        <caption>{title}</caption>
        <ColumnHeads columns={['Event', 'Date', 'Result']} />
        <tbody>
          {points.map((p, index) => (
            <tr key={`${index}-${p.date}`}>
              <th scope="row">{p.name}</th>
              <td>{formatDay(p.date)}</td>
              <td>{format(p.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
