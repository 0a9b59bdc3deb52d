import { useState } from 'react'
import { AlertTriangle, Plus, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import type { DatabaseFunction } from '@basalt/contracts'
import { useSchemas } from '../../../project/pg-meta/get-schemas'
import { useTypes } from '../../../project/pg-meta/get-types'
import { Button } from '../../../ui/button'
import { CodeEditor } from '../../../ui/code-editor/code-editor'
import { FormField } from '../../../ui/form-field'
import { Input, NativeSelect } from '../../../ui/input'
import { SwitchField } from '../../../ui/switch-field'
import { useSaveDatabaseFunction } from '../api/save-database-function'
import { FUNCTION_MESSAGES as MESSAGES } from '../messages'
import {
  emptyFunctionForm,
  functionDefinitionFromForm,
  functionFormOf,
  functionReviewSql,
  validateFunctionForm,
  type FunctionForm,
  type FunctionFormErrors,
} from '../state/function-form'
import { ChangePanel, type FieldOfError } from './change-panel'

const LANGUAGES = ['plpgsql', 'sql']
// Common built-in types offered in the type fields; any type can be typed.
const COMMON_TYPES = [
  'void',
  'trigger',
  'record',
  'text',
  'integer',
  'bigint',
  'smallint',
  'numeric',
  'real',
  'double precision',
  'boolean',
  'uuid',
  'json',
  'jsonb',
  'date',
  'timestamp with time zone',
  'timestamp without time zone',
  'interval',
  'bytea',
  'text[]',
  'integer[]',
  'event_trigger',
]

/**
 * Which field a refusal concerns: a name taken (42723, 42710) beside the name; what Postgres finds wrong in
 * the body when it checks it — a syntax error (42601), an invalid definition (42P13), a missing table,
 * column or function (42P01, 42703, 42883), a result of the wrong type (42804) — beside the body.
 */
const FUNCTION_FIELDS: FieldOfError<string> = {
  '42723': 'name',
  '42710': 'name',
  '42601': 'body',
  '42P13': 'body',
  '42P01': 'body',
  '42703': 'body',
  '42883': 'body',
  '42804': 'body',
}

/**
 * Creates a function (`fn` null) or edits one: its schema and name, arguments in order with modes and defaults,
 * what it returns (a type, `setof` a type, or `table(...)`), language, body in the SQL editor's Monaco,
 * volatility, security definer (with its warning) and search_path. Save shows the SQL for review; Run runs it
 * in one transaction, and Postgres' error stays beside it.
 */
export function FunctionEditorPanel({
  projectRef,
  schema,
  fn,
  onClose,
}: {
  projectRef: string
  schema: string
  fn: DatabaseFunction | null
  onClose: () => void
}) {
  const [form, setForm] = useState<FunctionForm>(() => (fn ? functionFormOf(fn) : emptyFunctionForm(schema)))
  const [errors, setErrors] = useState<FunctionFormErrors>({})
  const [buildError, setBuildError] = useState<string | null>(null)
  const save = useSaveDatabaseFunction(projectRef)
  const schemas = useSchemas(projectRef)
  const types = useTypes(projectRef)
  const typeOptions = [...COMMON_TYPES, ...(types.data ?? []).map((t) => `${t.schema}.${t.name}`)]
  const set = <K extends keyof FunctionForm>(key: K, value: FunctionForm[K]) => setForm((f) => ({ ...f, [key]: value }))
  const listId = 'function-type-options'

  const prepare = () => {
    const found = validateFunctionForm(form)
    setErrors(found)
    setBuildError(null)
    if (Object.keys(found).length > 0) return null
    try {
      return {
        body: { id: fn?.id ?? null, definition: functionDefinitionFromForm(form) },
        sql: functionReviewSql(form, fn),
      }
    } catch (err) {
      setBuildError(err instanceof Error ? err.message : String(err))
      return null
    }
  }

  return (
    <ChangePanel
      title={fn ? MESSAGES.editTitle(fn.name) : MESSAGES.createTitle}
      onClose={onClose}
      mutation={save}
      prepare={prepare}
      fields={FUNCTION_FIELDS}
      onDone={(saved) => {
        toast.success(MESSAGES.saved(saved.name))
        onClose()
      }}
    >
      {(refused) => (
        <>
          {buildError && (
            <p role="alert" className="text-sm text-destructive">
              {buildError}
            </p>
          )}
          <datalist id={listId}>
            {typeOptions.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Schema">
              <NativeSelect value={form.schema} onChange={(e) => set('schema', e.target.value)}>
                {(schemas.data ?? [{ id: 0, name: form.schema, protected: false }])
                  .filter((s) => !s.protected)
                  .map((s) => (
                    <option key={s.id} value={s.name}>
                      {s.name}
                    </option>
                  ))}
              </NativeSelect>
            </FormField>
            <FormField label="Name" error={errors.name ?? refused('name')}>
              <Input value={form.name} onChange={(e) => set('name', e.target.value)} spellCheck={false} />
            </FormField>
          </div>
          <FormField label="Description">
            <Input value={form.comment} onChange={(e) => set('comment', e.target.value)} />
          </FormField>

          <ArgumentsEditor form={form} setForm={setForm} error={errors.args} listId={listId} />

          {form.kind === 'function' && (
            <fieldset className="space-y-3">
              <legend className="text-sm font-medium">Returns</legend>
              <div className="flex flex-wrap gap-4 text-sm">
                {(
                  [
                    ['type', 'A value'],
                    ['setof', 'A set of values (setof)'],
                    ['table', 'A table (table(...))'],
                  ] as const
                ).map(([value, label]) => (
                  <label key={value} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="returns"
                      checked={form.returns === value}
                      onChange={() => set('returns', value)}
                    />
                    {label}
                  </label>
                ))}
              </div>
              {form.returns === 'table' ? (
                <TableColumnsEditor form={form} setForm={setForm} error={errors.columns} listId={listId} />
              ) : (
                <FormField label="Return type" error={errors.returnType}>
                  <Input
                    list={listId}
                    value={form.returnType}
                    onChange={(e) => set('returnType', e.target.value)}
                    spellCheck={false}
                  />
                </FormField>
              )}
            </fieldset>
          )}

          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Language" error={errors.language}>
              <NativeSelect value={form.language} onChange={(e) => set('language', e.target.value)}>
                {[...new Set([...LANGUAGES, form.language])].map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            {form.kind === 'function' && (
              <FormField label="Volatility">
                <NativeSelect
                  value={form.volatility}
                  onChange={(e) => set('volatility', e.target.value as FunctionForm['volatility'])}
                >
                  <option value="volatile">volatile</option>
                  <option value="stable">stable</option>
                  <option value="immutable">immutable</option>
                </NativeSelect>
              </FormField>
            )}
          </div>

          <div className="space-y-1.5">
            <p className="text-sm font-medium">Definition</p>
            <div className="h-64 rounded-md border border-input">
              <CodeEditor
                label="Function body"
                value={form.body}
                onChange={(body) => set('body', body)}
                className="h-full"
              />
            </div>
            {(errors.body ?? refused('body')) && (
              <p role="alert" className="text-xs text-destructive">
                {errors.body ?? refused('body')}
              </p>
            )}
          </div>

          <SwitchField
            label="Security definer"
            description="Run with the privileges of the function's owner instead of its caller."
            checked={form.securityDefiner}
            onCheckedChange={(v) => set('securityDefiner', v)}
          />
          {form.securityDefiner && (
            <div
              role="note"
              className="flex gap-3 rounded-md border border-warning/40 bg-warning-surface px-3 py-2 text-sm"
            >
              <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
              <p>{MESSAGES.securityDefinerWarning}</p>
            </div>
          )}
          {form.kind === 'function' && (
            <SwitchField
              label="Strict"
              description="Return null at once when any argument is null (RETURNS NULL ON NULL INPUT)."
              checked={form.strict}
              onCheckedChange={(v) => set('strict', v)}
            />
          )}
          <SwitchField
            label="Set search_path"
            description="The schemas the function's body finds unqualified names in, whoever calls it."
            checked={form.setSearchPath}
            onCheckedChange={(v) => set('setSearchPath', v)}
          />
          {form.setSearchPath && (
            <FormField label="search_path" description="Schemas separated by commas; empty for none.">
              <Input
                value={form.searchPath}
                onChange={(e) => set('searchPath', e.target.value)}
                placeholder="public, extensions"
                spellCheck={false}
              />
            </FormField>
          )}
        </>
      )}
    </ChangePanel>
  )
}

function ArgumentsEditor({
  form,
  setForm,
  error,
  listId,
}: {
  form: FunctionForm
  setForm: (update: (f: FunctionForm) => FunctionForm) => void
  error: string | undefined
  listId: string
}) {
  const update = (i: number, patch: Partial<FunctionForm['args'][number]>) =>
    setForm((f) => ({ ...f, args: f.args.map((a, j) => (j === i ? { ...a, ...patch } : a)) }))
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Arguments</legend>
      {form.args.length === 0 && <p className="text-sm text-muted-foreground">No arguments.</p>}
      {form.args.map((arg, i) => (
        <div key={i} className="grid grid-cols-[6.5rem_1fr_1fr_1fr_auto] items-center gap-2">
          <NativeSelect
            aria-label={`Mode of argument ${i + 1}`}
            value={arg.mode}
            onChange={(e) => update(i, { mode: e.target.value as FunctionForm['args'][number]['mode'] })}
          >
            <option value="in">in</option>
            <option value="out">out</option>
            <option value="inout">inout</option>
            <option value="variadic">variadic</option>
          </NativeSelect>
          <Input
            aria-label={`Name of argument ${i + 1}`}
            placeholder="name"
            value={arg.name}
            onChange={(e) => update(i, { name: e.target.value })}
            spellCheck={false}
          />
          <Input
            aria-label={`Type of argument ${i + 1}`}
            placeholder="type"
            list={listId}
            value={arg.type}
            onChange={(e) => update(i, { type: e.target.value })}
            aria-invalid={error && arg.type.trim() === '' ? true : undefined}
            spellCheck={false}
          />
          <Input
            aria-label={`Default of argument ${i + 1}`}
            placeholder="default"
            value={arg.default}
            disabled={arg.mode === 'out'}
            onChange={(e) => update(i, { default: e.target.value })}
            spellCheck={false}
          />
          <Button
            size="icon"
            variant="ghost"
            aria-label={`Remove argument ${i + 1}`}
            onClick={() => setForm((f) => ({ ...f, args: f.args.filter((_, j) => j !== i) }))}
          >
            <Trash2 aria-hidden className="size-4" />
          </Button>
        </div>
      ))}
      {error && (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
      <Button
        size="sm"
        onClick={() =>
          setForm((f) => ({ ...f, args: [...f.args, { mode: 'in', name: '', type: 'text', default: '' }] }))
        }
      >
        <Plus aria-hidden className="size-4" />
        Add argument
      </Button>
    </fieldset>
  )
}

function TableColumnsEditor({
  form,
  setForm,
  error,
  listId,
}: {
  form: FunctionForm
  setForm: (update: (f: FunctionForm) => FunctionForm) => void
  error: string | undefined
  listId: string
}) {
  const update = (i: number, patch: Partial<FunctionForm['columns'][number]>) =>
    setForm((f) => ({ ...f, columns: f.columns.map((c, j) => (j === i ? { ...c, ...patch } : c)) }))
  return (
    <div className="space-y-2">
      {form.columns.map((column, i) => (
        <div key={i} className="grid grid-cols-[1fr_1fr_auto] items-center gap-2">
          <Input
            aria-label={`Name of column ${i + 1}`}
            placeholder="name"
            value={column.name}
            onChange={(e) => update(i, { name: e.target.value })}
            spellCheck={false}
          />
          <Input
            aria-label={`Type of column ${i + 1}`}
            placeholder="type"
            list={listId}
            value={column.type}
            onChange={(e) => update(i, { type: e.target.value })}
            spellCheck={false}
          />
          <Button
            size="icon"
            variant="ghost"
            aria-label={`Remove column ${i + 1}`}
            disabled={form.columns.length === 1}
            onClick={() => setForm((f) => ({ ...f, columns: f.columns.filter((_, j) => j !== i) }))}
          >
            <Trash2 aria-hidden className="size-4" />
          </Button>
        </div>
      ))}
      {error && (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
      <Button size="sm" onClick={() => setForm((f) => ({ ...f, columns: [...f.columns, { name: '', type: 'text' }] }))}>
        <Plus aria-hidden className="size-4" />
        Add column
      </Button>
    </div>
  )
}
