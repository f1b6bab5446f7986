import { Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { chartPalette } from './line-chart';

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
const srOnly = { position: 'absolute', width: 1, height: 1, margin: -1, padding: 0, border: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

const DEFAULT_WIDTH = 560;
const PAD = { top: 14, right: 18, bottom: 30, left: 56 };

/**
 * The element's width in CSS pixels, followed as it changes: the chart draws at its real size, so its text
 * stays 12 px on a phone instead of shrinking with a scaled drawing.
 */
function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.round(entry?.contentRect.width ?? 0);
      if (next > 0) setWidth(next);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: '2-digit' });
const formatDay = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dayFormat.format(date);
};

/**
 * A small line chart of one value over time (the LineChart of the admin console counts downloads from zero;
 * results go below zero and have their own units). One point per item, evenly spaced in order; each point's
 * tooltip names it. Screen readers get a summary on the image and the numbers as a table.
 */
export function TrendChart({ title, points, format, formatTick = format, include = [], color = chartPalette[0], height = 180 }: TrendChartProps) {
  const id = useId();
  const [box, measured] = useWidth(DEFAULT_WIDTH);
  const chartWidth = Math.max(240, measured);
  const values = points.map((p) => p.value);
  let min = Math.min(...values, ...include);
  let max = Math.max(...values, ...include);
  if (min === max) {
    min -= 1;
    max += 1;
  }
  const innerW = chartWidth - PAD.left - PAD.right;
  const innerH = height - PAD.top - PAD.bottom;
  const x = (index: number) => PAD.left + (points.length <= 1 ? innerW / 2 : (index / (points.length - 1)) * innerW);
  const y = (value: number) => PAD.top + innerH - ((value - min) / (max - min)) * innerH;
  // Grid lines at zero (when the values cross it), the extremes and the values asked for; a label too close to
  // one placed before it is left out, so zero keeps its label.
  const ticks = [...new Set([...(min < 0 && max > 0 ? [0] : []), max, min, ...include])];
  const labelled = ticks.reduce<number[]>((placed, tick) => (placed.every((other) => Math.abs(y(other) - y(tick)) >= 14) ? [...placed, tick] : placed), []);
  const first = points[0];
  const last = points.at(-1);
  const summary = first && last
    ? `${title}: ${points.length} event${points.length === 1 ? '' : 's'} from ${formatDay(first.date)} to ${formatDay(last.date)}; latest ${format(last.value)}, highest ${format(Math.max(...values))}, lowest ${format(Math.min(...values))}`
    : `${title}: no events`;

  return (
    <figure style={{ margin: 0 }} aria-labelledby={`${id}-caption`}>
      <Text component="figcaption" id={`${id}-caption`} size="sm" fw={600} mb={4}>
        {title}
      </Text>
      <div ref={box}>
        <svg viewBox={`0 0 ${chartWidth} ${height}`} width="100%" height={height} role="img" aria-label={summary} style={{ display: 'block' }}>
          {ticks.map((tick) => (
            <g key={tick} aria-hidden="true">
              <line x1={PAD.left} x2={chartWidth - PAD.right} y1={y(tick)} y2={y(tick)} stroke={tick === 0 && min < 0 ? '#9ca3af' : '#e5e7eb'} />
              {labelled.includes(tick) ? (
                <text x={PAD.left - 8} y={y(tick) + 4} textAnchor="end" fontSize="12" fill="#4b5563">
                  {formatTick(tick)}
                </text>
              ) : null}
            </g>
          ))}
          {first ? (
            <text x={x(0)} y={height - 8} textAnchor={points.length > 1 ? 'start' : 'middle'} fontSize="12" fill="#4b5563" aria-hidden="true">
              {formatDay(first.date)}
            </text>
          ) : null}
          {last && points.length > 1 ? (
            <text x={x(points.length - 1)} y={height - 8} textAnchor="end" fontSize="12" fill="#4b5563" aria-hidden="true">
              {formatDay(last.date)}
            </text>
          ) : null}
          {points.length > 1 ? (
            <polyline
              points={points.map((p, index) => `${x(index)},${y(p.value)}`).join(' ')}
              fill="none"
              stroke={color}
              strokeWidth={2}
              strokeLinejoin="round"
            />
          ) : null}
          {points.map((p, index) => (
            <circle key={`${index}-${p.date}`} cx={x(index)} cy={y(p.value)} r={4} fill={color}>
              <title>{`${p.name}, ${formatDay(p.date)}: ${format(p.value)}`}</title>
            </circle>
          ))}
        </svg>
      </div>
      <table style={srOnly}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Date</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
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
