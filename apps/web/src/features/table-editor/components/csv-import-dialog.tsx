import { useId, useRef, useState, type DragEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Dialog } from 'radix-ui'
import { DialogContent } from '../../../ui/dialog'
import { FileUp, X } from 'lucide-react'
import { toast } from 'sonner'
import {
  CSV_IMPORT_MAX_BYTES,
  CSV_IMPORT_TOO_LARGE_MESSAGE,
  type CreateColumnPayload,
  type CsvImportOptions,
  type CsvRejectedRow,
  type PgColumn,
} from '@basalt/contracts'
import { DDL_MESSAGES } from '@basalt/sql'
import { errorMessage, formatBytes } from '../../../lib/format'
import { Button } from '../../../ui/button'
import { FormField } from '../../../ui/form-field'
import { Input, NativeSelect } from '../../../ui/input'
import { RadioGroup } from '../../../ui/radio-group'
import { getGridTable, gridTableQueryKey } from '../api/get-grid-table'
import { ImportRejectedError, useImportTableRows } from '../api/import-table-rows'
import {
  defaultMapping,
  IMPORT_COLUMN_TYPES,
  importableColumns,
  inferColumnTypes,
  newColumnName,
  readCsvPreview,
  tableNameFromFile,
  type CsvPreview,
  type ImportColumnType,
} from '../state/csv-preview'
import { impersonationParam, useImpersonation } from '../../../project/role-impersonation/role-impersonation-store'

/** Texts of the CSV import dialog; the title is the Insert menu's entry (spec 1 §2). */
export const CSV_IMPORT_MESSAGES = {
  title: 'Import data from CSV',
  chooseFile: 'Choose a CSV file',
  dropHint: 'Drop a CSV file here, or choose one.',
  fileInput: 'CSV file',
  header: 'First line is a header',
  intoThisTable: 'This table',
  intoNewTable: 'A new table',
  target: 'Import into',
  tableName: 'Table name',
  skip: 'Skip',
  preview: 'Preview',
  mapping: 'Columns',
  importButton: 'Import data',
  cancel: 'Cancel',
  uploading: 'Uploading…',
  progress: 'Upload progress',
  rejectedList: 'Rejected rows',
  noColumns: 'Choose at least one column to import',
  duplicateColumns: 'Each column needs its own name',
  addedId: 'An id column (int8, identity, primary key) is added to the new table.',
  previewError: 'The file could not be read as CSV',
} as const

/** The success toast. */
export const importedText = (n: number, table: string) =>
  `Imported ${n.toLocaleString()} ${n === 1 ? 'row' : 'rows'} into ${table}`

interface NewColumn {
  include: boolean
  name: string
  type: ImportColumnType
}

type Target = 'table' | 'new'

/** The create payload of a new table from the dialog's columns: an `id` primary key is kept or added. */
function newTablePayload(schema: string, name: string, columns: readonly NewColumn[]) {
  const included = columns.filter((c) => c.include)
  const id = included.find((c) => c.name.toLowerCase() === 'id')
  const payload: CreateColumnPayload[] = included.map((c) => ({
    name: c.name,
    type: c.type,
    ...(c === id ? { isPrimaryKey: true, isNullable: false } : {}),
  }))
  if (!id) payload.unshift({ name: 'id', type: 'int8', isIdentity: true, isPrimaryKey: true })
  return { schema, name: name.trim(), rlsEnabled: true, columns: payload }
}

/**
 * Import data from CSV (spec 1 §2; issue 4): pick or drop a file; papaparse previews its first rows in the
 * browser, typed by the target column (this table) or by what the values look like (a new table, types
 * editable); each CSV column goes to a table column or is skipped. The file then streams to the server with
 * a progress bar; rows Postgres refuses are listed by line, and nothing is imported until every row is
 * accepted. `table` absent: only a new table in `schema` can be the target.
 */
