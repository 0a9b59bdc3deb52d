// Storage figures (DESIGN.md budgets, issue 24 point 9): a 1 GB upload and download through the API against a
// bare route in the same server streaming the same bytes to and from the same disk (and `cp` beside them),
// with the process's RSS growth; folder and bucket listings (first page, page 50); bucket-wide search on
// 1,000,000 objects; a zip of 1,000 files / 1 GB; renaming a 10,000-object folder.
import { execFileSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rm, stat, writeFile } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import pg from 'pg'
import { byteKey } from '@basalt/server/src/storage/object-store.ts'
import { inProcessProject } from './in-process.ts'
import type { Report } from './table-editor.ts'

const GB = 1024 * 1024 * 1024
const MB = 1024 * 1024

/** Peak RSS growth of this process (server and client both live here) while fn runs, sampled every 20 ms. */
async function rssGrowth<T>(fn: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const before = process.memoryUsage().rss
  let peak = before
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 20)
  try {
    const result = await fn()
    peak = Math.max(peak, process.memoryUsage().rss)
    return { result, growth: peak - before }
  } finally {
    clearInterval(timer)
  }
}

/** Sends a file as the body of a request; answers the status and the seconds it took. */
function send(url: string, file: string, size: number, headers: Record<string, string>, method = 'POST') {
  return new Promise<{ status: number; seconds: number; body: string }>((resolve, reject) => {
    const started = performance.now()
    const req = http.request(url, { method, headers: { ...headers, 'content-length': String(size) } }, (res) => {
      let body = ''
      res.on('data', (c: Buffer) => (body += c.toString()))
      res.on('end', () => resolve({ status: res.statusCode!, seconds: (performance.now() - started) / 1000, body }))
    })
    req.on('error', reject)
    createReadStream(file, { highWaterMark: MB }).pipe(req)
  })
}

/** Streams a response to a file; answers its size and the seconds it took. */
function receive(url: string, file: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; seconds: number; bytes: number }>((resolve, reject) => {
    const started = performance.now()
    http
      .get(url, { headers }, (res) => {
        let bytes = 0
        res.on('data', (c: Buffer) => (bytes += c.length))
        pipeline(res, createWriteStream(file, { highWaterMark: MB }))
          .then(() => resolve({ status: res.statusCode!, seconds: (performance.now() - started) / 1000, bytes }))
          .catch(reject)
      })
      .on('error', reject)
  })
}

const mbps = (bytes: number, seconds: number) => `${(bytes / MB / seconds).toFixed(0)} MB/s`

