import { useState } from 'react'
import { toast } from 'sonner'
import type { PgColumn, PgTable, PgType } from '@basalt/contracts'
import { buildAddColumn } from '@basalt/sql'
import { Button } from '../../../ui/button'
import { ErrorState } from '../../../ui/empty-state'
import { FormField } from '../../../ui/form-field'
import { Input, NativeSelect } from '../../../ui/input'
import { useCreateColumn } from '../../../project/pg-meta/create-column'
import { useSchemas } from '../../../project/pg-meta/get-schemas'
import { useTableDetails } from '../../../project/pg-meta/get-table-details'
import { useTables } from '../../../project/pg-meta/get-tables'
import { useTypes } from '../../../project/pg-meta/get-types'
import { useUpdateColumn } from '../../../project/pg-meta/update-column'
import {
  columnFormOf,
  defaultValueSuggestions,
  emptyColumnForm,
  FOREIGN_KEY_ACTION_OPTIONS,
  identityAllowed,
  reviewSql,
  toCreateColumnPayload,
  toUpdateColumnPayload,
  updateColumnSql,
  validateColumnForm,
  type ColumnForm,
  type ColumnFormErrors,
  type ForeignKeyForm,
} from '../state/column-form'
import { CheckboxField } from './checkbox-field'
import { ColumnTypePicker } from './column-type-picker'
import {
  addColumnTitle,
  columnAddedText,
  defaultSuggestionLabel,
  columnUpdatedText,
  editColumnTitle,
  SCHEMA_EDITOR_MESSAGES,
} from './schema-editor-messages'
import { NameAndCommentFields, SchemaPanelLoading } from './schema-form-parts'
import { SidePanel } from '../../../ui/side-panel'
import { ReviewStep, type SchemaChangeStep } from './sql-review'

/**
 * The column side panel (spec 2 §3): adds a column to a table, or edits one (`columnName`). The form is
 * checked with the spec's messages, then the exact SQL is shown for review before it runs in one transaction.
 */
export function ColumnFormPanel({
  projectRef,
  tableId,
  columnName,
  onClose,
}: {
  projectRef: string
  tableId: number
  columnName?: string
  onClose: () => void
}) {
  const table = useTableDetails(projectRef, tableId)
  const types = useTypes(projectRef)
  const column = columnName === undefined ? undefined : table.data?.columns?.find((c) => c.name === columnName)
  const title = columnName === undefined ? addColumnTitle(table.data?.name ?? '') : editColumnTitle(columnName)
  return (
    <SidePanel open onOpenChange={(open) => !open && onClose()} title={title}>
      {table.isPending ? (
        <SchemaPanelLoading />
      ) : table.error ? (
        <ErrorState title={SCHEMA_EDITOR_MESSAGES.loadFailed} error={table.error} />
      ) : columnName !== undefined && !column ? (
        <ErrorState title={SCHEMA_EDITOR_MESSAGES.loadFailed} error={`Column ${columnName} not found`} />
      ) : (
        <ColumnFormBody
          projectRef={projectRef}
          table={table.data}
          column={column}
          types={types.data}
          onClose={onClose}
        />
      )}
    </SidePanel>
  )
}

