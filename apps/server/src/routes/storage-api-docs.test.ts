import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import pg from 'pg'
import { storageSnippets, type StorageSnippet, type StorageSnippetId } from '@basalt/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../test/global-setup.ts'
import { createProjectApp, projectSuperuserUrl } from '../../test/platform-app.ts'
import { STORAGE_BACKENDS, type OpenBackend } from '../../test/storage-backends.ts'

const run = promisify(execFile)
/** Snippets run from a folder inside apps/server, so that `@supabase/storage-js` resolves as in an app. */
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * API docs › Storage (issue 25 point 8): the snippets the page shows for a bucket — built by the same
 * function from the same settings (Storage URL, anon key) — run as shown, each after the setup snippet, in a
 * plain Node process with the real `@supabase/storage-js`, against a running Basalt. Only a line that prints
 * the snippet's result is added.
 */
describe('the storage API docs snippets', () => {
  let backend: OpenBackend
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let su: pg.Client
  let dir: string
  let settings: { storageUrl: string; anonKey: string }
  let runs = 0

  /**
   * Runs the setup snippet, then each named snippet in a block of its own (they all declare `data` and
   * `error`) followed by the line that prints its result, in one Node process; returns what each printed.
   */
  const runSnippets = async (snippets: StorageSnippet[], steps: [StorageSnippetId, string][]) => {
    const code = (id: StorageSnippetId) => {
      const snippet = snippets.find((s) => s.id === id)
      if (!snippet) throw new Error(`no ${id} snippet`)
      return snippet.code
    }
    const blocks = steps.map(([id, print]) => `{\n${code(id)}${print}\n}\n`)
    const file = path.join(dir, `run-${++runs}.mjs`)
    await writeFile(file, `${code('setup')}\n${blocks.join('')}`)
    const { stdout } = await run(process.execPath, [file], { cwd: dir, timeout: 60_000 })
    return stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
  }
  const snippetsFor = (bucket: string, isPublic: boolean) =>
    storageSnippets({
      storageUrl: settings.storageUrl,
      anonKey: settings.anonKey,
      bucket: { id: bucket, public: isPublic },
    })

  beforeAll(async () => {
    backend = await STORAGE_BACKENDS[0]![1]()
    const port = await freePort()
    p = await createProjectApp('Docs', {
      objectStore: backend.store,
      config: { publicUrl: `http://127.0.0.1:${port}` },
    })
    await p.t.app.listen({ port, host: '127.0.0.1' })
    su = new pg.Client({ connectionString: await projectSuperuserUrl(p.t, p.ref) })
    await su.connect()
    settings = (await p.owner.get(`/api/projects/${p.ref}/settings/api`)).json()
    for (const [id, isPublic] of [
      ['reports', false],
      ['site-assets', true],
      ['closed', false],
    ] as const) {
      expect((await p.owner.post(`/api/storage/${p.ref}/buckets`, { id, public: isPublic })).statusCode).toBe(201)
    }
    // What an app's owner would add for the anon key (Storage › Policies): read and upload in two buckets.
    for (const command of ['select', 'insert']) {
      const clause = command === 'insert' ? 'with check' : 'using'
      await su.query(
        `create policy "anon ${command}" on storage.objects for ${command} to anon ${clause} (bucket_id in ('reports', 'site-assets'))`,
      )
    }
    dir = await mkdtemp(path.join(SERVER_DIR, '.storage-snippets-'))
  })
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true })
    await su?.end()
    await p?.close()
    await backend?.close()
  })

  it.each([
    ['a private bucket', 'reports', false],
    ['a public bucket', 'site-assets', true],
  ])('upload, download, list and sign run as shown on %s', async (_name, bucket, isPublic) => {
    const snippets = snippetsFor(bucket, isPublic)
    expect(snippets.map((s) => s.id)).toEqual(
      isPublic
        ? ['setup', 'upload', 'download', 'list', 'signed-url', 'public-url']
        : ['setup', 'upload', 'download', 'list', 'signed-url'],
    )
    expect(snippets[0]!.code).toContain(settings.storageUrl)

    const print = (what: string) => `console.log(JSON.stringify({ ${what}, error: error?.message ?? null }))`
    const [uploaded, downloaded, listed, signed, ...rest] = await runSnippets(snippets, [
      ['upload', print('data')],
      ['download', print('text: data && (await data.text())')],
      ['list', print('names: data?.map((f) => f.name)')],
      ['signed-url', print('url: data?.signedUrl')],
      ...(isPublic
        ? [['public-url', 'console.log(JSON.stringify({ url: data.publicUrl }))'] as [StorageSnippetId, string]]
        : []),
    ])
    expect(uploaded).toMatchObject({
      data: { path: 'folder/example.txt', fullPath: `${bucket}/folder/example.txt` },
      error: null,
    })
    expect(downloaded).toEqual({ text: 'Hello from Basalt', error: null })
    expect(listed).toEqual({ names: ['example.txt'], error: null })
    expect(signed.error).toBeNull()
    expect(signed.url.startsWith(settings.storageUrl)).toBe(true)
    expect(await (await fetch(signed.url)).text()).toBe('Hello from Basalt')
    if (isPublic) {
      const res = await fetch(rest[0].url)
      expect(res.status).toBe(200)
      expect(await res.text()).toBe('Hello from Basalt')
    } else expect(rest).toEqual([])
  })

  it('says what the policies refuse, as storage-js reports it', async () => {
    // No policy lets anon write to 'closed': the shown upload runs and reports the refusal.
    const [refused] = await runSnippets(snippetsFor('closed', false), [
      ['upload', 'console.log(JSON.stringify({ data, error: error?.message ?? null }))'],
    ])
    expect(refused.data).toBeNull()
    expect(refused.error).toMatch(/^new row violates row-level security policy/)
    const { rows } = await su.query(`select count(*)::int as n from storage.objects where bucket_id = 'closed'`)
    expect(rows[0].n).toBe(0)
  })
})
