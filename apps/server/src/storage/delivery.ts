import { once } from 'node:events'
import { ZipArchive } from 'archiver'
import { fail, ZIP_MANIFEST_NAME, type ObjectRef, type Result } from '@basalt/contracts'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { byteKey, type ObjectStore } from './object-store.ts'
import { splitPath, type ObjectRow } from './objects.ts'

/**
 * A header value's file name: `attachment; filename="…"`, with RFC 5987 `filename*` (UTF-8) when the name
 * is not printable ASCII.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = `${kind}; filename="${name.replace(/[^\x20-\x7e]/g, '?').replace(/["\\]/g, '\\$&')}"`
  if (/^[\x20-\x7e]*$/.test(name)) return fallback
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `${fallback}; filename*=UTF-8''${encoded}`
}

/** One inclusive byte range of a `Range: bytes=…` header; null for none or several (the whole body is sent). */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!m || (m[1] === '' && m[2] === '')) return null
  let start: number
  let end: number
  if (m[1] === '') {
    // The last n bytes.
    const n = Number(m[2])
    if (n === 0) return 'unsatisfiable'
    start = Math.max(0, size - n)
    end = size - 1
  } else {
    start = Number(m[1])
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  }
  if (start >= size || start > end) return 'unsatisfiable'
  return { start, end }
}

/**
 * The Content-Security-Policy of a stored object's bytes: an uploaded HTML or SVG file runs no script and
 * loads nothing on Basalt's origin; Basalt's own pages may frame it (the explorer's preview). A PDF gets only
 * the framing rule, as the browser's PDF viewer does not run under `default-src 'none'`.
 */
export function objectPolicy(mimetype: string): string {
  if (mimetype.toLowerCase().startsWith('application/pdf')) return "frame-ancestors 'self'"
  return "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'"
}

/**
 * Answers an object's bytes, streamed from the store: Range (206), ETag and If-None-Match (304),
 * Last-Modified, the stored Content-Type and Cache-Control; `download` makes it an attachment.
 */
export async function sendObject(
  req: FastifyRequest,
  reply: FastifyReply,
  store: ObjectStore,
  ref: string,
  bucketId: string,
  row: ObjectRow,
  options: { download?: string | boolean },
): Promise<FastifyReply> {
  const key = byteKey(ref, bucketId, row.id)
  const m = row.metadata ?? {}
  let size = typeof m.size === 'number' ? m.size : Number(m.size)
  if (!Number.isFinite(size)) {
    const s = await store.stat(key)
    if (!s) return reply.result(fail('not_found', 'The bytes of this object are missing from the store'))
    size = s.size
  }
  const etag = typeof m.eTag === 'string' ? m.eTag : `"${row.id}"`
  const modified = new Date(row.updated_at ?? row.created_at ?? 0)
  reply.header('etag', etag)
  reply.header('last-modified', modified.toUTCString())
  reply.header('accept-ranges', 'bytes')
  reply.header('cache-control', typeof m.cacheControl === 'string' ? m.cacheControl : 'no-cache')
  reply.header('content-type', typeof m.mimetype === 'string' ? m.mimetype : 'application/octet-stream')
  reply.header('x-content-type-options', 'nosniff')
  const name = splitPath(row.name).name
  // `download` (the Storage API's parameter): present makes an attachment; a value other than '', '1' or
  // 'true' names the file.
  const d = options.download
  const download = d !== undefined && d !== false && d !== 'false'
  const fileName = typeof d === 'string' && !['', '1', 'true'].includes(d) ? d : name
  reply.header(
    'content-disposition',
    contentDisposition(download ? 'attachment' : 'inline', download ? fileName : name),
  )
  reply.header('content-security-policy', objectPolicy(typeof m.mimetype === 'string' ? m.mimetype : ''))
  if (req.headers['if-none-match'] === etag) return reply.code(304).send()
  const range = parseRange(req.headers.range, size)
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`)
    reply.removeHeader('content-type')
    reply.removeHeader('content-disposition')
    return reply.result(fail('range_not_satisfiable', `The range is outside the object's ${size} bytes`))
  }
  const body = await store.get(key, range ?? undefined)
  if (!body) {
    reply.removeHeader('content-type')
    reply.removeHeader('content-disposition')
    return reply.result(fail('not_found', 'The bytes of this object are missing from the store'))
  }
  if (range) {
    reply.code(206)
    reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    reply.header('content-length', range.end - range.start + 1)
  } else reply.header('content-length', size)
  if (req.method === 'HEAD') {
    body.destroy()
    return reply.send()
  }
  return reply.send(body)
}

/** Types whose bytes deflate well; everything else (images, video, archives, unknown binaries) is stored. */
export function compressible(mimetype: string | null, name: string): boolean {
  const t = (mimetype ?? '').toLowerCase()
  if (t.startsWith('text/')) return true
  if (/(json|xml|javascript|csv|svg|sql|yaml|x-sh|wasm)/.test(t)) return true
  return /\.(txt|csv|json|xml|html?|css|js|mjs|ts|md|sql|svg|log|ya?ml|tsv)$/i.test(name)
}

/** The deepest folder every item is inside ('' the root): zip entries are named relative to it. */
export function commonFolder(items: ObjectRef[]): string {
  const folders = items.map((i) => splitPath(i.path).folder.split('/').filter(Boolean))
  const first = folders[0] ?? []
  let n = first.length
  for (const f of folders) {
    let i = 0
    while (i < n && i < f.length && f[i] === first[i]) i++
    n = i
  }
  return first.slice(0, n).join('/')
}

/**
 * Streams one zip of files to the reply as it is made (never buffered): each file's bytes read from the
 * store in turn, stored or deflated (level 1) by type; the objects whose bytes cannot be read are listed in
 * ZIP_MANIFEST_NAME inside the zip instead.
 */
export async function sendZip(
  reply: FastifyReply,
  store: ObjectStore,
  ref: string,
  bucketId: string,
  items: ObjectRef[],
  files: AsyncIterable<ObjectRow>,
  zipName: string,
): Promise<Result<void> | FastifyReply> {
  const base = commonFolder(items)
  const archive = new ZipArchive({ zlib: { level: 1 }, highWaterMark: 1024 * 1024 })
  const unreadable: string[] = []
  reply.header('content-type', 'application/zip')
  reply.header(
    'content-disposition',
    contentDisposition('attachment', zipName.endsWith('.zip') ? zipName : `${zipName}.zip`),
  )
  reply.header('cache-control', 'no-store')
  void reply.send(archive)
  try {
    for await (const row of files) {
      const name = base === '' ? row.name : row.name.slice(base.length + 1)
      let body
      try {
        body = await store.get(byteKey(ref, bucketId, row.id))
      } catch {
        body = null
      }
      if (!body) {
        unreadable.push(row.name)
        continue
      }
      const written = once(archive, 'entry')
      archive.append(body, {
        name,
        store: !compressible(typeof row.metadata?.mimetype === 'string' ? row.metadata.mimetype : null, name),
        date: new Date(row.updated_at ?? row.created_at ?? Date.now()),
      })
      await written
    }
    if (unreadable.length > 0) {
      archive.append(
        `These objects could not be read from the store and are not in this zip:\n${unreadable.join('\n')}\n`,
        { name: ZIP_MANIFEST_NAME },
      )
    }
    await archive.finalize()
  } catch (err) {
    // Once the zip has started, a failure can only cut it short.
    archive.abort()
    reply.log.warn({ err }, 'zip ended early')
  }
  return reply
}