function ColumnFormBody({
  projectRef,
  table,
  column,
  types,
  onClose,
}: {
  projectRef: string
  table: PgTable
  column: PgColumn | undefined
  types: readonly PgType[] | undefined
  onClose: () => void
}) {
  const [form, setForm] = useState<ColumnForm>(() => (column ? columnFormOf(column, table) : emptyColumnForm()))
  const [errors, setErrors] = useState<ColumnFormErrors & { sql?: string; foreignKey?: string }>({})
  const [step, setStep] = useState<SchemaChangeStep>({ kind: 'form' })
  const create = useCreateColumn(projectRef)
  const update = useUpdateColumn(projectRef)
  const mutation = column ? update : create

  const set = (patch: Partial<ColumnForm>) => {
    setForm((current) => ({ ...current, ...patch }))
    mutation.reset()
  }

  const review = () => {
    const found: typeof errors = validateColumnForm(form)
    if (form.foreignKey && (form.foreignKey.table === '' || form.foreignKey.column === '')) {
      found.foreignKey = SCHEMA_EDITOR_MESSAGES.foreignKeyIncomplete
    }
    if (Object.keys(found).length > 0) return setErrors(found)
    if (column) {
      const payload = toUpdateColumnPayload(column, table, form)
      const sql = reviewSql(() => updateColumnSql(column, payload))
      if (!sql.ok) return setErrors({ sql: sql.message })
      setErrors({})
      setStep({
        kind: 'review',
        sql: sql.sql,
        run: async () => {
          const saved = await update.mutateAsync({ id: column.id, payload })
          toast.success(columnUpdatedText(saved.name))
        },
      })
    } else {
      const payload = toCreateColumnPayload(form)
      const sql = reviewSql(() => buildAddColumn({ table, column: payload }))
      if (!sql.ok) return setErrors({ sql: sql.message })
      setErrors({})
      setStep({
        kind: 'review',
        sql: sql.sql,
        run: async () => {
          const saved = await create.mutateAsync({ tableId: table.id, ...payload })
          toast.success(columnAddedText(saved.name))
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

  const canIdentity = identityAllowed(form)
  const identityOn = form.isIdentity && canIdentity
  const suggestions = defaultValueSuggestions(form.format, form.isArray)
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
      <FormField label={SCHEMA_EDITOR_MESSAGES.type} error={errors.format}>
        <ColumnTypePicker
          value={form.format}
          types={types}
          onChange={(format) => set({ format, isIdentity: form.isIdentity && identityAllowed({ ...form, format }) })}
        />
      </FormField>
      <CheckboxField
        label={SCHEMA_EDITOR_MESSAGES.defineAsArray}
        description={SCHEMA_EDITOR_MESSAGES.defineAsArrayDescription}
        checked={form.isArray}
        onChange={(isArray) => set({ isArray, isIdentity: form.isIdentity && !isArray })}
      />
      <div className="space-y-1.5">
        <FormField
          label={SCHEMA_EDITOR_MESSAGES.defaultValue}
          description={SCHEMA_EDITOR_MESSAGES.defaultValueDescription}
        >
          <Input
            value={form.defaultValue}
            disabled={identityOn}
            placeholder={SCHEMA_EDITOR_MESSAGES.defaultValuePlaceholder}
            onChange={(e) => set({ defaultValue: e.target.value })}
            className="font-mono"
          />
        </FormField>
        {suggestions.length > 0 && !identityOn && (
          <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
            {SCHEMA_EDITOR_MESSAGES.suggestions}
            {suggestions.map((suggestion) => (
              <Button
                key={suggestion}
                size="sm"
                variant="ghost"
                className="font-mono"
                aria-label={defaultSuggestionLabel(suggestion)}
                onClick={() => set({ defaultValue: suggestion })}
              >
                {suggestion}
              </Button>
            ))}
          </div>
        )}
      </div>
      <div className="space-y-3">
        {canIdentity && (
          <CheckboxField
            label={SCHEMA_EDITOR_MESSAGES.isIdentity}
            description={SCHEMA_EDITOR_MESSAGES.isIdentityDescription}
            checked={form.isIdentity}
            onChange={(isIdentity) => set({ isIdentity })}
          />
        )}
        <CheckboxField
          label={SCHEMA_EDITOR_MESSAGES.isNullable}
          description={SCHEMA_EDITOR_MESSAGES.isNullableDescription}
          checked={form.isNullable}
          onChange={(isNullable) => set({ isNullable })}
        />
        <CheckboxField
          label={SCHEMA_EDITOR_MESSAGES.isUnique}
          description={SCHEMA_EDITOR_MESSAGES.isUniqueDescription}
          checked={form.isUnique}
          onChange={(isUnique) => set({ isUnique })}
        />
        <CheckboxField
          label={SCHEMA_EDITOR_MESSAGES.isPrimaryKey}
          description={SCHEMA_EDITOR_MESSAGES.isPrimaryKeyDescription}
          checked={form.isPrimaryKey}
          onChange={(isPrimaryKey) => set({ isPrimaryKey })}
        />
      </div>
      <FormField label={SCHEMA_EDITOR_MESSAGES.check} description={SCHEMA_EDITOR_MESSAGES.checkDescription}>
        <Input value={form.check} onChange={(e) => set({ check: e.target.value })} className="font-mono" />
      </FormField>
      <ForeignKeyFields
        projectRef={projectRef}
        defaultSchema={table.schema}
        value={form.foreignKey}
        error={errors.foreignKey}
        onChange={(foreignKey) => set({ foreignKey })}
      />
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

/** The foreign key of the column: target schema, table and column, and the on delete / on update actions. */
export function ForeignKeyFields({
  projectRef,
  defaultSchema,
  value,
  error,
  onChange,
}: {
  projectRef: string
  defaultSchema: string
  value: ForeignKeyForm | null
  error: string | undefined
  onChange: (value: ForeignKeyForm | null) => void
}) {
  const schemas = useSchemas(projectRef)
  const tables = useTables(projectRef, value?.schema ?? null)
  const target = tables.data?.find((t) => t.name === value?.table)
  const set = (patch: Partial<ForeignKeyForm>) => value && onChange({ ...value, ...patch })

  return (
    <fieldset className="space-y-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">{SCHEMA_EDITOR_MESSAGES.foreignKey}</legend>
      {value === null ? (
        <div className="flex items-center justify-between gap-3">
          <p className="text-xs text-muted-foreground">{SCHEMA_EDITOR_MESSAGES.foreignKeyDescription}</p>
          <Button
            size="sm"
            onClick={() =>
              onChange({
                schema: defaultSchema,
                table: '',
                column: '',
                deletionAction: 'no action',
                updateAction: 'no action',
              })
            }
          >
            {SCHEMA_EDITOR_MESSAGES.addForeignKey}
          </Button>
        </div>
      ) : (
        <>
          <div className="grid grid-cols-3 gap-3">
            <FormField label={SCHEMA_EDITOR_MESSAGES.referencedSchema}>
              <NativeSelect
                value={value.schema}
                onChange={(e) => set({ schema: e.target.value, table: '', column: '' })}
              >
                {(schemas.data ?? [{ name: value.schema }]).map((s) => (
                  <option key={s.name} value={s.name}>
                    {s.name}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label={SCHEMA_EDITOR_MESSAGES.referencedTable}>
              <NativeSelect value={value.table} onChange={(e) => set({ table: e.target.value, column: '' })}>
                <option value="">{SCHEMA_EDITOR_MESSAGES.chooseTable}</option>
                {value.table !== '' && !tables.data?.some((t) => t.name === value.table) && (
                  <option value={value.table}>{value.table}</option>
                )}
                {(tables.data ?? []).map((t) => (
                  <option key={t.id} value={t.name}>
                    {t.name}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label={SCHEMA_EDITOR_MESSAGES.referencedColumn}>
              <NativeSelect value={value.column} onChange={(e) => set({ column: e.target.value })}>
                <option value="">{SCHEMA_EDITOR_MESSAGES.chooseColumn}</option>
                {value.column !== '' && !target?.columns?.some((c) => c.name === value.column) && (
                  <option value={value.column}>{value.column}</option>
                )}
                {(target?.columns ?? []).map((c) => (
                  <option key={c.name} value={c.name}>
                    {c.name} ({c.format})
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          <div className="grid grid-cols-2 gap-3">
            {(
              [
                ['deletionAction', SCHEMA_EDITOR_MESSAGES.onDelete],
                ['updateAction', SCHEMA_EDITOR_MESSAGES.onUpdate],
              ] as const
            ).map(([field, label]) => (
              <FormField key={field} label={label}>
                <NativeSelect
                  value={value[field]}
                  onChange={(e) => set({ [field]: e.target.value as ForeignKeyForm[typeof field] })}
                >
                  {FOREIGN_KEY_ACTION_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
            ))}
          </div>
          {error && (
            <p role="alert" className="text-xs text-destructive">
              {error}
            </p>
          )}
          <Button size="sm" variant="ghost" onClick={() => onChange(null)}>
            {SCHEMA_EDITOR_MESSAGES.removeForeignKey}
          </Button>
        </>
      )}
    </fieldset>
  )
}
