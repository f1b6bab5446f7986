// The drawings of line-chart.tsx and trend-chart.tsx on @mantine/charts (recharts underneath). Only those two
// files import this one, through React.lazy, so recharts downloads with the first chart shown (docs/decisions/010).
import { LineChart as MantineLineChart } from '@mantine/charts';
import { ColorSwatch, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { pluralWord } from '../lib/plural';
import { chartPalette, integerTicks, seriesStroke, type LineSeries } from './line-chart';
import type { TrendPoint } from './trend-chart';
import '@mantine/core/styles/ColorSwatch.layer.css';
import '@mantine/charts/styles.layer.css';

type TooltipEntry = { dataKey?: unknown; value?: unknown; color?: string };
type TooltipArgs = { active?: boolean; payload?: readonly TooltipEntry[]; label?: unknown };

function TooltipCard({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    // Recharts keeps a tooltip right of the y axis: on a phone it must fit in the plot, or it pushes the page sideways.
    <Paper withBorder shadow="md" radius="md" px="sm" py={6} style={{ pointerEvents: 'none', maxWidth: 'min(320px, calc(100vw - 120px))' }}>
      <Text size="sm" fw={600} mb={2}>
        {heading}
      </Text>
      {children}
    </Paper>
  );
}

type DownloadsDrawingProps = {
  /** Names the drawing (its SVG title), as the figure around it does. */
  title: string;
  labels: string[];
  series: LineSeries[];
  height: number;
  formatLabel: (label: string) => string;
};

/**
 * One line per file; the legend is the figure's caption, outside the drawing, so it wraps on a phone without
 * taking height from the plot. Series are keyed `s0`, `s1`... because recharts reads a dotted key
 * (`player-1.2.0.exe`) as a path into the row. The tooltip names each file with downloads that day, its count, OS,
 * device and user agent (specification section 2); arrow keys move it from day to day when the chart has focus.
 */
export function DownloadsDrawing({ title, labels, series, height, formatLabel }: DownloadsDrawingProps) {
  const max = Math.max(0, ...series.flatMap((line) => labels.map((label) => line.values[label] ?? 0)));
  const yTicks = integerTicks(max);
  const data = labels.map((label) => ({ day: label, ...Object.fromEntries(series.map((line, index) => [`s${index}`, line.values[label] ?? 0])) }));
  const chartSeries = series.map((line, index) => ({ name: `s${index}`, label: line.name, color: chartPalette[index % chartPalette.length]! }));

  const tooltip = ({ active, payload, label }: TooltipArgs) => {
    if (!active || !payload?.length || typeof label !== 'string') return null;
    const lines = payload.flatMap((entry) => {
      const index = Number(String(entry.dataKey).slice(1));
      const line = series[index];
      const count = Number(entry.value ?? 0);
      return line && count > 0 ? [{ line, count, color: chartPalette[index % chartPalette.length]! }] : [];
    });
    return (
      <TooltipCard heading={formatLabel(label)}>
        {lines.length === 0 ? (
          <Text size="sm" c="dimmed">
            No downloads
          </Text>
        ) : (
          lines.map(({ line, count, color }) => (
            <div key={line.name} style={{ marginTop: 4 }}>
              <Text component="div" size="sm" style={{ display: 'flex', alignItems: 'flex-start', gap: 6, overflowWrap: 'anywhere' }}>
                <ColorSwatch color={color} size={10} withShadow={false} style={{ flex: 'none', marginTop: 5 }} />
                <span>
                  {line.name}: <b>{count}</b> {pluralWord(count, 'download')}
                </span>
              </Text>
              {line.details?.[label] ? (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {line.details[label]}
                </Text>
              ) : null}
            </div>
          ))
        )}
      </TooltipCard>
    );
  };

  return (
    <MantineLineChart
      h={height}
      data={data}
      dataKey="day"
      series={chartSeries}
      curveType="linear"
      gridAxis="x"
      strokeDasharray="0"
      lineProps={(line) => {
        const index = Number(line.name.slice(1));
        const color = chartPalette[index % chartPalette.length]!;
        const stroke = seriesStroke(index, series.length);
        return {
          strokeWidth: stroke.width,
          dot: { r: stroke.dotRadius, fill: color, stroke: 'white', strokeWidth: 1 },
          activeDot: { r: stroke.dotRadius + 2, fill: color, stroke: 'white', strokeWidth: 1 },
        };
      }}
      xAxisProps={{ tickFormatter: formatLabel, minTickGap: 12, padding: { left: 12, right: 12 } }}
      yAxisProps={{ domain: [0, yTicks.at(-1) ?? 1], ticks: yTicks, allowDecimals: false, width: 44, interval: 0 }}
      tooltipProps={{ content: tooltip }}
      lineChartProps={{ title, margin: { top: 8, right: 20, bottom: 0, left: 0 } }}
    />
  );
}

type SparklineDrawingProps = { values: number[]; color: string; width: number; height: number };

/** A line with no axes, grid, tooltip or focus: the element around it carries its description. */
export function SparklineDrawing({ values, color, width, height }: SparklineDrawingProps) {
  return (
    <MantineLineChart
      w={width}
      h={height}
      data={values.map((value, index) => ({ index, value }))}
      dataKey="index"
      series={[{ name: 'value', color }]}
      curveType="linear"
      withXAxis={false}
      withYAxis={false}
      withTooltip={false}
      withDots={false}
      gridAxis="none"
      accessibilityLayer={false}
      yAxisProps={{ domain: [0, 'dataMax'] }}
      lineChartProps={{ margin: { top: 2, right: 2, bottom: 2, left: 2 } }}
    />
  );
}

type TrendDrawingProps = {
  points: TrendPoint[];
  format: (value: number) => string;
  formatDate: (iso: string) => string;
  formatTick: (value: number) => string;
  domain: [number, number];
  ticks: number[];
  color: string;
  height: number;
};

/**
 * One point per event, evenly spaced in order, dates of the first and last on the x axis; the tooltip names the
 * event. Not focusable: screen readers have the summary and the table instead.
 */
export function TrendDrawing({ points, format, formatDate, formatTick, domain, ticks, color, height }: TrendDrawingProps) {
  const data = points.map((p, index) => ({ index, value: p.value }));
  const edges = points.length > 1 ? [0, points.length - 1] : [0];
  const crossesZero = domain[0] < 0 && domain[1] > 0;

  const tooltip = ({ active, label }: TooltipArgs) => {
    const point = active && typeof label === 'number' ? points[label] : undefined;
    if (!point) return null;
    return (
      <TooltipCard heading={point.name}>
        <Text size="sm">
          {formatDate(point.date)}: <b>{format(point.value)}</b>
        </Text>
      </TooltipCard>
    );
  };

  return (
    <MantineLineChart
      h={height}
      data={data}
      dataKey="index"
      series={[{ name: 'value', color }]}
      curveType="linear"
      accessibilityLayer={false}
      gridAxis="x"
      strokeDasharray="0"
      dotProps={{ r: 4 }}
      activeDotProps={{ r: 6 }}
      referenceLines={crossesZero ? [{ y: 0, color: 'gray.5' }] : undefined}
      xAxisProps={{
        ticks: edges,
        interval: 0,
        tickFormatter: (index: number) => formatDate(points[index]?.date ?? ''),
        padding: { left: 24, right: 24 },
      }}
      yAxisProps={{ domain, ticks, interval: 0, tickFormatter: formatTick, width: 52 }}
      tooltipProps={{ content: tooltip }}
      lineChartProps={{ margin: { top: 8, right: 12, bottom: 2, left: 0 } }}
    />
  );
}
