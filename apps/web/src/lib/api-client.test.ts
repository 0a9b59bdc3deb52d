import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { mockFetch } from '../test/helpers'
import { api, ApiError, apiErrorOf, apiText, attachmentFileName, CSRF_HEADER, download, upload } from './api-client'

describe('api', () => {
  it('sends the CSRF cookie as a header on state-changing calls only', async () => {
    document.cookie = 'basalt_csrf=tok%20en; path=/'
    const { calls } = mockFetch({ 'POST /api/x': { body: { ok: true } }, 'GET /api/x': { body: { ok: true } } })
    await api('/api/x', { method: 'POST', body: { a: 1 } })
    await api('/api/x')
    expect(calls[0]!.headers[CSRF_HEADER]).toBe('tok en')
    expect(calls[0]!.body).toEqual({ a: 1 })
    expect(calls[1]!.headers[CSRF_HEADER]).toBeUndefined()
  })

  it('parses answers with the schema', async () => {
    mockFetch({ 'GET /api/n': { body: { n: 3 } } })
    await expect(api('/api/n', { schema: z.object({ n: z.number() }) })).resolves.toEqual({ n: 3 })
  })

  it('throws ApiError with the code, message and status of a failure', async () => {
    mockFetch({ 'GET /api/p': { status: 404, body: { code: 'not_found', message: 'Project not found' } } })
    const error = await api('/api/p').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 'not_found', message: 'Project not found', status: 404 })
  })

  it('sends the headers a call adds (which database it reaches)', async () => {
    const { calls } = mockFetch({ 'POST /api/q': { body: {} } })
    await api('/api/q', { method: 'POST', body: {}, headers: { 'x-connection-encrypted': 'replica-1' } })
    expect(calls[0]!.headers['x-connection-encrypted']).toBe('replica-1')
  })
})

describe('apiText', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('answers the text as sent, and throws failures whole', async () => {
    const fetch = vi.fn(async () => new Response('select\n  1;', { status: 200 }))
    vi.stubGlobal('fetch', fetch)
    await expect(apiText('/api/f', { method: 'POST', body: { query: 'select 1' } })).resolves.toBe('select\n  1;')
    fetch.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: 'pg_error', message: 'syntax error' }), { status: 400 }),
    )
    await expect(apiText('/api/f', { method: 'POST', body: {} })).rejects.toMatchObject({
      code: 'pg_error',
      message: 'syntax error',
      status: 400,
    })
  })
})

describe('apiErrorOf', () => {
  it('keeps a Postgres error whole: its code, message, psql-style text and position', () => {
    const error = apiErrorOf(400, {
      code: 'pg_error',
      message: 'syntax error at or near "selec"',
      formattedError: 'ERROR:  syntax error at or near "selec"\nLINE 1: selec 1\n        ^',
      position: 1,
    })
    expect(error).toMatchObject({ code: 'pg_error', status: 400, position: 1 })
    expect(error.formattedError).toContain('LINE 1: selec 1')
  })

  it('names the status when the answer is not an error the server wrote', () => {
    expect(apiErrorOf(502, undefined)).toMatchObject({ code: 'internal', message: 'Request failed with status 502' })
  })
})

/** An XMLHttpRequest that records what it sends and answers as the test says, reporting upload progress. */
class FakeXhr {
  static last: FakeXhr | null = null
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
    onprogress: null,
  }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  status = 0
  responseText = ''
  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: FormData | null = null
  aborted = false
  constructor() {
    FakeXhr.last = this
  }
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: FormData) {
    this.body = body
  }
  abort() {
    this.aborted = true
    this.onabort?.()
  }
  respond(status: number, body: unknown) {
    this.status = status
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body)
    this.onload?.()
  }
}

describe('upload', () => {
  beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr))
  afterEach(() => vi.unstubAllGlobals())

  const form = () => {
    const f = new FormData()
    f.append('options', '{}')
    f.append('file', new Blob(['a,b\n']), 'a.csv')
    return f
  }

  it('posts the form with the CSRF header, reports progress and parses the answer', async () => {
    document.cookie = 'basalt_csrf=tok; path=/'
    const progress: Array<[number, number]> = []
    const body = form()
    const done = upload('/api/x/import', {
      form: body,
      schema: z.object({ rows: z.number() }),
      onProgress: (sent, total) => progress.push([sent, total]),
    })
    const xhr = FakeXhr.last!
    expect([xhr.method, xhr.url, xhr.headers[CSRF_HEADER], xhr.headers.accept]).toEqual([
      'POST',
      '/api/x/import',
      'tok',
      'application/json',
    ])
    expect(xhr.body).toBe(body)
    xhr.upload.onprogress!({ loaded: 2, total: 4, lengthComputable: true })
    xhr.upload.onprogress!({ loaded: 4, total: 4, lengthComputable: true })
    xhr.respond(200, { rows: 1 })
    await expect(done).resolves.toEqual({ rows: 1 })
    expect(progress).toEqual([
      [2, 4],
      [4, 4],
    ])
  })

  it('throws failures whole, or as the caller reads them', async () => {
    const plain = upload('/api/x', { form: form(), schema: z.unknown() })
    FakeXhr.last!.respond(400, { code: 'pg_error', message: 'bad', formattedError: 'ERROR:  bad', position: 3 })
    await expect(plain).rejects.toMatchObject({ code: 'pg_error', formattedError: 'ERROR:  bad', position: 3 })

    const special = new ApiError('import_rejected', 'Rows refused', 422)
    const read = upload('/api/x', {
      form: form(),
      schema: z.unknown(),
      failure: (status) => (status === 422 ? special : undefined),
    })
    FakeXhr.last!.respond(422, { message: 'Rows refused', rejected: [] })
    await expect(read).rejects.toBe(special)

    const invalid = upload('/api/x', { form: form(), schema: z.object({ rows: z.number() }) })
    FakeXhr.last!.respond(200, 'not json')
    await expect(invalid).rejects.toMatchObject({ code: 'invalid_response' })

    const offline = upload('/api/x', { form: form(), schema: z.unknown() })
    FakeXhr.last!.onerror!()
    await expect(offline).rejects.toMatchObject({ code: 'network_error', status: 0 })
  })

  it('cancels when the signal aborts', async () => {
    const controller = new AbortController()
    const done = upload('/api/x', { form: form(), schema: z.unknown(), signal: controller.signal })
    controller.abort()
    await expect(done).rejects.toMatchObject({ name: 'AbortError' })
    expect(FakeXhr.last!.aborted).toBe(true)
  })
})

