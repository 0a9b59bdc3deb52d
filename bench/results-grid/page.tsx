// The results panel alone, for the results-grid bench (bench/results-grid.ts) and its screenshots: the
// app's ResultsPanel and styles, fed runs from `window.bench` instead of a server.
import './page.css'
import { useState } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { Toaster } from 'sonner'
import type { SqlRunResult } from '@basalt/contracts'
import { ResultsPanel } from '../../apps/web/src/features/sql-editor/components/results/results-panel'

declare global {
  interface Window {
    bench: {
      show(run: SqlRunResult | null): void
      /** A run of `select n, md5(n::text) as hash from generate_series(1, rows) as n`. */
      generated(rows: number): SqlRunResult
      setTheme(theme: 'light' | 'dark'): void
      firstPaint(rows: number): Promise<number>
      scrollToEnd(rows: number): Promise<number>
      scrollThrough(): Promise<{ mean: number; p95: number; worst: number }>
      renderAndLayout(rows: number): number
    }
  }
}

let setRun: (run: SqlRunResult | null) => void = () => {}

function Page() {
  const [run, set] = useState<SqlRunResult | null>(null)
  setRun = set
  return (
    <div style={{ height: '100vh' }}>
      <ResultsPanel
        projectRef="bench"
        snippetName="Results grid"
        run={run}
        running={false}
        onGoToStatement={() => {}}
      />
      <Toaster />
    </div>
  )
}

/** 32 hex characters, the shape of md5's text (the content is not what is measured). */
const hex = (n: number) => (Math.imul(n, 2654435761) >>> 0).toString(16).padStart(8, '0').repeat(4)

const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve))

const sql = (rows: number) => `select n, md5(n::text) as hash from generate_series(1, ${rows}) as n`

window.bench = {
  show: (run) => setRun(run),
  generated: (rows) => ({
    runId: `generated-${rows}-${Math.random()}`,
    results: [
      {
        statement: { index: 0, sql: sql(rows), start: 0, end: sql(rows).length, line: 1 },
        columns: [
          { name: 'n', type: 'int4', typeId: 23 },
          { name: 'hash', type: 'text', typeId: 25 },
        ],
        rows: Array.from({ length: rows }, (_, i) => [i + 1, hex(i + 1)]),
        command: 'SELECT',
        rowCount: rows,
        capped: null,
        durationMs: 0,
      },
    ],
    notices: [],
    status: 'success',
    error: null,
    rolledBack: false,
    statementCount: 1,
    durationMs: 0,
  }),
  setTheme: (theme) => document.documentElement.classList.toggle('dark', theme === 'dark'),

  // From handing the panel a run to the first frame painted after the grid's first row is in the page.
  async firstPaint(rows) {
    const run = window.bench.generated(rows)
    window.bench.show(null)
    await frame()
    await frame()
    const t0 = performance.now()
    window.bench.show(run)
    while (!document.querySelector('[role="grid"] [role="row"][aria-rowindex="2"]')) await frame()
    await frame()
    return performance.now() - t0
  },

  // React's render and commit of the panel with the run, and the browser's style and layout of it: the work
  // before the first paint, timed without waiting for a frame (frames come every 16.7 ms).
  renderAndLayout(rows) {
    const run = window.bench.generated(rows)
    flushSync(() => setRun(null))
    const t0 = performance.now()
    flushSync(() => setRun(run))
    void document.querySelector<HTMLElement>('[role="grid"]')!.getBoundingClientRect()
    return performance.now() - t0
  },

  // From setting the grid's scroll to its end to the first frame painted after its last row is in the page.
  async scrollToEnd(rows) {
    const grid = document.querySelector<HTMLElement>('[role="grid"]')!
    grid.scrollTop = 0
    await frame()
    await frame()
    const t0 = performance.now()
    grid.scrollTop = grid.scrollHeight
    while (!grid.querySelector(`[aria-rowindex="${rows + 1}"]`)) await frame()
    await frame()
    return performance.now() - t0
  },

  // Frame intervals while the grid scrolls 3,000 px a frame, for 120 frames (or to its end).
  async scrollThrough() {
    const grid = document.querySelector<HTMLElement>('[role="grid"]')!
    grid.scrollTop = 0
    let last = await frame()
    const intervals: number[] = []
    for (let i = 0; i < 120 && grid.scrollTop + grid.clientHeight < grid.scrollHeight; i++) {
      grid.scrollTop += 3000
      const now = await frame()
      intervals.push(now - last)
      last = now
    }
    intervals.sort((a, b) => a - b)
    return {
      mean: intervals.reduce((a, b) => a + b, 0) / intervals.length,
      p95: intervals[Math.floor(intervals.length * 0.95)]!,
      worst: intervals.at(-1)!,
    }
  },
}

createRoot(document.getElementById('root')!).render(<Page />)
