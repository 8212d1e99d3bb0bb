import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * The report's charts, drawn by Recharts (decision 059, 「The charts」) and only ever beside a table of the
 * same numbers. Colours are the design tokens (styles.css swaps them per colour scheme and for print), and
 * the series differ by more than colour: lines by their dashes, bars by their order and the legend.
 */
export interface ChartSeries<Row> {
  label: string;
  value: (row: Row) => number;
}

export interface ChartProps<Row> {
  /** The finding the heading states; also the chart's own title for screen readers. */
  title: string;
  rows: readonly Row[];
  category: (row: Row) => string;
  series: readonly ChartSeries<Row>[];
  kind?: 'bar' | 'line';
  /** Names down the side and bars across: for long names (courses, towns). */
  isHorizontal?: boolean;
  /** The values are percents (0–100): the axis ends at 100 and reads 「%」. */
  isPercent?: boolean;
}

// two series at most on any chart of the report: the key colour and the success green of the tokens
const COLOURS = ['var(--m-primary)', 'var(--m-success-line)'] as const;
const DASHES = [undefined, '8 4'] as const;
const NAME_AXIS_WIDTH = 216;
/** A long name is cut on the chart's side axis (the table beside it and the tooltip have it whole). */
const NAME_MAX = 12;
const INK = { fill: 'var(--m-ink)' };

function shortName(name: unknown): string {
  const text = String(name);
  return text.length > NAME_MAX ? `${text.slice(0, NAME_MAX - 1)}…` : text;
}

type Point = { name: string } & Record<string, number | string>;

function points<Row>(
  rows: readonly Row[],
  category: (row: Row) => string,
  series: ChartProps<Row>['series'],
) {
  return rows.map((row) => {
    const point: Point = { name: category(row) };
    series.forEach((s, i) => {
      point[`s${i}`] = s.value(row);
    });
    return point;
  });
}

/** A bar or line chart of one or more series; keyboard: Tab to the chart, then ← → to read each point. */
export function StatChart<Row>({
  title,
  rows,
  category,
  series,
  kind = 'bar',
  isHorizontal,
  isPercent,
}: ChartProps<Row>) {
  const data = points(rows, category, series);
  const unit = isPercent ? '%' : '';
  const axisLook = { tick: INK, stroke: 'var(--m-line)' };
  const valueAxis = {
    ...axisLook,
    type: 'number' as const,
    allowDecimals: false,
    unit,
    domain: isPercent ? [0, 100] : undefined,
  };
  const nameAxis = { ...axisLook, type: 'category' as const, dataKey: 'name' };
  const common = {
    data,
    title,
    desc: '同じ数字を、すぐ下の表に載せています。',
    accessibilityLayer: true,
    responsive: true,
    className: 'm-chart',
    margin: { top: 8, right: 24, bottom: 8, left: 8 },
    style: { width: '100%', height: isHorizontal ? Math.max(160, data.length * 40 + 72) : 300 },
  };
  const grid = (
    <CartesianGrid
      stroke="var(--m-line-subtle)"
      strokeDasharray="3 3"
      vertical={isHorizontal === true}
      horizontal={!isHorizontal}
    />
  );
  const axes = isHorizontal
    ? [
        <XAxis key="x" {...valueAxis} />,
        <YAxis key="y" {...nameAxis} interval={0} width={NAME_AXIS_WIDTH} tickFormatter={shortName} />,
      ]
    : [
        // a narrow screen shows every other name or fewer: the table has them all
        <XAxis key="x" {...nameAxis} interval="preserveStartEnd" minTickGap={8} />,
        <YAxis key="y" {...valueAxis} width={56} />,
      ];
  const extras = [
    <Tooltip key="tip" isAnimationActive={false} formatter={(v) => `${String(v)}${unit}`} />,
    series.length > 1 ? <Legend key="legend" /> : null,
  ];
  if (kind === 'line') {
    return (
      <LineChart {...common}>
        {grid}
        {axes}
        {extras}
        {series.map((s, i) => (
          <Line
            key={s.label}
            dataKey={`s${i}`}
            name={s.label}
            stroke={COLOURS[i % COLOURS.length]}
            strokeWidth={3}
            strokeDasharray={DASHES[i % DASHES.length]}
            dot={{ r: 4, fill: COLOURS[i % COLOURS.length] }}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    );
  }
  return (
    <BarChart {...common} layout={isHorizontal ? 'vertical' : 'horizontal'}>
      {grid}
      {axes}
      {extras}
      {series.map((s, i) => (
        <Bar
          key={s.label}
          dataKey={`s${i}`}
          name={s.label}
          fill={COLOURS[i % COLOURS.length]}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}
