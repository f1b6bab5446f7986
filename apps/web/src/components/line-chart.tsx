import { Group, Text } from '@mantine/core';
import { useId } from 'react';

/** The chart palette (specification section 9: 5 colours), dark enough to read on white. */
export const chartPalette = ['#0f7a44', '#1c64b5', '#b35900', '#8a3ab9', '#c0262d'];

export type LineSeries = {
  name: string;
  /** y per x label; missing labels count as 0. */
  values: Record<string, number>;
  /** Extra lines of the tooltip per x label (file, OS, device, user agent). */
  details?: Record<string, string>;
};

type LineChartProps = {
  title: string;
  /** The x axis, in order (days). */
  labels: string[];
  series: LineSeries[];
  height?: number;
  formatLabel?: (label: string) => string;
};

const WIDTH = 720;
const PAD = { top: 12, right: 16, bottom: 36, left: 40 };

/** Integer ticks with a step of at least 1 and at most 12 ticks. */
function ticks(max: number): number[] {
  const top = Math.max(1, max);
  const step = Math.max(1, Math.ceil(top / 11));
  const result: number[] = [];
  for (let value = 0; value <= top + step - 1; value += step) result.push(value);
  return result.slice(0, 12);
}

/**
 * A small SVG line chart: one line per series, integer y ticks, a legend, and a tooltip per point (hover shows
 * the point's title). Described by its title; the numbers themselves are in the table beside it.
 */
export function LineChart({ title, labels, series, height = 260, formatLabel = (label) => label }: LineChartProps) {
  const id = useId();
  const max = Math.max(0, ...series.flatMap((line) => labels.map((label) => line.values[label] ?? 0)));
  const yTicks = ticks(max);
  const yMax = yTicks.at(-1) ?? 1;
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = height - PAD.top - PAD.bottom;
  const x = (index: number) => PAD.left + (labels.length <= 1 ? innerW / 2 : (index / (labels.length - 1)) * innerW);
  const y = (value: number) => PAD.top + innerH - (value / yMax) * innerH;
  const every = Math.max(1, Math.ceil(labels.length / 7));
  const total = series.reduce((sum, line) => sum + Object.values(line.values).reduce((a, b) => a + b, 0), 0);

  return (
    <figure style={{ margin: 0 }}>
      <div tabIndex={0} role="region" aria-label={title} style={{ overflowX: 'auto' }}>
        <svg
          viewBox={`0 0 ${WIDTH} ${height}`}
          width="100%"
          role="img"
          aria-labelledby={`${id}-title`}
          style={{ display: 'block', maxHeight: height, minWidth: 520, overflow: 'visible' }}
        >
          <title id={`${id}-title`}>{`${title}: ${total} downloads of ${series.length} file(s) from ${formatLabel(labels[0] ?? '')} to ${formatLabel(labels.at(-1) ?? '')}`}</title>
          {yTicks.map((tick) => (
            <g key={tick}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#e5e7eb" />
              <text x={PAD.left - 8} y={y(tick) + 4} textAnchor="end" fontSize="11" fill="#4b5563">
                {tick}
              </text>
            </g>
          ))}
          {labels.map((label, index) =>
            index % every === 0 || index === labels.length - 1 ? (
              <text key={label} x={x(index)} y={height - 12} textAnchor="middle" fontSize="11" fill="#4b5563">
                {formatLabel(label)}
              </text>
            ) : null,
          )}
          {series.map((line, lineIndex) => {
            const color = chartPalette[lineIndex % chartPalette.length];
            const points = labels.map((label, index) => `${x(index)},${y(line.values[label] ?? 0)}`).join(' ');
            return (
              <g key={line.name}>
                <polyline points={points} fill="none" stroke={color} strokeWidth={2} strokeLinejoin="round" />
                {labels.map((label, index) => {
                  const value = line.values[label] ?? 0;
                  if (!value) return null;
                  return (
                    <circle key={label} cx={x(index)} cy={y(value)} r={4} fill={color}>
                      <title>{`${line.name}, ${formatLabel(label)}: ${value} download(s)${line.details?.[label] ? `\n${line.details[label]}` : ''}`}</title>
                    </circle>
                  );
                })}
              </g>
            );
          })}
        </svg>
      </div>
      <Group component="figcaption" gap="md" mt="xs" wrap="wrap">
        {series.map((line, index) => (
          <Group key={line.name} gap={6} wrap="nowrap">
            <span aria-hidden="true" style={{ width: 12, height: 12, borderRadius: 3, background: chartPalette[index % chartPalette.length], display: 'inline-block' }} />
            <Text size="sm">{line.name}</Text>
          </Group>
        ))}
      </Group>
    </figure>
  );
}

type SparklineProps = { values: number[]; label: string; color?: string; width?: number; height?: number };

/** A tiny trend line, described in words for screen readers. */
export function Sparkline({ values, label, color = chartPalette[0], width = 120, height = 32 }: SparklineProps) {
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const points = values.map((value, index) => `${index * step},${height - 2 - (value / max) * (height - 4)}`).join(' ');
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
      <polyline points={points} fill="none" stroke={color} strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}
