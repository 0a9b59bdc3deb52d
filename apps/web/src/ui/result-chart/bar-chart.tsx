import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { ChartPoint } from './chart-config'

const TICK = { fill: 'var(--muted-foreground)', fontSize: 12 }

/**
 * The Recharts bar chart, in its own module so that Recharts loads (a lazy chunk) only when a chart is shown.
 * Colours are the theme's variables, so it follows light and dark mode.
 */
export default function ResultBarChart({
  points,
  xLabel,
  yLabel,
  formatY,
  counts = false,
}: {
  points: ChartPoint[]
  xLabel: string
  yLabel: string
  /** How the values read on the axis and in the tooltip (bytes as `8 MB` rather than 8388608). */
  formatY?: (value: number) => string
  /** Values are counts: the axis has no ticks between whole numbers (no '1.5 connections'). */
  counts?: boolean
}) {
  return (
    <ResponsiveContainer width="100%" height="100%" minHeight={160}>
      <BarChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid vertical={false} stroke="var(--border)" />
        <XAxis dataKey="x" name={xLabel} tick={TICK} stroke="var(--border)" tickLine={false} minTickGap={16} />
        {/* A formatted value ('9.54 MB') is wider than a count, and wrapped on two lines in 64 px. */}
        <YAxis
          tick={TICK}
          stroke="var(--border)"
          tickLine={false}
          width={formatY ? 80 : 64}
          tickFormatter={formatY}
          allowDecimals={!counts}
        />
        <Tooltip
          cursor={{ fill: 'var(--muted)' }}
          contentStyle={{
            background: 'var(--surface-raised)',
            border: '1px solid var(--border)',
            borderRadius: 6,
            color: 'var(--foreground)',
            fontSize: 12,
          }}
          labelStyle={{ color: 'var(--muted-foreground)' }}
          formatter={formatY ? (value) => formatY(Number(value)) : undefined}
        />
        <Bar dataKey="y" name={yLabel} fill="var(--brand)" radius={[2, 2, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  )
}
