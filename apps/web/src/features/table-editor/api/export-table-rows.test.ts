import { afterEach, describe, expect, it, vi } from 'vitest'
import { CSV_EXPORT_LIMIT_MESSAGE } from '@basalt/contracts'
import { exportTableRows } from './export-table-rows'

describe('exportTableRows', () => {
  afterEach(() => vi.unstubAllGlobals())

  function stubDownload() {
    const saved: { name: string; text: Promise<string> }[] = []
    let blob: Blob | undefined
    // jsdom has no object URLs.
    Object.assign(URL, {
      createObjectURL: (b: Blob) => {
        blob = b
        return 'blob:export'
      },
      revokeObjectURL: () => {},
    })
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, text: blob!.text() })
    })
    return saved
  }

  it('posts the query with the CSRF header and saves the answer under its attachment name', async () => {
    document.cookie = 'basalt_csrf=token-1'
    const saved = stubDownload()
    const fetch = vi.fn(
      async () =>
        new Response('id,title\n1,a\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="todos_rows.csv"' },
        }),
    )
    vi.stubGlobal('fetch', fetch)
    await exportTableRows('abc', { schema: 'public', table: 'todos', filters: [], sorts: [], rows: [{ id: 1 }] })
    expect(fetch).toHaveBeenCalledWith('/api/platform/pg-meta/abc/table-rows/export', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/csv', 'x-csrf-token': 'token-1' },
      credentials: 'same-origin',
      body: JSON.stringify({ schema: 'public', table: 'todos', filters: [], sorts: [], rows: [{ id: 1 }] }),
      signal: undefined,
    })
    expect(saved).toHaveLength(1)
    expect(saved[0]!.name).toBe('todos_rows.csv')
    expect(await saved[0]!.text).toBe('id,title\n1,a\n')
  })

  it("throws the server's message, such as the 500,000-row limit, and saves nothing", async () => {
    const saved = stubDownload()
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'bad_request', message: CSV_EXPORT_LIMIT_MESSAGE }), { status: 400 }),
      ),
    )
    await expect(exportTableRows('abc', { schema: 'public', table: 'big' })).rejects.toThrow(CSV_EXPORT_LIMIT_MESSAGE)
    expect(saved).toHaveLength(0)
  })

  it('saves under {table}_rows.csv when the answer names no file (spec 1 §9)', async () => {
    const saved = stubDownload()
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('id\n1\n', { headers: { 'content-type': 'text/csv' } })),
    )
    await exportTableRows('abc', { schema: 'public', table: 'notes' })
    expect(saved.map((s) => s.name)).toEqual(['notes_rows.csv'])
  })
})
