// The SQL editor's results grid (issue 12 §3, §14; DESIGN.md: "100k result rows render and scroll"): the
// app's ResultsPanel built by Vite into a page of its own (bench/results-grid/), fed a generated result of
// `select n, md5(n::text) as hash from generate_series(1, 100000) as n`, in Debian Chromium. Measured in the
// page: time to first paint of the grid, time to scroll to its last row, and frame times while scrolling
// through it, each against the same result of 100 rows (virtualised, the two should cost about the same).
//
// Standalone: `node scripts/node24.mjs node --import tsx bench/results-grid.ts`; RESULTS_GRID_SCREENSHOTS=<dir>
// also saves screenshots of the panel (several results, notices, the cap, a chart; light and dark).
import { createReadStream } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import AxeBuilder from '@axe-core/playwright'
import { chromium, type Page } from 'playwright-core'
import { build } from 'vite'
import type { SqlRunResult } from '@basalt/contracts'

type Report = (figure: string, value: string, budget: string, ok: boolean | null) => void

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '..')
const ROWS = Number(process.env.BENCH_RESULT_ROWS ?? 100_000)
const BASELINE_ROWS = 100
const REPEATS = 5

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }

/** Serves the built page's files. */
async function serve(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const file = path.join(
      dir,
      decodeURIComponent(new URL(req.url!, 'http://x').pathname).replace(/^\/$/, '/index.html'),
    )
    if (!file.startsWith(dir) || !(await stat(file).catch(() => null))?.isFile()) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' })
    createReadStream(file).pipe(res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(() => r())) }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** Calls a measure of the page (bench/results-grid/page.tsx, where the DOM's types are). */
const inPage = <T>(page: Page, call: string) => page.evaluate(`window.bench.${call}`) as Promise<T>
const firstPaint = (page: Page, rows: number) => inPage<number>(page, `firstPaint(${rows})`)
const scrollToEnd = (page: Page, rows: number) => inPage<number>(page, `scrollToEnd(${rows})`)
const scrollThrough = (page: Page) => inPage<{ mean: number; p95: number; worst: number }>(page, 'scrollThrough()')
const renderAndLayout = (page: Page, rows: number) => inPage<number>(page, `renderAndLayout(${rows})`)

export async function resultsGridBench(report: Report): Promise<void> {
  const out = await mkdtemp(path.join(os.tmpdir(), 'basalt-results-grid-'))
  let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined
  let server: Awaited<ReturnType<typeof serve>> | undefined
  try {
    console.error('results grid: building the bench page')
    await build({
      configFile: path.join(root, 'apps/web/vite.config.ts'),
      root: path.join(here, 'results-grid'),
      base: './',
      logLevel: 'warn',
      build: { outDir: out, emptyOutDir: true },
    })
    server = await serve(out)
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    })
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
    await page.goto(server.url)
    await page.waitForFunction('"bench" in window')

    const measure = async (rows: number) => {
      await firstPaint(page, rows) // warm-up: the first render compiles the code
      const renders: number[] = []
      const paints: number[] = []
      const ends: number[] = []
      for (let i = 0; i < REPEATS; i++) {
        renders.push(await renderAndLayout(page, rows))
        paints.push(await firstPaint(page, rows))
        ends.push(await scrollToEnd(page, rows))
      }
      return { render: median(renders), paint: median(paints), end: median(ends), scroll: await scrollThrough(page) }
    }
    console.error(`results grid: ${BASELINE_ROWS} and ${ROWS.toLocaleString('en')} rows, ${REPEATS} times each`)
    const small = await measure(BASELINE_ROWS)
    const big = await measure(ROWS)
    const n = ROWS.toLocaleString('en')
    const ms = (x: number) => `${x.toFixed(1)} ms`
    report(
      `results grid: render and layout of ${n} rows (Chromium, page of the panel alone)`,
      `${ms(big.render)} (${(big.render / small.render).toFixed(2)}× ${BASELINE_ROWS} rows: ${ms(small.render)})`,
      `≤ 2× ${BASELINE_ROWS} rows`,
      big.render <= 2 * small.render,
    )
    report(
      `results grid: first paint of ${n} rows (to the frame; frames are 16.7 ms)`,
      `${ms(big.paint)} (${(big.paint / small.paint).toFixed(2)}× ${BASELINE_ROWS} rows: ${ms(small.paint)})`,
      `≤ 2× ${BASELINE_ROWS} rows`,
      big.paint <= 2 * small.paint,
    )
    report(
      `results grid: scroll to the last of ${n} rows`,
      `${ms(big.end)} (${(big.end / small.end).toFixed(2)}× ${BASELINE_ROWS} rows: ${ms(small.end)})`,
      `≤ 2× ${BASELINE_ROWS} rows`,
      big.end <= 2 * small.end,
    )
    report(
      `results grid: frames while scrolling through ${n} rows (3,000 px a frame)`,
      `mean ${ms(big.scroll.mean)}, 95th percentile ${ms(big.scroll.p95)}, worst ${ms(big.scroll.worst)} (${BASELINE_ROWS} rows: no scroll)`,
      '95th percentile < 50 ms (no freeze)',
      big.scroll.p95 < 50,
    )
    if (process.env.RESULTS_GRID_SCREENSHOTS) await screenshots(page, process.env.RESULTS_GRID_SCREENSHOTS)
  } finally {
    await browser?.close()
    await server?.close()
    await rm(out, { recursive: true, force: true })
  }
}

