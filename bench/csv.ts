// CSV import and export (issue 4, DESIGN.md "Performance budgets"): a generated file of BENCH_CSV_ROWS rows
// (1,000,000 by default, about 100 MB, mixed types) imported through Basalt's API and with `psql \copy` into
// identical empty tables, then the whole table exported as consecutive calls of at most 500,000 rows (the most
// one export may return) through the API, against the same selects through `psql \copy` and against one
// `psql \copy` of the whole table. Each figure is a throughput ratio (psql = 1.0), with the server's peak RSS.
// The server runs as `npm start` would (apps/server/src/main.ts in a child process), driven over real HTTP by
// curl, which streams between the socket and a file as psql does; its peak RSS is its VmHWM from /proc, reset
// just before the CSV work starts.
import { spawnSync } from 'node:child_process'
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { createWriteStream, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { stringify } from 'csv-stringify'
import pg from 'pg'
import { exportSelectSql } from '@basalt/server/src/pg-meta/csv-export.ts'
import { findRelation } from '@basalt/server/src/pg-meta/relation-lookup.ts'
import type { Client } from './http.ts'
import {
  FLAT_GROWTH,
  growth,
  mb,
  peakRss,
  procStatus,
  resetPeakRss,
  startBasalt,
  type BasaltProcess,
} from './server-process.ts'
import type { Report } from './table-editor.ts'

const PSQL = process.env.PSQL ?? '/usr/bin/psql'
const CURL = process.env.CURL ?? '/usr/bin/curl'
/** The export limit of spec 1 §9: the most one export call may return. */
const EXPORT_ROWS = 500_000
const RUNS = Number(process.env.BENCH_CSV_RUNS ?? 3)

/** Writes the CSV: id, category, name (quotes and commas in one row of ten), price, timestamp, flag, array, json. */
async function writeCsv(file: string, rows: number): Promise<void> {
  const start = Date.UTC(2026, 0, 1) / 1000
  async function* records() {
    yield ['id', 'category', 'name', 'price', 'created_at', 'done', 'tags', 'meta']
    for (let i = 1; i <= rows; i++) {
      const at = new Date((start - i) * 1000).toISOString().replace('T', ' ').replace('.000Z', '+00')
      yield [
        String(i),
        String(i % 1000),
        i % 10 === 0 ? `Item ${i}, "special"` : `Item number ${i}`,
        ((i % 100_000) / 100).toFixed(2),
        at,
        i % 2 === 0 ? 'true' : 'false',
        i % 3 === 0 ? '{red,blue}' : '{green}',
        `{"n": ${i % 97}, "tag": "t${i % 13}"}`,
      ]
    }
  }
  await pipeline(Readable.from(records()), stringify(), createWriteStream(file))
}

/**
 * A POST through curl, the answer written to `output`; its time in ms. curl rather than fetch: like psql, a
 * native client that streams between the socket and a file, so the figure is the server's, not the client's
 * (fetch with web streams costs the client more CPU than the server spends, on a shared 2-core machine).
 */
function curl(client: Client, pathname: string, output: string, args: string[]): number {
  const headers = Object.entries(client.headers('POST')).flatMap(([name, value]) => ['-H', `${name}: ${value}`])
  const t0 = performance.now()
  const result = spawnSync(
    CURL,
    ['-sS', '-o', output, '-w', '%{http_code}', '-X', 'POST', ...headers, ...args, client.base + pathname],
    { encoding: 'utf8' },
  )
  const ms = performance.now() - t0
  if (result.status !== 0 || result.stdout !== '200') {
    throw new Error(`curl ${pathname}: ${result.stdout} ${result.stderr} ${readFileSync(output, 'utf8').slice(0, 500)}`)
  }
  return ms
}

function psql(url: string, command: string): number {
  const t0 = performance.now()
  const result = spawnSync(PSQL, [url, '-X', '-v', 'ON_ERROR_STOP=1', '-q', '-c', command], { encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`psql ${command}: ${result.stderr}`)
  return performance.now() - t0
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

export async function csvBench(report: Report): Promise<void> {
  const rows = Number(process.env.BENCH_CSV_ROWS ?? 1_000_000)
  const dir = await mkdtemp(path.join(os.tmpdir(), 'basalt-bench-csv-'))
  await chmod(dir, 0o755)
  const source = path.join(dir, 'source.csv')
  let basalt: BasaltProcess | undefined
  let direct: pg.Client | undefined
  let superuser: pg.Client | undefined
  try {
    console.error(`csv: writing ${rows.toLocaleString('en')} rows`)
    await writeCsv(source, rows)
    const size = (await stat(source)).size
    console.error(`  ${mb(size)} written`)

    basalt = await startBasalt(path.join(dir, 'data'))
    const { owner, databaseUrl: url } = basalt
    const api = (call: string) => `/api/platform/pg-meta/default/${call}`

    direct = new pg.Client({ connectionString: url })
    await direct.connect()
    // CHECKPOINT needs more than the project's admin role has: the bench asks the project cluster's superuser.
    superuser = new pg.Client({ connectionString: await basalt.superuserUrl() })
    await superuser.connect()
    const columns = `id bigint primary key, category int not null, name text not null, price numeric(12, 2),
      created_at timestamptz, done boolean, tags text[], meta jsonb`
    await direct.query(`create table public.csv_api (${columns}); create table public.csv_psql (${columns})`)
    const header = ['id', 'category', 'name', 'price', 'created_at', 'done', 'tags', 'meta']

    const importApi = () => {
      const options = { schema: 'public', table: 'csv_api', header: true, mapping: header }
      const answer = path.join(dir, 'import-answer.json')
      // curl streams the file part from disk; the options field goes first, as the web app sends it.
      const ms = curl(owner, api('table-rows/import'), answer, [
        '-F',
        `options=${JSON.stringify(options)}`,
        '-F',
        `file=@${source};type=text/csv`,
      ])
      const result = JSON.parse(readFileSync(answer, 'utf8')) as { imported?: number }
      if (result.imported !== rows) throw new Error(`import: ${JSON.stringify(result)}`)
      return ms
    }
    const importPsql = () =>
      psql(url, `\\copy public.csv_psql (${header.join(', ')}) from '${source}' with (format csv, header true)`)

    const pid = basalt.process.pid!
    const beforeImports = await procStatus(pid, 'VmRSS')
    await resetPeakRss(pid)
    const imports = { api: [] as number[], psql: [] as number[] }
    for (let run = 0; run < RUNS; run++) {
      // Alternate which goes first; each starts on an empty table after a checkpoint.
      for (const side of run % 2 === 0 ? (['api', 'psql'] as const) : (['psql', 'api'] as const)) {
        await direct.query(`truncate public.csv_${side}`)
        await superuser.query('checkpoint')
        const ms = side === 'api' ? await importApi() : importPsql()
        imports[side].push(ms)
        console.error(`  import ${run + 1} ${side}: ${seconds(ms)}`)
      }
    }
    const importPeak = await peakRss(pid)
    await direct.query('analyze public.csv_api')

    // The whole table out. One export call may return at most 500,000 rows (spec 1 §9), so the API side
    // asks for consecutive id ranges of that size, one call each, and psql copies the table at once.
    const exportRows = rows
    const ranges = Array.from({ length: Math.ceil(rows / EXPORT_ROWS) }, (_, k) => [
      { column: 'id', operator: '>' as const, value: String(k * EXPORT_ROWS) },
      { column: 'id', operator: '<=' as const, value: String((k + 1) * EXPORT_ROWS) },
    ])
    const relation = await findRelation(direct, 'public', 'csv_api')
    if (!relation.ok) throw new Error(relation.error.message)
    type Filters = Parameters<typeof exportSelectSql>[1]['filters']
    const selectOf = (filters: Filters) => exportSelectSql(relation.data, { filters, sorts: [] })
    console.error(`  export statements: ${ranges.map(selectOf).join('; ')}`)
    const apiFile = (k: number) => path.join(dir, `api-${k}.csv`)
    const psqlFile = (k: number) => path.join(dir, `psql-${k}.csv`)
    const wholeFile = path.join(dir, 'psql-whole.csv')
    const exportApi = async () => {
      let total = 0
      for (const [k, filters] of ranges.entries()) {
        const body = JSON.stringify({ schema: 'public', table: 'csv_api', filters })
        total += await curl(owner, api('table-rows/export'), apiFile(k), [
          '-H',
          'content-type: application/json',
          '--data',
          body,
        ])
      }
      return total
    }
    const copyOut = (select: string, file: string) =>
      psql(url, `\\copy (${select}) to '${file}' with (format csv, header true)`)
    // The baseline: psql copying exactly what each API call copies, one \copy per call.
    const exportPsql = () => ranges.reduce((total, filters, k) => total + copyOut(selectOf(filters), psqlFile(k)), 0)
    // And psql copying the whole table at once, which no single export may do.
    const exportWhole = () => copyOut(selectOf([]), wholeFile)

    const beforeExports = await procStatus(pid, 'VmRSS')
    await resetPeakRss(pid)
    const exports = { api: [] as number[], psql: [] as number[], whole: [] as number[] }
    const sides = ['api', 'psql', 'whole'] as const
    for (let run = 0; run < RUNS; run++) {
      // Rotate which goes first.
      for (const side of [...sides.slice(run % 3), ...sides.slice(0, run % 3)]) {
        const ms = side === 'api' ? await exportApi() : side === 'psql' ? exportPsql() : exportWhole()
        exports[side].push(ms)
        console.error(`  export ${run + 1} ${side}: ${seconds(ms)}`)
      }
    }
    const exportPeak = await peakRss(pid)
    // Byte for byte what psql wrote; the whole-table file has the header line once.
    let apiBytes = 0
    for (const k of ranges.keys()) {
      const [ours, theirs] = await Promise.all([readFile(apiFile(k)), readFile(psqlFile(k))])
      if (!ours.equals(theirs)) throw new Error(`export call ${k + 1}: the API's file differs from psql's`)
      apiBytes += ours.length
    }
    const psqlBytes = (await stat(wholeFile)).size
    const headerBytes = (await readFile(wholeFile, 'utf8')).indexOf('\n') + 1
    if (apiBytes - (ranges.length - 1) * headerBytes !== psqlBytes) {
      throw new Error(`the API exported ${apiBytes} bytes in ${ranges.length} files, psql ${psqlBytes}`)
    }

    const best = (xs: number[]) => Math.min(...xs)
    const rowsLabel = (n: number) => (n >= 1e6 ? `${n / 1e6}M` : n.toLocaleString('en'))
    const importRatio = best(imports.psql) / best(imports.api)
    const exportRatio = best(exports.psql) / best(exports.api)
    const wholeRatio = best(exports.whole) / best(exports.api)
    report(
      `CSV import, ${rowsLabel(rows)} rows (${mb(size)}), API vs psql \\copy (throughput)`,
      `${importRatio.toFixed(2)}× (${seconds(best(imports.api))} vs ${seconds(best(imports.psql))}, best of ${RUNS})`,
      '≥ 0.7× (DESIGN: ≥ 0.5×)',
      importRatio >= 0.7,
    )
    report(
      `CSV export, ${rowsLabel(exportRows)} rows (${mb(psqlBytes)}) as ${ranges.length} calls of ≤ 500,000, API vs psql \\copy of the same selects (throughput)`,
      `${exportRatio.toFixed(2)}× (${seconds(best(exports.api))} vs ${seconds(best(exports.psql))}, best of ${RUNS})`,
      '≥ 0.9× (DESIGN: ≥ 0.5×)',
      exportRatio >= 0.9,
    )
    report(
      `  the same ${ranges.length} calls vs one psql \\copy of the whole table (more than one export may return)`,
      `${wholeRatio.toFixed(2)}× (${seconds(best(exports.api))} vs ${seconds(best(exports.whole))}, best of ${RUNS})`,
      '≥ 0.9×',
      wholeRatio >= 0.9,
    )
    report(
      `  server peak RSS during the imports / exports (child process VmHWM)`,
      `${mb(importPeak)} / ${mb(exportPeak)} (from ${mb(beforeImports)} / ${mb(beforeExports)}: ` +
        `${growth(importPeak - beforeImports)} / ${growth(exportPeak - beforeExports)})`,
      'flat: growth < 64 MB',
      importPeak - beforeImports < FLAT_GROWTH && exportPeak - beforeExports < FLAT_GROWTH,
    )
  } finally {
    await direct?.end().catch(() => {})
    await superuser?.end().catch(() => {})
    await basalt?.stop()
    await rm(dir, { recursive: true, force: true })
  }
}
