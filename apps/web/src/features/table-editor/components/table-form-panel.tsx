import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { Plus, Trash2 } from 'lucide-react'
import { diffTable, type PgSchema, type PgTable, type PgType } from '@basalt/contracts'
import { buildCreateTable, buildUpdateTable } from '@basalt/sql'
import { Button } from '../../../ui/button'
import { ErrorState } from '../../../ui/empty-state'
import { FormField } from '../../../ui/form-field'
import { Input, NativeSelect } from '../../../ui/input'
import { useCreateTable } from '../../../project/pg-meta/create-table'
import { useSchemas } from '../../../project/pg-meta/get-schemas'
import { useTableDetails } from '../../../project/pg-meta/get-table-details'
import { useTypes } from '../../../project/pg-meta/get-types'
import { useUpdateTable } from '../../../project/pg-meta/update-table'
import {
  emptyColumnForm,
  identityAllowed,
  reviewSql,
  startingColumns,
  tableFormHasErrors,
  toCreateTablePayload,
  validateTableForm,
  type ColumnForm,
  type TableForm,
} from '../state/column-form'
import { CheckboxField } from './checkbox-field'
import { ForeignKeyFields } from './column-form-panel'
import { ColumnTypePicker } from './column-type-picker'
import {
  createTableTitle,
  editTableTitle,
  SCHEMA_EDITOR_MESSAGES,
  tableCreatedText,
  tableUpdatedText,
} from './schema-editor-messages'
import { NameAndCommentFields, SchemaPanelLoading } from './schema-form-parts'
import { SidePanel } from '../../../ui/side-panel'
import { ReviewStep, type SchemaChangeStep } from './sql-review'

/**
 * The table side panel: creates a table in `schema` (name, description, RLS on by default, and its columns,
 * starting with an identity primary key `id` and `created_at`), or edits the table `tableId` (name, schema,
 * description, RLS). The exact SQL is shown for review before it runs in one transaction.
 */
export function TableFormPanel({
  projectRef,
  schema,
  tableId,
  onClose,
}: {
  projectRef: string
  schema?: string
  tableId?: number
  onClose: () => void
}) {
  const table = useTableDetails(projectRef, tableId ?? null)
  const schemas = useSchemas(projectRef)
  const types = useTypes(projectRef)
  const title = tableId === undefined ? createTableTitle(schema ?? '') : editTableTitle(table.data?.name ?? '')
  return (
    <SidePanel open onOpenChange={(open) => !open && onClose()} title={title}>
      {tableId === undefined ? (
        <TableFormBody
          projectRef={projectRef}
          schema={schema ?? 'public'}
          schemas={schemas.data}
          types={types.data}
          onClose={onClose}
        />
      ) : table.isPending ? (
        <SchemaPanelLoading />
      ) : table.error ? (
        <ErrorState title={SCHEMA_EDITOR_MESSAGES.loadFailed} error={table.error} />
      ) : (
        <TableFormBody
          projectRef={projectRef}
          schema={table.data.schema}
          table={table.data}
          schemas={schemas.data}
          types={types.data}
          onClose={onClose}
        />
      )}
    </SidePanel>
  )
}

