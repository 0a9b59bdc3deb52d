import type { Readable } from 'node:stream'
import {
  CSV_IMPORT_CREATE_IMPERSONATING_MESSAGE,
  CSV_IMPORT_MAX_BYTES,
  type CsvImportOptions,
  csvExportFileName,
  csvImportOptionsSchema,
  fail,
  ok,
  type Result,
  tableExportBodySchema,
} from '@basalt/contracts'
import type { FastifyRequest } from 'fastify'
import { ExportAbortedError, exportTableCsv } from '../../pg-meta/csv-export.ts'
import { CsvFileTooLargeError, importCsv } from '../../pg-meta/csv-import.ts'
import { refParams, type App } from '../types.ts'
import { read, write } from './access.ts'

/** The import's options JSON (a create payload included) stays far below this. */
const OPTIONS_FIELD_MAX_BYTES = 1024 * 1024

/**
 * The multipart upload of an import: the `options` field (JSON), then the `file`, which is returned as the
 * stream the parser produces, never buffered. Over `maxBytes` the parser cuts the file silently, so the cut
 * is turned into an error on the stream (the import then refuses it and rolls back).
 */
export async function receiveCsvUpload(
  req: FastifyRequest,
  maxBytes: number,
): Promise<Result<{ options: CsvImportOptions; file: Readable & { truncated?: boolean } }>> {
  if (!req.isMultipart()) {
    return fail('bad_request', 'Send the import as multipart/form-data: an options field, then the file')
  }
  let part: Awaited<ReturnType<FastifyRequest['file']>>
  try {
    part = await req.file({ limits: { fileSize: maxBytes, files: 1, fields: 1, fieldSize: OPTIONS_FIELD_MAX_BYTES } })
  } catch (err) {
    return fail('bad_request', `The upload could not be read: ${(err as Error).message}`)
  }
  if (!part) return fail('bad_request', 'The import needs a file')
  const refuse = (message: string) => {
    part.file.resume()
    return fail('bad_request', message)
  }
  const field = part.fields.options
  if (!field || Array.isArray(field) || field.type !== 'field') {
    return refuse('Send the options field before the file')
  }
  let json: unknown = field.value
  if (typeof json === 'string') {
    try {
      json = JSON.parse(json)
    } catch {
      return refuse('The options field is not valid JSON')
    }
  }
  const options = csvImportOptionsSchema.safeParse(json)
  if (!options.success) {
    const issue = options.error.issues[0]!
    part.file.resume()
    return fail('validation_failed', `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`)
  }
  const cut = () => part.file.destroy(new CsvFileTooLargeError(`The file is over ${maxBytes} bytes`))
  // A small upload may have been parsed whole, its limit already reached, before this code runs.
  if (part.file.truncated) cut()
  else part.file.once('limit', cut)
  return ok({ options: options.data, file: part.file })
}

/**
 * The attachment header of an export: `attachment; filename="{table}_rows.csv"` (spec 1 §9). A name that is
 * not printable ASCII also goes as RFC 5987 `filename*` (UTF-8), with `?` for those characters in `filename`.
 * (The `content-disposition` package would do this, but its current major needs Node 22.)
 */
export function attachmentHeader(table: string): string {
  const name = csvExportFileName(table)
  const fallback = `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '?').replace(/["\\]/g, '\\$&')}"`
  if (/^[\x20-\x7e]*$/.test(name)) return fallback
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `${fallback}; filename*=UTF-8''${encoded}`
}

/** CSV import and export of table rows (spec 1 §2, §8, §9; issue 4), both streamed through COPY. */
export function tableCsvRoutes(app: App): void {
  const base = '/api/platform/pg-meta/:ref/table-rows'

  app.post(`${base}/import`, { config: write, schema: { params: refParams } }, async (req, reply) => {
    const upload = await receiveCsvUpload(req, CSV_IMPORT_MAX_BYTES)
    if (!upload.ok) return reply.result(upload)
    const { options, file } = upload.data
    const { impersonation, ...params } = options
    if (params.create && impersonation) {
      file.resume()
      return reply.result(fail('bad_request', CSV_IMPORT_CREATE_IMPERSONATING_MESSAGE))
    }
    const result = await req.project.write(impersonation, async (client) => {
      const imported = await importCsv(client, params, file)
      // Belt and braces: a cut file must never commit, whether or not its 'limit' event was seen.
      return imported.ok && file.truncated ? fail('payload_too_large', 'The file was cut at the size limit') : imported
    })
    // A refused import may leave the rest of the upload unread: read it to its end, so the client gets the
    // answer rather than a reset connection.
    if (!result.ok) req.raw.resume()
    return reply.result(result)
  })

  app.post(
    `${base}/export`,
    { config: read, schema: { params: refParams, body: tableExportBodySchema } },
    async (req, reply) => {
      const { impersonation, ...params } = req.body
      try {
        const result = await req.project.stream(impersonation, (client, snapshot) =>
          exportTableCsv(
            client,
            params,
            (csv) => {
              void reply
                .header('content-type', 'text/csv; charset=utf-8')
                .header('content-disposition', attachmentHeader(params.table))
                .send(csv)
            },
            snapshot,
          ),
        )
        return result.ok ? reply : reply.result(result)
      } catch (err) {
        // Once the CSV has started, a failure can only cut the response short (Fastify destroys it).
        if (err instanceof ExportAbortedError || reply.sent) {
          req.log.warn({ err }, 'CSV export ended early')
          return reply
        }
        throw err
      }
    },
  )
}
