import { useMemo, useState } from 'react'
import { ListTree, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { createIndexBodySchema, type CreateIndexBody, type DatabaseIndex } from '@basalt/contracts'
import { buildDropIndex, createIndexStatements, indexNameOf } from '@basalt/sql'
import { useTables } from '../../../project/pg-meta/get-tables'
import { usePermission } from '../../../project/use-permission'
import { Badge } from '../../../ui/badge'
import { FormField } from '../../../ui/form-field'
import { Input, NativeSelect } from '../../../ui/input'
import { Table, TBody, Td, Th, THead, Tr } from '../../../ui/table'
import { Tooltip } from '../../../ui/tooltip'
import { useCreateIndex, useDeleteIndex } from '../api/change-index'
import { useIndexes } from '../api/get-indexes'
import { INDEX_MESSAGES as MESSAGES } from '../messages'
import { ChangePanel, type FieldOfError } from './change-panel'
import { DropDialog } from './drop-dialog'
import { ListPage } from './list-page'
import { matches, useListParams, useSchemaLocked } from './page-toolbar'
import { RowActions } from './row-actions'

const METHODS = ['btree', 'hash', 'gin', 'gist', 'brin'] as const

function Flag({ tone, label, why }: { tone: 'warning' | 'danger' | 'neutral'; label: string; why: string }) {
  return (
    <Tooltip content={why}>
      <span tabIndex={0} aria-label={`${label}: ${why}`}>
        <Badge tone={tone === 'danger' ? 'warning' : tone}>{label}</Badge>
      </span>
    </Tooltip>
  )
}

/**
 * Database › Indexes: a schema's indexes by table with their keys, method, size and scans; unused, duplicate
 * and invalid ones flagged; create (columns, method, unique, concurrently) and delete for members who may
 * change the database.
 */
export function IndexesPage({ projectRef }: { projectRef: string }) {
  const { schema, search, setSchema, setSearch } = useListParams()
  const indexes = useIndexes(projectRef, schema)
  const locked = useSchemaLocked(projectRef, schema)
  const canWrite = usePermission('tenant_sql:write')
  const writable = canWrite && !locked
  const [creating, setCreating] = useState(false)
  const [deleting, setDeleting] = useState<DatabaseIndex | null>(null)
  const remove = useDeleteIndex(projectRef)
  const all = indexes.data
  const rows = useMemo(() => (all ?? []).filter((i) => matches(search, i.name, i.table)), [all, search])

  return (
    <>
      <ListPage
        messages={MESSAGES}
        query={indexes}
        shown={{ rows, total: all?.length ?? 0 }}
        search={search}
        onSearch={setSearch}
        schema={{ projectRef, value: schema, onChange: setSchema, locked }}
        readOnly={!canWrite}
        onCreate={writable ? () => setCreating(true) : undefined}
        icon={<ListTree aria-hidden className="size-6" />}
      >
        {(shown) => (
          <Table label={`Indexes of ${schema}`}>
            <THead>
              <Tr>
                <Th>Table</Th>
                <Th>Name</Th>
                <Th>Keys</Th>
                <Th className="text-right">Size</Th>
                <Th className="text-right">Scans</Th>
                <Th>Notes</Th>
                {writable && (
                  <Th>
                    <span className="sr-only">Actions</span>
                  </Th>
                )}
              </Tr>
            </THead>
            <TBody>
              {shown.map((i) => (
                <Tr key={i.id}>
                  <Td className="font-mono">{i.table}</Td>
                  <Td className="font-mono">{i.name}</Td>
                  <Td className="max-w-sm font-mono text-xs break-words" title={i.definition}>
                    {i.method} ({i.columns.join(', ')}){i.include.length > 0 && ` include (${i.include.join(', ')})`}
                    {i.predicate && <span className="block text-muted-foreground">where {i.predicate}</span>}
                  </Td>
                  <Td className="text-right tabular-nums">{i.size}</Td>
                  <Td className="text-right tabular-nums">{i.scans.toLocaleString('en')}</Td>
                  <Td>
                    <span className="flex flex-wrap gap-1">
                      {i.primary ? (
                        <Badge tone="brand">primary key</Badge>
                      ) : (
                        i.unique && <Badge tone="neutral">unique</Badge>
                      )}
                      {!i.valid && <Flag tone="danger" label="invalid" why={MESSAGES.invalid} />}
                      {i.unused && <Flag tone="warning" label="unused" why={MESSAGES.unused} />}
                      {i.duplicate_of && (
                        <Flag tone="warning" label="duplicate" why={MESSAGES.duplicate(i.duplicate_of)} />
                      )}
                    </span>
                  </Td>
                  {writable && (
                    <RowActions
                      actions={[
                        {
                          label: MESSAGES.remove(i.name),
                          icon: Trash2,
                          onClick: () => {
                            remove.reset()
                            setDeleting(i)
                          },
                        },
                      ]}
                    />
                  )}
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </ListPage>
      {creating && <IndexPanel projectRef={projectRef} schema={schema} onClose={() => setCreating(false)} />}
      {deleting && (
        <DropDialog
          title={MESSAGES.deleteTitle(deleting.name)}
          name={deleting.name}
          confirmByName={false}
          mutation={remove}
          variables={() => deleting.id}
          sql={() => buildDropIndex(deleting)}
          done={MESSAGES.deleted(deleting.name)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  )
}

/** A missing column (42703) or table (42P01), a taken name (42P07), rows a unique index refuses (23505). */
const INDEX_FIELDS: FieldOfError<string> = { '42703': 'columns', '42P01': 'table', '42P07': 'name', '23505': 'unique' }

function IndexPanel({ projectRef, schema, onClose }: { projectRef: string; schema: string; onClose: () => void }) {
  const tables = useTables(projectRef, schema)
  const create = useCreateIndex(projectRef)
  const [form, setForm] = useState({
    table: '',
    name: '',
    columns: [] as string[],
    method: 'btree' as (typeof METHODS)[number],
    unique: false,
    concurrently: false,
  })
  const [errors, setErrors] = useState<{ table?: string; columns?: string }>({})
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }))
  const table = tables.data?.find((t) => t.name === form.table)

  const prepare = () => {
    const found: typeof errors = {}
    if (form.table === '') found.table = MESSAGES.tableRequired
    if (form.columns.length === 0) found.columns = MESSAGES.columnsRequired
    setErrors(found)
    if (Object.keys(found).length > 0) return null
    const body: CreateIndexBody = { schema, ...form, name: form.name.trim() }
    return { body, sql: createIndexStatements(createIndexBodySchema.parse(body))[0]!.sql }
  }

  return (
    <ChangePanel
      title={MESSAGES.createTitle}
      onClose={onClose}
      mutation={create}
      prepare={prepare}
      fields={INDEX_FIELDS}
      onDone={(index) => {
        toast.success(MESSAGES.created(index.name))
        onClose()
      }}
    >
      {(refused) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Table" error={errors.table ?? refused('table')}>
              <NativeSelect
                value={form.table}
                onChange={(e) => setForm((f) => ({ ...f, table: e.target.value, columns: [] }))}
              >
                <option value="">Choose a table</option>
                {(tables.data ?? []).map((t) => (
                  <option key={t.id} value={t.name}>
                    {t.name}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label="Name" error={refused('name')}>
              <Input
                value={form.name}
                onChange={(e) => set('name', e.target.value)}
                placeholder={
                  form.table && form.columns.length > 0
                    ? MESSAGES.namePlaceholder(indexNameOf({ table: form.table, columns: form.columns, name: '' }))
                    : undefined
                }
                spellCheck={false}
              />
            </FormField>
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Columns, in order</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              {(table?.columns ?? []).map((c) => (
                <label key={c.name} className="flex items-center gap-2 font-mono">
                  <input
                    type="checkbox"
                    checked={form.columns.includes(c.name)}
                    onChange={(e) =>
                      set(
                        'columns',
                        e.target.checked ? [...form.columns, c.name] : form.columns.filter((x) => x !== c.name),
                      )
                    }
                  />
                  {c.name}
                </label>
              ))}
            </div>
            {(errors.columns ?? refused('columns')) && (
              <p role="alert" className="text-xs text-destructive">
                {errors.columns ?? refused('columns')}
              </p>
            )}
          </fieldset>
          <FormField label="Method">
            <NativeSelect
              value={form.method}
              onChange={(e) => set('method', e.target.value as (typeof METHODS)[number])}
            >
              {METHODS.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={form.unique} onChange={(e) => set('unique', e.target.checked)} />
            Unique
          </label>
          {refused('unique') && (
            <p role="alert" className="text-xs text-destructive">
              {refused('unique')}
            </p>
          )}
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={form.concurrently}
              onChange={(e) => set('concurrently', e.target.checked)}
            />
            {MESSAGES.concurrently}
          </label>
        </>
      )}
    </ChangePanel>
  )
}
