// Storage API figures (issue 25 point 9): a 1 MB object downloaded through the project's Storage API — by
// signed URL, and authenticated with a user's JWT under a policy — against a bare route in the same server
// reading the same bytes from the same disk, at 20 concurrent clients (time per request, ratio ≤ 1.5×); and
// what policies cost: a small download and a listing under five policies on storage.objects against none
// (service_role, which no policy applies to).
import { randomBytes, randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, stat, writeFile } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { SignJWT } from 'jose'
import pg from 'pg'
import { inProcessProject, stats } from './in-process.ts'
import type { Report } from './table-editor.ts'

const MB = 1024 * 1024
const CLIENTS = 20
const PER_CLIENT = Number(process.env.BENCH_STORAGE_API_REQUESTS ?? 20)

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS })

/** One GET read to its end: its status and milliseconds. */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; ms: number; bytes: number }>((resolve, reject) => {
    const started = performance.now()
    http
      .get(url, { agent, headers }, (res) => {
        let bytes = 0
        res.on('data', (c: Buffer) => (bytes += c.length))
        res.on('end', () => resolve({ status: res.statusCode!, ms: performance.now() - started, bytes }))
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

function post(url: string, body: object, headers: Record<string, string>) {
  return new Promise<{ status: number; ms: number; body: string }>((resolve, reject) => {
    const started = performance.now()
    const payload = JSON.stringify(body)
    const req = http.request(
      url,
      {
        agent,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        let text = ''
        res.on('data', (c: Buffer) => (text += c.toString()))
        res.on('end', () => resolve({ status: res.statusCode!, ms: performance.now() - started, body: text }))
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

/** CLIENTS clients, each making PER_CLIENT requests one after another: wall time per request (ms). */
async function concurrent(request: () => Promise<{ status: number; bytes?: number }>, expectBytes?: number) {
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let i = 0; i < PER_CLIENT; i++) {
        const r = await request()
        if (r.status !== 200 || (expectBytes !== undefined && r.bytes !== expectBytes)) {
          throw new Error(`request answered ${r.status} with ${r.bytes} bytes`)
        }
      }
    }),
  )
  return (performance.now() - started) / (CLIENTS * PER_CLIENT)
}

/** Median of sequential requests (ms), after a warm-up. */
async function sequential(n: number, request: () => Promise<{ status: number; ms: number }>) {
  for (let i = 0; i < 20; i++) await request()
  const times: number[] = []
  for (let i = 0; i < n; i++) {
    const r = await request()
    if (r.status !== 200) throw new Error(`request answered ${r.status}`)
    times.push(r.ms)
  }
  return stats(times).median
}

export async function storageApiBench(table: Report): Promise<void> {
  const report: Report = (figure, value, budget, ok) => {
    console.error(`  ${figure}: ${value} (budget ${budget})`)
    table(figure, value, budget, ok)
  }
  const p = await inProcessProject('storage-api')
  const su = new pg.Client({ connectionString: await p.superuserUrl() })
  try {
    await su.connect()
    const bareDir = path.join(p.app.platform.config.dataDir, 'bare')
    await mkdir(bareDir, { recursive: true })
    const base = await p.app.listen({ port: 0, host: '127.0.0.1' })
    // The bare baseline: a route in the same server (same socket, process and event loop) that streams a
    // file from the same disk, with its length; it sits in front of Basalt's own handler.
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
      stat(file)
        .then((s) => {
          res.writeHead(200, { 'content-length': s.size, 'content-type': 'application/octet-stream' })
          return pipeline(createReadStream(file, { highWaterMark: MB }), res)
        })
        .catch((err: unknown) => {
          if (!res.headersSent) res.writeHead(500).end(String(err))
        })
    })

    const settings = await p.owner.ok<{ storageUrl: string }>('GET', `/api/projects/${p.ref}/settings/api`)
    const storage = `${base}${new URL(settings.storageUrl).pathname}`
    const reveal = (secret: string) =>
      p.owner.ok<{ value: string }>('POST', `/api/projects/${p.ref}/settings/api/reveal`, { secret })
    const serviceKey = (await reveal('service_role')).value
    const secret = new TextEncoder().encode((await reveal('jwt_secret')).value)
    const user = randomUUID()
    const userToken = await new SignJWT({ sub: user, role: 'authenticated', aud: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('2h')
      .sign(secret)
    const service = { authorization: `Bearer ${serviceKey}` }
    const asUser = { authorization: `Bearer ${userToken}` }

    for (const id of ['bench', 'five']) {
      const r = await post(`${storage}/bucket`, { name: id, public: false }, service)
      if (r.status !== 200) throw new Error(`create bucket: ${r.body}`)
    }
    // 'bench': one policy, the user's own folder. 'five': five SELECT policies the user's rows go through
    // (Postgres ORs them: the four that do not match are evaluated too).
    await su.query(`create policy "own folder" on storage.objects for select to authenticated
      using (bucket_id = 'bench' and (storage.foldername(name))[1] = (select auth.uid()::text))`)
    const fivePolicies = [
      `(storage.foldername(name))[1] = 'public' and storage.extension(name) = 'jpg'`,
      `(storage.foldername(name))[1] = 'private' and auth.role() = 'anon'`,
      `name = 'admin/assets/one.jpg' and auth.uid() = '${randomUUID()}'`,
      `(storage.foldername(name))[2] = 'assets' and auth.uid() = '${randomUUID()}'`,
      `(storage.foldername(name))[1] = (select auth.uid()::text)`,
    ]
    for (const [i, definition] of fivePolicies.entries()) {
      await su.query(
        `create policy "five ${i}" on storage.objects for select to authenticated using (bucket_id = 'five' and ${definition})`,
      )
    }

    // ---------- 1 MB: signed URL and authenticated, against the bare route ----------
    const oneMb = randomBytes(MB)
    await writeFile(path.join(bareDir, 'one.bin'), oneMb)
    const upload = (bucket: string, name: string, body: Buffer) =>
      new Promise<void>((resolve, reject) => {
        const req = http.request(
          `${storage}/object/${bucket}/${name}`,
          {
            method: 'POST',
            headers: { ...service, 'content-type': 'application/octet-stream', 'content-length': body.length },
          },
          (res) => {
            res.resume()
            res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`upload ${res.statusCode}`))))
          },
        )
        req.on('error', reject)
        req.end(body)
      })
    await upload('bench', `${user}/one.bin`, oneMb)
    const signed = await post(`${storage}/object/sign/bench/${user}/one.bin`, { expiresIn: 3600 }, asUser)
    const signedUrl = `${storage}${JSON.parse(signed.body).signedURL as string}`

    // Warm both paths, then alternate measurements so that neither gets the quieter moment.
    await concurrent(() => get(`${base}/bare/one.bin`), MB)
    await concurrent(() => get(signedUrl), MB)
    await concurrent(() => get(`${storage}/object/bench/${user}/one.bin`, asUser), MB)
    const bare: number[] = []
    const viaSigned: number[] = []
    const viaJwt: number[] = []
    for (let round = 0; round < 3; round++) {
      bare.push(await concurrent(() => get(`${base}/bare/one.bin`), MB))
      viaSigned.push(await concurrent(() => get(signedUrl), MB))
      viaJwt.push(await concurrent(() => get(`${storage}/object/bench/${user}/one.bin`, asUser), MB))
    }
    const bareMs = stats(bare).median
    const signedMs = stats(viaSigned).median
    const jwtMs = stats(viaJwt).median
    report(
      'storage API: 1 MB download by signed URL vs bare route, 20 clients',
      `${(signedMs / bareMs).toFixed(2)}× (${signedMs.toFixed(2)} vs ${bareMs.toFixed(2)} ms per request)`,
      '≤ 1.5×',
      signedMs / bareMs <= 1.5,
    )
    report(
      'storage API: 1 MB download as a user (JWT, RLS) vs bare route, 20 clients',
      `${(jwtMs / bareMs).toFixed(2)}× (${jwtMs.toFixed(2)} vs ${bareMs.toFixed(2)} ms per request)`,
      '≤ 1.5×',
      jwtMs / bareMs <= 1.5,
    )

    // ---------- what five policies cost ----------
    const small = randomBytes(1024)
    for (let i = 0; i < 100; i++) await upload('five', `${user}/f${String(i).padStart(3, '0')}.bin`, small)
    const object = `${storage}/object/five/${user}/f000.bin`
    const list = (headers: Record<string, string>) => () =>
      post(`${storage}/object/list/five`, { prefix: user, limit: 100 }, headers)
    const rounds = 200
    const downloadNone = await sequential(rounds, () => get(object, service))
    const downloadFive = await sequential(rounds, () => get(object, asUser))
    const listNone = await sequential(rounds, list(service))
    const listFive = await sequential(rounds, list(asUser))
    report(
      'storage API: 1 KB download under 5 policies vs none (service_role)',
      `${(downloadFive / downloadNone).toFixed(2)}× (${downloadFive.toFixed(2)} vs ${downloadNone.toFixed(2)} ms, median)`,
      'visible',
      null,
    )
    report(
      'storage API: list of 100 objects under 5 policies vs none (service_role)',
      `${(listFive / listNone).toFixed(2)}× (${listFive.toFixed(2)} vs ${listNone.toFixed(2)} ms, median)`,
      'visible',
      null,
    )
  } finally {
    agent.destroy()
    await su.end().catch(() => {})
    await p.close()
  }
}
