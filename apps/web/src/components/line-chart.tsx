import { Center, ColorSwatch, Group, Skeleton, Text } from '@mantine/core';
import { lazy, Suspense, type ComponentType } from 'react';
import { plural } from '../lib/plural';
import '@mantine/core/styles/ColorSwatch.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';

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

/** Integer ticks with a step of at least 1 and at most 12 ticks (specification section 9). */
export function integerTicks(max: number): number[] {
  const top = Math.max(1, max);
  const step = Math.max(1, Math.ceil(top / 11));
  const result: number[] = [];
  for (let value = 0; value <= top + step - 1; value += step) result.push(value);
  return result.slice(0, 12);
}

/**
 * How wide the line and how large the dots of the `index`-th of `count` series are drawn. Later series are drawn
 * over earlier ones, so each is thinner than the one before: where two files had the same downloads, the line
 * below shows as a band around the line above and its dot as a ring around the other's, and neither disappears.
 */
export function seriesStroke(index: number, count: number): { width: number; dotRadius: number } {
  const below = Math.max(0, count - 1 - index);
  return { width: 2 + 2.5 * Math.min(below, 2), dotRadius: 3 + 2.5 * Math.min(below, 3) };
}

function ChartUnavailable() {
  return (
    <Text size="sm" c="dimmed">
      The chart could not be loaded; the numbers are in the table.
    </Text>
  );
}

/**
 * A part of './chart-drawings' (recharts through @mantine/charts), downloaded the first time a chart is shown so
 * the library stays out of every page without one. A failed download leaves a sentence, not a broken page.
 */
export function lazyDrawing<P extends object>(pick: (module: typeof import('./chart-drawings')) => ComponentType<P>) {
  return lazy(() =>
    import('./chart-drawings').then(
      (module) => ({ default: pick(module) }),
      (error: unknown) => {
        console.warn('Chart code failed to load', error);
        return { default: ChartUnavailable as ComponentType<P> };
      },
    ),
  );
}

const DownloadsDrawing = lazyDrawing((module) => module.DownloadsDrawing);
const SparklineDrawing = lazyDrawing((module) => module.SparklineDrawing);

/**
 * Downloads per day, one line per series, integer y ticks, a legend below, and a tooltip per day with each series'
 * count and details. Described in words for screen readers; the numbers themselves are in the table beside it.
 */
export function LineChart({ title, labels, series, height = 260, formatLabel = (label) => label }: LineChartProps) {
  const total = series.reduce((sum, line) => sum + Object.values(line.values).reduce((a, b) => a + b, 0), 0);
  const summary = `${title}: ${plural(total, 'download')} of ${plural(series.length, 'file')} from ${formatLabel(labels[0] ?? '')} to ${formatLabel(labels.at(-1) ?? '')}`;
  return (
    <figure style={{ margin: 0 }} aria-label={summary}>
      {total === 0 ? (
        // Nothing to draw: say so, and leave the chart library undownloaded.
        <Center h={height} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Text size="sm" c="dimmed">
            No downloads from {formatLabel(labels[0] ?? '')} to {formatLabel(labels.at(-1) ?? '')}.
          </Text>
        </Center>
      ) : (
        <Suspense fallback={<Skeleton h={height} />}>
          <DownloadsDrawing title={summary} labels={labels} series={series} height={height} formatLabel={formatLabel} />
        </Suspense>
      )}
      {series.length ? (
        <Group component="figcaption" gap="md" mt="xs" wrap="wrap">
          {series.map((line, index) => (
            <Group key={line.name} gap={6} wrap="nowrap">
              <ColorSwatch color={chartPalette[index % chartPalette.length]!} size={12} radius={3} withShadow={false} aria-hidden="true" />
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {line.name}
              </Text>
            </Group>
          ))}
        </Group>
      ) : null}
    </figure>
  );
}

type SparklineProps = { values: number[]; label: string; color?: string; width?: number; height?: number };

/** A tiny trend line, described in words for screen readers. */
export function Sparkline({ values, label, color = chartPalette[0]!, width = 120, height = 32 }: SparklineProps) {
  return (
    <div role="img" aria-label={label} style={{ width, height }}>
      <Suspense fallback={null}>
        <SparklineDrawing values={values} color={color} width={width} height={height} />
      </Suspense>
    </div>
  );
}