// ---------- screenshots ----------

const place = (index: number, sql: string, line: number) => ({ index, sql, start: 0, end: sql.length, line })
const DAYS = Array.from({ length: 14 }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`)

const SEVERAL: SqlRunResult = {
  runId: 'several',
  status: 'success',
  error: null,
  rolledBack: false,
  statementCount: 5,
  durationMs: 42.7,
  results: [
    {
      statement: place(0, 'create table signups (day date primary key, n int not null)', 1),
      columns: [],
      rows: [],
      command: 'CREATE TABLE',
      rowCount: null,
      capped: null,
      durationMs: 3.1,
    },
    {
      statement: place(
        1,
        "insert into signups select d, (random() * 90)::int + 10 from generate_series('2026-03-01'::date, '2026-03-14', '1 day') as d",
        2,
      ),
      columns: [],
      rows: [],
      command: 'INSERT',
      rowCount: 14,
      capped: null,
      durationMs: 1.4,
    },
    {
      statement: place(2, "do $$ begin raise notice 'signups loaded: %', (select count(*) from signups); end $$", 4),
      columns: [],
      rows: [],
      command: 'DO',
      rowCount: null,
      capped: null,
      durationMs: 0.9,
    },
    {
      statement: place(3, 'select day, n as signups, null::text as note, n as signups from signups order by day', 5),
      columns: [
        { name: 'day', type: 'date', typeId: 1082 },
        { name: 'signups', type: 'int4', typeId: 23 },
        { name: 'note', type: 'text', typeId: 25 },
        { name: 'signups', type: 'int4', typeId: 23 },
      ],
      rows: DAYS.map((day, i) => {
        const n = 20 + ((i * 37) % 70)
        return [day, n, i === 3 ? 'launch | week' : null, n]
      }),
      command: 'SELECT',
      rowCount: 14,
      capped: null,
      durationMs: 0.6,
    },
    {
      statement: place(4, 'select n, md5(n::text) as hash from generate_series(1, 200000) as n', 6),
      columns: [
        { name: 'n', type: 'int4', typeId: 23 },
        { name: 'hash', type: 'text', typeId: 25 },
      ],
      rows: Array.from({ length: 2000 }, (_, i) => [i + 1, (i * 2654435761).toString(16).padStart(32, '0').slice(-32)]),
      command: 'SELECT',
      rowCount: 2000,
      capped: { reason: 'rows', limit: 100_000 },
      durationMs: 35.2,
    },
  ],
  notices: [{ statementIndex: 2, severity: 'NOTICE', code: '00000', message: 'signups loaded: 14' }],
}

/** axe's WCAG 2.1 A/AA findings on the panel as it is, one line each. */
async function axe(page: Page, where: string, include?: string) {
  const builder = new AxeBuilder({ page: page as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  // An open menu hides the rest of the page from assistive technology (Radix's modal menus): check the menu.
  const { violations } = await (include ? builder.include(include) : builder).analyze()
  for (const v of violations)
    console.error(
      `  axe, ${where}: [${v.impact}] ${v.id} ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    )
}

async function screenshots(page: Page, dir: string) {
  for (const theme of ['light', 'dark'] as const) {
    await inPage(page, `setTheme(${JSON.stringify(theme)})`)
    await inPage(page, `show(${JSON.stringify(SEVERAL)})`)
    await page.getByRole('tab', { name: /select day, n as signups/ }).click()
    await page.getByRole('tab', { name: /^Results/ }).click()
    await page.screenshot({ path: path.join(dir, `results-several-${theme}.png`) })
    await axe(page, `results, ${theme}`)
    await page.getByRole('tab', { name: 'Chart' }).click()
    await page.getByRole('checkbox', { name: 'Cumulative' }).uncheck()
    await page.waitForSelector('.recharts-bar-rectangle')
    await page.screenshot({ path: path.join(dir, `results-chart-${theme}.png`) })
    await axe(page, `chart, ${theme}`)
    await page.getByRole('tab', { name: /do \$\$ begin raise notice/ }).click()
    await page.screenshot({ path: path.join(dir, `results-no-rows-${theme}.png`) })
    await axe(page, `no rows, ${theme}`)
    await page.getByRole('tab', { name: /generate_series\(1, 200000\)/ }).click()
    await page.getByRole('button', { name: 'Export' }).click()
    await page.screenshot({ path: path.join(dir, `results-capped-export-${theme}.png`) })
    await axe(page, `export menu, ${theme}`, '[role="menu"]')
    await page.keyboard.press('Escape')
    await inPage(page, 'show(null)')
    await page.getByText('No results yet').waitFor()
    await page.screenshot({ path: path.join(dir, `results-empty-${theme}.png`) })
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await resultsGridBench((figure, value, budget, ok) =>
    console.log(`${figure}  ${value}  ${budget}  ${ok === null ? '—' : ok ? 'within budget' : 'OVER BUDGET'}`),
  )
}