export function CsvImportDialog({
  open,
  onOpenChange,
  projectRef,
  schema,
  table,
  onImported,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  projectRef: string
  schema: string
  table?: { id: number; schema: string; name: string }
  onImported?: () => void
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <DialogContent className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg border border-border bg-surface-raised shadow-xl focus:outline-none">
          <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
            <div className="space-y-1">
              <Dialog.Title className="text-base font-semibold">{CSV_IMPORT_MESSAGES.title}</Dialog.Title>
              <Dialog.Description className="text-sm text-muted-foreground">
                {table
                  ? `Add rows to ${table.schema}.${table.name}, or create a new table.`
                  : `Create a table in ${schema}.`}
              </Dialog.Description>
            </div>
            <Dialog.Close
              className="rounded-md p-1 text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              aria-label="Close"
            >
              <X className="size-4" aria-hidden />
            </Dialog.Close>
          </div>
          {/* Mounted while open only: each opening starts from a clean slate. */}
          {open && (
            <ImportForm
              projectRef={projectRef}
              schema={schema}
              table={table}
              onDone={() => {
                onImported?.()
                onOpenChange(false)
              }}
              onCancel={() => onOpenChange(false)}
            />
          )}
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function ImportForm({
  projectRef,
  schema,
  table,
  onDone,
  onCancel,
}: {
  projectRef: string
  schema: string
  table: { id: number; schema: string; name: string } | undefined
  onDone: () => void
  onCancel: () => void
}) {
  const [file, setFile] = useState<File | null>(null)
  const [header, setHeader] = useState(true)
  const [preview, setPreview] = useState<CsvPreview | null>(null)
  const [readError, setReadError] = useState<string | null>(null)
  const [target, setTarget] = useState<Target>(table ? 'table' : 'new')
  // null until the user changes it: the default follows the table's columns, which may still be loading.
  const [chosenMapping, setMapping] = useState<(string | null)[] | null>(null)
  const [newName, setNewName] = useState('')
  const [newColumns, setNewColumns] = useState<NewColumn[]>([])
  const [progress, setProgress] = useState<number | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [rejected, setRejected] = useState<{ message: string; rows: CsvRejectedRow[] } | null>(null)
  const [dragging, setDragging] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const headerId = useId()

  // The grid has usually loaded this table already (same query key).
  const gridTable = useQuery({
    queryKey: gridTableQueryKey(projectRef, table?.id ?? 0),
    queryFn: () => getGridTable(projectRef, table!.id),
    enabled: table !== undefined,
  })
  const tableColumns: PgColumn[] = gridTable.data?.columns ?? []
  const choices = importableColumns(tableColumns)
  const mapping = chosenMapping ?? defaultMapping(preview?.headers ?? [], tableColumns)
  const [impersonationState] = useImpersonation(projectRef)
  const impersonation = impersonationParam(impersonationState.role)
  const importRows = useImportTableRows(projectRef)

  const load = async (next: File, withHeader: boolean) => {
    setFile(next)
    setRejected(null)
    setFormError(null)
    if (next.size > CSV_IMPORT_MAX_BYTES) {
      setPreview(null)
      setReadError(CSV_IMPORT_TOO_LARGE_MESSAGE)
      return
    }
    try {
      const read = await readCsvPreview(next, { header: withHeader })
      const types = inferColumnTypes(read)
      setPreview(read)
      setReadError(read.headers.length === 0 ? CSV_IMPORT_MESSAGES.previewError : null)
      setMapping(null)
      setNewColumns(read.headers.map((h, i) => ({ include: true, name: newColumnName(h, i), type: types[i]! })))
      setNewName((current) => current || tableNameFromFile(next.name))
    } catch (error) {
      setPreview(null)
      setReadError(`${CSV_IMPORT_MESSAGES.previewError}: ${errorMessage(error)}`)
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    const dropped = event.dataTransfer.files[0]
    if (dropped) void load(dropped, header)
  }

  const options = (): CsvImportOptions | string => {
    if (!preview) return CSV_IMPORT_MESSAGES.previewError
    const base = { header, delimiter: preview.delimiter }
    if (target === 'table' && table) {
      if (mapping.every((m) => m === null)) return CSV_IMPORT_MESSAGES.noColumns
      return { ...base, schema: table.schema, table: table.name, mapping, ...(impersonation ? { impersonation } : {}) }
    }
    if (newName.trim() === '') return DDL_MESSAGES.tableNameRequired
    const included = newColumns.filter((c) => c.include)
    if (included.length === 0) return CSV_IMPORT_MESSAGES.noColumns
    const names = included.map((c) => c.name.trim())
    if (names.some((n) => n === '') || new Set(names).size !== names.length) return CSV_IMPORT_MESSAGES.duplicateColumns
    const create = newTablePayload(schema, newName, newColumns)
    // Creating a table is a schema change: it runs as the admin connection, without impersonation.
    return {
      ...base,
      schema,
      table: create.name,
      mapping: newColumns.map((c) => (c.include ? c.name.trim() : null)),
      create,
    }
  }

  const submit = () => {
    const built = options()
    if (typeof built === 'string' || !file) {
      setFormError(typeof built === 'string' ? built : CSV_IMPORT_MESSAGES.chooseFile)
      return
    }
    setFormError(null)
    setRejected(null)
    setProgress(0)
    importRows.mutate(
      { options: built, file, onProgress: (sent, total) => setProgress(total > 0 ? sent / total : 0) },
      {
        onSuccess: ({ imported }) => {
          toast.success(importedText(imported, `${built.schema}.${built.table}`))
          onDone()
        },
        onError: (error) => {
          setProgress(null)
          if (error instanceof ImportRejectedError) setRejected({ message: error.message, rows: error.rejected })
          else setFormError(errorMessage(error))
        },
      },
    )
  }

  const busy = importRows.isPending
  const typeOf = (column: string | null) => tableColumns.find((c) => c.name === column)?.format
  const shownHeaders =
    target === 'new' ? newColumns.map((c) => c.name) : (preview?.headers ?? []).map((h, i) => mapping[i] ?? h)
  const shownTypes =
    target === 'new'
      ? newColumns.map((c) => (c.include ? c.type : CSV_IMPORT_MESSAGES.skip.toLowerCase()))
      : mapping.map((m) => (m === null ? CSV_IMPORT_MESSAGES.skip.toLowerCase() : (typeOf(m) ?? '')))

  return (
    <>
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-5 py-4">
        <div
          onDragOver={(event) => {
            event.preventDefault()
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`flex flex-col items-center gap-2 rounded-lg border border-dashed p-5 text-center text-sm ${
            dragging ? 'border-brand bg-brand/5' : 'border-border'
          }`}
        >
          <FileUp aria-hidden className="size-5 text-muted-foreground" />
          {file ? (
            <p className="font-medium">
              {file.name} <span className="font-normal text-muted-foreground">({formatBytes(file.size)})</span>
            </p>
          ) : (
            <p className="text-muted-foreground">{CSV_IMPORT_MESSAGES.dropHint}</p>
          )}
          <Button size="sm" onClick={() => inputRef.current?.click()} disabled={busy}>
            {CSV_IMPORT_MESSAGES.chooseFile}
          </Button>
          <input
            ref={inputRef}
            type="file"
            accept=".csv,.tsv,.txt,text/csv"
            aria-label={CSV_IMPORT_MESSAGES.fileInput}
            className="sr-only"
            tabIndex={-1}
            onChange={(event) => {
              const chosen = event.target.files?.[0]
              if (chosen) void load(chosen, header)
              event.target.value = ''
            }}
          />
        </div>
        {readError && (
          <p role="alert" className="text-sm text-destructive">
            {readError}
          </p>
        )}

        {file && preview && !readError && (
          <>
            <div className="flex flex-wrap items-center gap-4 text-sm">
              <label htmlFor={headerId} className="flex items-center gap-2">
                <input
                  id={headerId}
                  type="checkbox"
                  checked={header}
                  disabled={busy}
                  onChange={(event) => {
                    setHeader(event.target.checked)
                    void load(file, event.target.checked)
                  }}
                />
                {CSV_IMPORT_MESSAGES.header}
              </label>
            </div>
            {table && (
              <RadioGroup<Target>
                label={CSV_IMPORT_MESSAGES.target}
                value={target}
                onValueChange={setTarget}
                options={[
                  {
                    value: 'table',
                    label: CSV_IMPORT_MESSAGES.intoThisTable,
                    description: `${table.schema}.${table.name}`,
                  },
                  { value: 'new', label: CSV_IMPORT_MESSAGES.intoNewTable, description: `In ${schema}` },
                ]}
              />
            )}

            {target === 'new' ? (
              <section aria-label={CSV_IMPORT_MESSAGES.mapping} className="space-y-3">
                <FormField label={CSV_IMPORT_MESSAGES.tableName}>
                  <Input value={newName} disabled={busy} onChange={(event) => setNewName(event.target.value)} />
                </FormField>
                {!newColumns.some((c) => c.include && c.name.trim().toLowerCase() === 'id') && (
                  <p className="text-xs text-muted-foreground">{CSV_IMPORT_MESSAGES.addedId}</p>
                )}
                <div className="grid grid-cols-[auto_1fr_10rem] items-center gap-x-3 gap-y-2 text-sm">
                  {newColumns.map((column, i) => {
                    const csvName = preview.headers[i]!
                    const update = (patch: Partial<NewColumn>) =>
                      setNewColumns((all) => all.map((c, j) => (j === i ? { ...c, ...patch } : c)))
                    return (
                      <div key={i} className="contents">
                        <input
                          type="checkbox"
                          aria-label={`Import column ${csvName}`}
                          checked={column.include}
                          disabled={busy}
                          onChange={(event) => update({ include: event.target.checked })}
                        />
                        <Input
                          aria-label={`Name of column ${csvName}`}
                          value={column.name}
                          disabled={busy || !column.include}
                          onChange={(event) => update({ name: event.target.value })}
                        />
                        <NativeSelect
                          aria-label={`Type of column ${csvName}`}
                          value={column.type}
                          disabled={busy || !column.include}
                          onChange={(event) => update({ type: event.target.value as ImportColumnType })}
                        >
                          {IMPORT_COLUMN_TYPES.map((type) => (
                            <option key={type} value={type}>
                              {type}
                            </option>
                          ))}
                        </NativeSelect>
                      </div>
                    )
                  })}
                </div>
              </section>
            ) : (
              <section aria-label={CSV_IMPORT_MESSAGES.mapping} className="space-y-2">
                <div className="grid grid-cols-[1fr_14rem] items-center gap-x-3 gap-y-2 text-sm">
                  {preview.headers.map((csvName, i) => (
                    <div key={i} className="contents">
                      <span className="truncate font-mono text-xs">{csvName}</span>
                      <NativeSelect
                        aria-label={`Column for ${csvName}`}
                        value={mapping[i] ?? ''}
                        disabled={busy}
                        onChange={(event) =>
                          setMapping(mapping.map((m, j) => (j === i ? event.target.value || null : m)))
                        }
                      >
                        <option value="">{CSV_IMPORT_MESSAGES.skip}</option>
                        {choices.map((c) => (
                          <option
                            key={c.name}
                            value={c.name}
                            disabled={mapping.some((m, j) => j !== i && m === c.name)}
                          >
                            {c.name} ({c.format})
                          </option>
                        ))}
                      </NativeSelect>
                    </div>
                  ))}
                </div>
              </section>
            )}

            <section aria-label={CSV_IMPORT_MESSAGES.preview} className="space-y-1">
              <h3 className="text-sm font-medium">{CSV_IMPORT_MESSAGES.preview}</h3>
              <div className="max-h-64 overflow-auto rounded-md border border-border">
                <table className="w-full text-xs">
                  <thead className="sticky top-0 bg-muted">
                    <tr>
                      {shownHeaders.map((name, i) => (
                        <th key={i} scope="col" className="px-2 py-1 text-left font-medium whitespace-nowrap">
                          {name} <span className="font-normal text-muted-foreground">{shownTypes[i]}</span>
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {preview.rows.map((row, r) => (
                      <tr key={r} className="border-t border-border">
                        {row.map((value, i) => (
                          <td key={i} className="max-w-48 truncate px-2 py-1 font-mono">
                            {value}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          </>
        )}

        {progress !== null && (
          <div className="space-y-1">
            <p className="text-xs text-muted-foreground">{CSV_IMPORT_MESSAGES.uploading}</p>
            <div
              role="progressbar"
              aria-label={CSV_IMPORT_MESSAGES.progress}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
              className="h-2 overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full bg-brand transition-[width]" style={{ width: `${progress * 100}%` }} />
            </div>
          </div>
        )}
        {formError && (
          <p role="alert" className="text-sm text-destructive">
            {formError}
          </p>
        )}
        {rejected && (
          <div role="alert" className="space-y-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
            <p className="font-medium">{rejected.message}</p>
            <ul aria-label={CSV_IMPORT_MESSAGES.rejectedList} className="max-h-40 space-y-0.5 overflow-y-auto text-xs">
              {rejected.rows.map((row, i) => (
                <li key={i}>
                  <span className="font-medium">Line {row.line.toLocaleString()}</span>: {row.message}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className="flex justify-end gap-2 border-t border-border px-5 py-3">
        <Button size="sm" onClick={onCancel} disabled={busy}>
          {CSV_IMPORT_MESSAGES.cancel}
        </Button>
        <Button size="sm" variant="primary" onClick={submit} loading={busy} disabled={!preview || !!readError}>
          {CSV_IMPORT_MESSAGES.importButton}
        </Button>
      </div>
    </>
  )
}