describe('download', () => {
  afterEach(() => vi.unstubAllGlobals())

  /** What the browser was asked to save, by clicking a link to an object URL (jsdom has none of its own). */
  function stubSave() {
    const saved: { name: string; file: File }[] = []
    let last: File | undefined
    Object.assign(URL, {
      createObjectURL: (file: File) => {
        last = file
        return 'blob:download'
      },
      revokeObjectURL: () => {},
    })
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, file: last! })
    })
    return saved
  }

  /** An answer streamed in the given chunks. */
  const streamed = (chunks: string[], headers: Record<string, string>) =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk))
          controller.close()
        },
      }),
      { headers },
    )

  it('reads the answer chunk by chunk into a file saved under the name the server gives', async () => {
    document.cookie = 'basalt_csrf=tok; path=/'
    const saved = stubSave()
    const { calls } = mockFetch({})
    vi.stubGlobal(
      'fetch',
      vi.fn(async (...args: Parameters<typeof fetch>) => {
        calls.push({
          method: args[1]!.method!,
          path: String(args[0]),
          body: JSON.parse(String(args[1]!.body)),
          headers: args[1]!.headers as Record<string, string>,
        })
        return streamed(['id,title\n', '1,a\n', '2,b\n'], {
          'content-type': 'text/csv',
          'content-length': '17',
          'content-disposition': `attachment; filename="x.csv"; filename*=UTF-8''caf%C3%A9.csv`,
        })
      }),
    )
    const progress: Array<[number, number | undefined]> = []
    const file = await download('/api/export', {
      method: 'POST',
      body: { table: 'todos' },
      accept: 'text/csv',
      fileName: 'todos_rows.csv',
      onProgress: (received, total) => progress.push([received, total]),
    })
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/export', body: { table: 'todos' } })
    expect(calls[0]!.headers).toMatchObject({
      accept: 'text/csv',
      'content-type': 'application/json',
      [CSRF_HEADER]: 'tok',
    })
    expect(progress).toEqual([
      [9, 17],
      [13, 17],
      [17, 17],
    ])
    expect(saved.map((s) => s.name)).toEqual(['café.csv'])
    expect(saved[0]!.file).toBe(file)
    expect(await file.text()).toBe('id,title\n1,a\n2,b\n')
    expect(file.type).toBe('text/csv')
  })

  it('saves nothing and throws the error whole when the server refuses', async () => {
    const saved = stubSave()
    mockFetch({
      'GET /api/export': {
        status: 400,
        body: {
          code: 'pg_error',
          message: 'column "x" does not exist',
          formattedError: 'ERROR:  column "x"…',
          position: 8,
        },
      },
    })
    const error = await download('/api/export', { accept: 'text/csv', fileName: 'x.csv' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 'pg_error', status: 400, formattedError: 'ERROR:  column "x"…', position: 8 })
    expect(saved).toHaveLength(0)
  })

  it('stops and saves nothing when the signal aborts', async () => {
    const saved = stubSave()
    const controller = new AbortController()
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path: string, init: RequestInit) => {
        init.signal!.throwIfAborted()
        return streamed(['a'], {})
      }),
    )
    controller.abort()
    await expect(
      download('/api/export', { accept: 'text/csv', fileName: 'x.csv', signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' })
    expect(saved).toHaveLength(0)
  })

  it('reads the file name, preferring the UTF-8 one', () => {
    expect(attachmentFileName('attachment; filename="todos_rows.csv"')).toBe('todos_rows.csv')
    expect(
      attachmentFileName(
        `attachment; filename="caf_ \\"menu\\"_rows.csv"; filename*=UTF-8''caf%C3%A9%20%22menu%22_rows.csv`,
      ),
    ).toBe('café "menu"_rows.csv')
    expect(attachmentFileName('attachment; filename*=UTF-8\'\'%E0%A4%A; filename="plain.csv"')).toBe('plain.csv')
    expect(attachmentFileName(null)).toBeNull()
  })
})
