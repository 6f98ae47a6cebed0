/**
 * The one place the chart library is imported: only the statistics screen imports this
 * file, and that screen is a lazy route, so recharts never reaches the chat's first load.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface BarPoint {
  key: string;
  /** The axis and tooltip label. */
  label: string;
  value: number;
}

export interface BarSeriesProps {
  points: readonly BarPoint[];
  /** The tooltip's name of the value ("Messages"). */
  valueName: string;
  height?: number;
}

export function BarSeries({ points, valueName, height = 220 }: BarSeriesProps) {
  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 320, height }}>
      <BarChart data={[...points]} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid vertical={false} stroke="var(--border)" />
        <XAxis
          dataKey="label"
          // Labels that would overlap are dropped, so 30 days stay readable at 360 px.
          interval="preserveStartEnd"
          minTickGap={18}
          tick={{ fontSize: 11, fill: 'var(--text-muted)' }}
          tickLine={false}
          axisLine={{ stroke: 'var(--border)' }}
        />
        <YAxis
          allowDecimals={false}
          width={40}
          tick={{ fontSize: 11, fill: 'var(--text-muted)' }}
          tickLine={false}
          axisLine={false}
        />
        <Tooltip
          cursor={{ fill: 'var(--surface-muted)' }}
          contentStyle={{
            background: 'var(--surface)',
            border: '1px solid var(--border)',
            borderRadius: 8,
            color: 'var(--text)',
            fontSize: 12,
          }}
        />
        <Bar
          dataKey="value"
          name={valueName}
          fill="var(--accent)"
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
