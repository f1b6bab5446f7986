import { Text } from '@mantine/core';
import { useId } from 'react';
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
  /** The y axis always covers these values (0 to 100 for percentages; 0 for IMPs so the sign is visible). */
  include?: number[];
  color?: string;
  height?: number;
};

// Visually hidden, still read by screen readers (the chart's numbers as a table).
const srOnly = { position: 'absolute', width: 1, height: 1, margin: -1, padding: 0, border: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

const WIDTH = 560;
const PAD = { top: 14, right: 18, bottom: 30, left: 56 };

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
export function TrendChart({ title, points, format, include = [], color = chartPalette[0], height = 180 }: TrendChartProps) {
  const id = useId();
  const values = points.map((p) => p.value);
  let min = Math.min(...values, ...include);
  let max = Math.max(...values, ...include);
  if (min === max) {
    min -= 1;
    max += 1;
  }
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = height - PAD.top - PAD.bottom;
  const x = (index: number) => PAD.left + (points.length <= 1 ? innerW / 2 : (index / (points.length - 1)) * innerW);
  const y = (value: number) => PAD.top + innerH - ((value - min) / (max - min)) * innerH;
  const ticks = [...new Set([max, min, ...(min < 0 && max > 0 ? [0] : [])])];
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
      <svg viewBox={`0 0 ${WIDTH} ${height}`} width="100%" role="img" aria-label={summary} style={{ display: 'block', maxHeight: height }}>
        {ticks.map((tick) => (
          <g key={tick} aria-hidden="true">
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke={tick === 0 && min < 0 ? '#9ca3af' : '#e5e7eb'} />
            <text x={PAD.left - 8} y={y(tick) + 4} textAnchor="end" fontSize="12" fill="#4b5563">
              {format(tick)}
            </text>
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