function TableFormBody({
  projectRef,
  schema: initialSchema,
  table,
  schemas,
  types,
  onClose,
}: {
  projectRef: string
  schema: string
  table?: PgTable
  schemas: readonly PgSchema[] | undefined
  types: readonly PgType[] | undefined
  onClose: () => void
}) {
  const navigate = useNavigate()
  const [form, setForm] = useState<TableForm>(() =>
    table
      ? { name: table.name, comment: table.comment ?? '', rlsEnabled: table.rls_enabled, columns: [] }
      : { name: '', comment: '', rlsEnabled: true, columns: startingColumns() },
  )
  const [schema, setSchema] = useState(initialSchema)
  const [errors, setErrors] = useState<ReturnType<typeof validateTableForm> & { sql?: string }>({ columns: [] })
  const [step, setStep] = useState<SchemaChangeStep>({ kind: 'form' })
  const create = useCreateTable(projectRef)
  const update = useUpdateTable(projectRef)
  const mutation = table ? update : create

  const set = (patch: Partial<TableForm>) => {
    setForm((current) => ({ ...current, ...patch }))
    mutation.reset()
  }
  const setColumn = (index: number, patch: Partial<ColumnForm>) =>
    set({ columns: form.columns.map((c, i) => (i === index ? { ...c, ...patch } : c)) })

  const review = () => {
    const found = validateTableForm(form)
    if (tableFormHasErrors(found)) return setErrors(found)
    if (form.columns.some((c) => c.foreignKey && (c.foreignKey.table === '' || c.foreignKey.column === ''))) {
      return setErrors({ columns: [], sql: SCHEMA_EDITOR_MESSAGES.foreignKeyIncomplete })
    }
    if (table) {
      const payload = diffTable(table, { name: form.name, schema, comment: form.comment, rls_enabled: form.rlsEnabled })
      const sql = reviewSql(() =>
        buildUpdateTable({
          table,
          changes: {
            name: payload.name,
            schema: payload.schema,
            comment: payload.comment,
            rlsEnabled: payload.rls_enabled,
          },
        }),
      )
      if (!sql.ok) return setErrors({ columns: [], sql: sql.message })
      setErrors({ columns: [] })
      setStep({
        kind: 'review',
        sql: sql.sql,
        run: async () => {
          const saved = await update.mutateAsync({ id: table.id, payload })
          toast.success(tableUpdatedText(saved.name))
        },
      })
    } else {
      const payload = toCreateTablePayload(schema, form)
      const sql = reviewSql(() => buildCreateTable(payload))
      if (!sql.ok) return setErrors({ columns: [], sql: sql.message })
      setErrors({ columns: [] })
      setStep({
        kind: 'review',
        sql: sql.sql,
        run: async () => {
          const saved = await create.mutateAsync(payload)
          toast.success(tableCreatedText(saved.name))
          void navigate(`/project/${encodeURIComponent(projectRef)}/editor/${saved.id}`)
        },
      })
    }
  }

  if (step.kind === 'review') {
    return (
      <ReviewStep
        step={step}
        error={mutation.error}
        pending={mutation.isPending}
        onBack={() => setStep({ kind: 'form' })}
        onDone={onClose}
      />
    )
  }

  const writableSchemas = (schemas ?? []).filter((s) => !s.protected)
  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault()
        review()
      }}
    >
      <NameAndCommentFields name={form.name} comment={form.comment} nameError={errors.name} onChange={set} />
      {table && writableSchemas.length > 1 && (
        <FormField label={SCHEMA_EDITOR_MESSAGES.schema}>
          <NativeSelect value={schema} onChange={(e) => setSchema(e.target.value)}>
            {writableSchemas.map((s) => (
              <option key={s.name} value={s.name}>
                {s.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
      <div className="space-y-1.5">
        <CheckboxField
          label={SCHEMA_EDITOR_MESSAGES.rls}
          description={SCHEMA_EDITOR_MESSAGES.rlsDescription}
          checked={form.rlsEnabled}
          onChange={(rlsEnabled) => set({ rlsEnabled })}
        />
        {!form.rlsEnabled && <p className="pl-6.5 text-xs text-warning">{SCHEMA_EDITOR_MESSAGES.rlsOffWarning}</p>}
      </div>
      {!table && (
        <section aria-label={SCHEMA_EDITOR_MESSAGES.columns} className="space-y-3">
          <h3 className="text-sm font-semibold">{SCHEMA_EDITOR_MESSAGES.columns}</h3>
          {form.columns.map((column, index) => (
            <NewColumnRow
              key={index}
              index={index}
              projectRef={projectRef}
              schema={schema}
              column={column}
              types={types}
              errors={errors.columns[index] ?? {}}
              onChange={(patch) => setColumn(index, patch)}
              onRemove={() => set({ columns: form.columns.filter((_, i) => i !== index) })}
            />
          ))}
          <Button size="sm" onClick={() => set({ columns: [...form.columns, emptyColumnForm()] })}>
            <Plus aria-hidden className="size-3.5" />
            {SCHEMA_EDITOR_MESSAGES.addColumn}
          </Button>
        </section>
      )}
      {errors.sql && (
        <p role="alert" className="text-sm text-destructive">
          {errors.sql}
        </p>
      )}
      <div className="flex justify-end gap-2 border-t border-border pt-4">
        <Button onClick={onClose}>{SCHEMA_EDITOR_MESSAGES.cancel}</Button>
        <Button type="submit" variant="primary">
          {SCHEMA_EDITOR_MESSAGES.review}
        </Button>
      </div>
    </form>
  )
}

/** One column of a new table: a group named "Column n" holding name, type, default and the key options. */
function NewColumnRow({
  index,
  projectRef,
  schema,
  column,
  types,
  errors,
  onChange,
  onRemove,
}: {
  index: number
  projectRef: string
  schema: string
  column: ColumnForm
  types: readonly PgType[] | undefined
  errors: { name?: string; format?: string }
  onChange: (patch: Partial<ColumnForm>) => void
  onRemove: () => void
}) {
  const canIdentity = identityAllowed(column)
  return (
    <fieldset className="space-y-3 rounded-md border border-border p-3">
      <legend className="px-1 text-xs font-medium text-muted-foreground">{`Column ${index + 1}`}</legend>
      <div className="grid grid-cols-[1fr_1fr_1fr_auto] items-start gap-2">
        <FormField label={SCHEMA_EDITOR_MESSAGES.name} error={errors.name}>
          <Input value={column.name} onChange={(e) => onChange({ name: e.target.value })} autoComplete="off" />
        </FormField>
        <FormField label={SCHEMA_EDITOR_MESSAGES.type} error={errors.format}>
          <ColumnTypePicker
            value={column.format}
            types={types}
            onChange={(format) =>
              onChange({ format, isIdentity: column.isIdentity && identityAllowed({ ...column, format }) })
            }
          />
        </FormField>
        <FormField label={SCHEMA_EDITOR_MESSAGES.defaultValue}>
          <Input
            value={column.defaultValue}
            disabled={column.isIdentity && canIdentity}
            placeholder={SCHEMA_EDITOR_MESSAGES.defaultValuePlaceholder}
            onChange={(e) => onChange({ defaultValue: e.target.value })}
            className="font-mono"
          />
        </FormField>
        <Button
          size="icon"
          variant="ghost"
          className="mt-6"
          aria-label={`${SCHEMA_EDITOR_MESSAGES.removeColumn} ${index + 1}`}
          onClick={onRemove}
        >
          <Trash2 aria-hidden className="size-4" />
        </Button>
      </div>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        <CheckboxField
          label={SCHEMA_EDITOR_MESSAGES.isPrimaryKey}
          checked={column.isPrimaryKey}
          onChange={(isPrimaryKey) => onChange({ isPrimaryKey })}
        />
        {canIdentity && (
          <CheckboxField
            label={SCHEMA_EDITOR_MESSAGES.isIdentity}
            checked={column.isIdentity}
            onChange={(isIdentity) => onChange({ isIdentity })}
          />
        )}
        <CheckboxField
          label={SCHEMA_EDITOR_MESSAGES.isNullable}
          checked={column.isNullable}
          onChange={(isNullable) => onChange({ isNullable })}
        />
        <CheckboxField
          label={SCHEMA_EDITOR_MESSAGES.isUnique}
          checked={column.isUnique}
          onChange={(isUnique) => onChange({ isUnique })}
        />
        <CheckboxField
          label={SCHEMA_EDITOR_MESSAGES.defineAsArray}
          checked={column.isArray}
          onChange={(isArray) => onChange({ isArray, isIdentity: column.isIdentity && !isArray })}
        />
      </div>
      <ForeignKeyFields
        projectRef={projectRef}
        defaultSchema={schema}
        value={column.foreignKey}
        error={undefined}
        onChange={(foreignKey) => onChange({ foreignKey })}
      />
    </fieldset>
  )
}