export async function storageBench(table: Report): Promise<void> {
  // Each figure also goes to stderr as soon as it is measured (the table comes at the end of the run).
  const report: Report = (figure, value, budget, ok) => {
    console.error(`  ${figure}: ${value} (budget ${budget})`)
    table(figure, value, budget, ok)
  }
  const p = await inProcessProject('storage')
  try {
    const work = path.join(p.app.platform.config.dataDir, 'bench-files')
    await mkdir(work, { recursive: true })
    const bareDir = path.join(p.app.platform.config.dataDir, 'storage', 'bare')
    await mkdir(bareDir, { recursive: true })
    const base = await p.app.listen({ port: 0, host: '127.0.0.1' })
    // The bare baseline (issue 24 point 9): a route in the same server — the same socket, process and event
    // loop as Basalt's routes — that does the least an HTTP route can do with the bytes: stream the body to a
    // file on the same disk, flushed to it before answering as the store does (an upload answered is on the
    // disk), and a file to the answer. It sits in front of Basalt's own handler.
    const server = p.app.server
    const basalt = server.listeners('request') as ((req: http.IncomingMessage, res: http.ServerResponse) => void)[]
    server.removeAllListeners('request')
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      const name = /^\/bare\/([\w.-]+)$/.exec(req.url ?? '')?.[1]
      if (!name) {
        for (const handler of basalt) handler(req, res)
        return
      }
      const file = path.join(bareDir, name)
      const done = (err?: unknown) => {
        if (err && !res.headersSent) res.writeHead(500).end(String(err))
      }
      if (req.method === 'PUT') {
        pipeline(req, createWriteStream(file, { highWaterMark: MB, flush: true }))
          .then(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'))
          .catch(done)
      } else {
        stat(file)
          .then((s) => {
            res.writeHead(200, { 'content-length': s.size })
            return pipeline(createReadStream(file, { highWaterMark: MB }), res)
          })
          .catch(done)
      }
    })
    const bareBase = base
    const api = `/api/storage/${p.ref}`
    const auth = () => {
      const cookie = [...p.owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
      return { cookie, 'x-csrf-token': p.owner.cookies.get('basalt_csrf') ?? '' }
    }
    await p.owner.ok('POST', `${api}/buckets`, { id: 'bench' })

    // BENCH_STORAGE_PARTS=gb,listing,zip (all by default): the zip's ratio needs the gb part's download.
    const parts = process.env.BENCH_STORAGE_PARTS?.split(',') ?? ['gb', 'listing', 'zip']
    let singleRate = NaN
    if (parts.includes('gb')) {
      // ---------- 1 GB up and down ----------
      const source = path.join(work, 'one-gb.bin')
      {
        const out = createWriteStream(source)
        const chunk = randomBytes(16 * MB)
        for (let i = 0; i < GB / chunk.length; i++)
          if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()))
        await new Promise<void>((r) => out.end(() => r()))
      }
      const cpStart = performance.now()
      execFileSync('cp', [source, path.join(work, 'cp-copy.bin')])
      execFileSync('sync')
      const cpSeconds = (performance.now() - cpStart) / 1000
      await rm(path.join(work, 'cp-copy.bin'))

      const bareUp = await send(
        `${bareBase}/bare/one.bin`,
        source,
        GB,
        { 'content-type': 'application/octet-stream' },
        'PUT',
      )
      const up = await rssGrowth(() =>
        send(`${base}${api}/buckets/bench/objects/upload?path=big/one.bin`, source, GB, {
          ...auth(),
          'content-type': 'application/octet-stream',
        }),
      )
      if (up.result.status !== 201) throw new Error(`upload: ${up.result.status} ${up.result.body}`)
      const upRatio = bareUp.seconds / up.result.seconds
      report(
        'storage: 1 GB upload vs bare route',
        `${upRatio.toFixed(2)}× (${mbps(GB, up.result.seconds)} vs ${mbps(GB, bareUp.seconds)}; cp ${mbps(GB, cpSeconds)})`,
        '≥ 0.7×',
        upRatio >= 0.7,
      )
      report('storage: 1 GB upload RSS growth', `${(up.growth / MB).toFixed(0)} MB`, '< 100 MB', up.growth < 100 * MB)

      const bareDown = await receive(`${bareBase}/bare/one.bin`, path.join(work, 'bare-down.bin'))
      const down = await rssGrowth(() =>
        receive(
          `${base}${api}/buckets/bench/objects/download?path=big/one.bin`,
          path.join(work, 'api-down.bin'),
          auth(),
        ),
      )
      if (down.result.bytes !== GB) throw new Error(`download: ${down.result.status}, ${down.result.bytes} bytes`)
      const downRatio = bareDown.seconds / down.result.seconds
      report(
        'storage: 1 GB download vs bare route',
        `${downRatio.toFixed(2)}× (${mbps(GB, down.result.seconds)} vs ${mbps(GB, bareDown.seconds)}; cp ${mbps(GB, cpSeconds)})`,
        '≥ 0.7×',
        downRatio >= 0.7,
      )
      report(
        'storage: 1 GB download RSS growth',
        `${(down.growth / MB).toFixed(0)} MB`,
        '< 100 MB',
        down.growth < 100 * MB,
      )
      await rm(path.join(work, 'bare-down.bin'))
      await rm(path.join(work, 'api-down.bin'))
      await rm(path.join(bareDir, 'one.bin'))
      singleRate = GB / down.result.seconds
    }
    if (parts.includes('listing')) {
      // ---------- listings ----------
      await p.direct.query(`
      insert into storage.objects (bucket_id, name, metadata)
      select 'bench', 'folder/' || lpad(i::text, 6, '0') || '.txt', '{"size": 1, "mimetype": "text/plain"}'
        from generate_series(1, 10000) i`)
      await p.owner.ok('POST', `${api}/buckets`, { id: 'million' })
      // Loaded as a bulk load is: the explorer's indexes dropped, the rows inserted, the indexes built again
      // (row by row, the trigram index alone takes many minutes on a project cluster's 16 MB of buffers).
      const loadStart = performance.now()
      const su = new pg.Client({ connectionString: await p.superuserUrl() })
      await su.connect()
      const indexes = [
        'objects_name_trgm',
        'objects_bucket_id_name_c',
        'objects_folder_created_at',
        'objects_folder_updated_at',
        'objects_folder_last_accessed_at',
      ]
      await su.query(`drop index ${indexes.map((i) => `storage.${i}`).join(', ')}`)
      await p.direct.query(`
      insert into storage.objects (bucket_id, name, metadata)
      select 'million', 'file-' || lpad(i::text, 7, '0') || '.bin', '{"size": 1}'
        from generate_series(1, 1000000) i`)
      await su.query(`set maintenance_work_mem = '256MB'`)
      await su.query('create index objects_bucket_id_name_c on storage.objects (bucket_id, name collate "C")')
      await su.query('create index objects_name_trgm on storage.objects using gin (name extensions.gin_trgm_ops)')
      for (const column of ['created_at', 'updated_at', 'last_accessed_at']) {
        await su.query(`create index objects_folder_${column} on storage.objects
          (bucket_id, (regexp_replace(name, '[^/]*$', '') collate "C"),
           (coalesce(${column}, '-infinity'::timestamptz)), (name collate "C"))`)
      }
      await su.query('analyze storage.objects')
      await su.end()
      console.error(
        `  (1,000,000 objects loaded and indexed in ${((performance.now() - loadStart) / 1000).toFixed(0)} s)`,
      )
      /** The median of 5 requests of one page (the server's time, the connection and plans warm). */
      const timePage = async (url: string) => {
        const times: number[] = []
        let page: { items: unknown[]; nextCursor: string | null } | undefined
        for (let i = 0; i < 5; i++) {
          const started = performance.now()
          const res = await p.owner.request('GET', url)
          times.push(performance.now() - started)
          if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
          page = res.json()
        }
        return { ms: times.sort((a, b) => a - b)[2]!, page: page! }
      }
      const listing = async (label: string, bucket: string, prefix: string, sort = '') => {
        const url = (cursor?: string) =>
          `${api}/buckets/${bucket}/objects?prefix=${prefix}&limit=200${sort}${cursor ? `&cursor=${cursor}` : ''}`
        const first = await timePage(url())
        let page = first
        for (let n = 2; n < 50; n++) {
          if (!page.page.nextCursor) throw new Error(`${label}: no page ${n}`)
          page = await timePage(url(page.page.nextCursor))
        }
        const fiftieth = await timePage(url(page.page.nextCursor!))
        if (fiftieth.page.items.length !== 200)
          throw new Error(`${label}: page 50 has ${fiftieth.page.items.length} items`)
        report(`storage: ${label}, first page`, `${first.ms.toFixed(1)} ms`, '< 100 ms', first.ms < 100)
        report(`storage: ${label}, page 50`, `${fiftieth.ms.toFixed(1)} ms`, '< 100 ms', fiftieth.ms < 100)
      }
      await listing('10,000-object folder', 'bench', 'folder')
      // The 1,000,000 objects at the bucket's root.
      await listing('1,000,000-object bucket', 'million', '')
      // The date sorts read the folder's own index (bootstrap 0007), newest first as the explorer asks.
      await listing('10,000-object folder by created_at', 'bench', 'folder', '&sortBy=created_at&order=desc')
      await listing('1,000,000-object bucket by updated_at', 'million', '', '&sortBy=updated_at&order=desc')
      const search = await timePage(`${api}/buckets/million/objects/search?q=0123456`)
      report('storage: search in a 1,000,000-object bucket', `${search.ms.toFixed(1)} ms`, '< 500 ms', search.ms < 500)
      const common = await timePage(`${api}/buckets/million/objects/search?q=file-00`)
      report(
        'storage: search, a common term (first 200 hits)',
        `${common.ms.toFixed(1)} ms`,
        '< 500 ms',
        common.ms < 500,
      )

      // ---------- rename ----------
      const renameStart = performance.now()
      await p.owner.ok('POST', `${api}/buckets/bench/objects/rename`, { from: 'folder', to: 'renamed', kind: 'folder' })
      const renameMs = performance.now() - renameStart
      report('storage: rename a 10,000-object folder', `${(renameMs / 1000).toFixed(2)} s`, '< 5 s', renameMs < 5000)
    }
    if (parts.includes('zip')) {
      // ---------- zip of 1,000 files / 1 GB ----------
      const oneMb = randomBytes(MB)
      const ids: string[] = []
      for (let i = 0; i < 1000; i++) {
        const id = randomUUID()
        ids.push(id)
        const file = path.join(p.app.platform.config.dataDir, 'storage', byteKey(p.ref, 'bench', id))
        await mkdir(path.dirname(file), { recursive: true })
        await writeFile(file, oneMb)
      }
      await p.direct.query(
        `insert into storage.objects (id, bucket_id, name, metadata)
       select id::uuid, 'bench', 'zip/' || ord || '.bin', '{"size": 1048576, "mimetype": "application/octet-stream"}'
         from unnest($1::text[]) with ordinality as t(id, ord)`,
        [ids],
      )
      const zip = await rssGrowth(() =>
        receive(`${base}${api}/buckets/bench/objects/zip?path=zip/`, path.join(work, 'zip.zip'), auth()),
      )
      const zipRate = zip.result.bytes / zip.result.seconds
      report(
        'storage: zip of 1,000 files / 1 GB vs single download',
        `${(zipRate / singleRate).toFixed(2)}× (${mbps(zip.result.bytes, zip.result.seconds)})`,
        '≥ 0.5×',
        zipRate / singleRate >= 0.5,
      )
      report('storage: zip RSS growth', `${(zip.growth / MB).toFixed(0)} MB`, '< 100 MB', zip.growth < 100 * MB)
    }
  } finally {
    await p.close()
  }
}
