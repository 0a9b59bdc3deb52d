import { useState } from 'react'
import { toast } from 'sonner'
import { createTriggerBodySchema, type CreateTriggerBody, type TriggerEvent } from '@basalt/contracts'
import { buildCreateTrigger } from '@basalt/sql'
import { useTables } from '../../../project/pg-meta/get-tables'
import { FormField } from '../../../ui/form-field'
import { Input, NativeSelect } from '../../../ui/input'
import { useCreateTrigger } from '../api/change-trigger'
import { useTriggerFunctions } from '../api/get-trigger-functions'
import { TRIGGER_MESSAGES as MESSAGES } from '../messages'
import { ChangePanel, type FieldOfError } from './change-panel'

const EVENTS: TriggerEvent[] = ['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE']
const TIMINGS = ['BEFORE', 'AFTER', 'INSTEAD OF'] as const

type Form = {
  table: string
  name: string
  timing: (typeof TIMINGS)[number]
  orientation: 'ROW' | 'STATEMENT'
  events: TriggerEvent[]
  updateColumns: string[]
  condition: string
  fn: string
  /** One argument a line. */
  args: string
}

type Errors = Partial<Record<'table' | 'name' | 'events' | 'fn', string>>

/**
 * Which field a refusal concerns: a name taken (42710), a BEFORE or INSTEAD OF trigger on a relation that
 * cannot have one (42809), a condition that does not compile or names a missing column (42601, 42703, 42804).
 */
const TRIGGER_FIELDS: FieldOfError<string> = {
  '42710': 'name',
  '42809': 'timing',
  '42601': 'condition',
  '42703': 'condition',
  '42804': 'condition',
  '42P17': 'condition',
}

/**
 * Creates a trigger on a table of `schema`: the events (UPDATE OF chosen columns), before / after / instead
 * of, for each row or statement, a WHEN condition, and the function it runs, chosen from the trigger functions.
 * The SQL is reviewed before it runs; Postgres' refusal (a BEFORE trigger on a view …) is shown beside the
 * field it concerns.
 */
export function TriggerEditorPanel({
  projectRef,
  schema,
  onClose,
}: {
  projectRef: string
  schema: string
  onClose: () => void
}) {
  const tables = useTables(projectRef, schema)
  const functions = useTriggerFunctions(projectRef)
  const create = useCreateTrigger(projectRef)
  const [form, setForm] = useState<Form>({
    table: '',
    name: '',
    timing: 'BEFORE',
    orientation: 'ROW',
    events: ['INSERT'],
    updateColumns: [],
    condition: '',
    fn: '',
    args: '',
  })
  const [errors, setErrors] = useState<Errors>({})
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }))
  const table = tables.data?.find((t) => t.name === form.table)

  const prepare = () => {
    const found: Errors = {}
    if (form.table === '') found.table = MESSAGES.tableRequired
    if (form.name.trim() === '') found.name = MESSAGES.nameRequired
    if (form.events.length === 0) found.events = MESSAGES.eventsRequired
    if (form.fn === '') found.fn = MESSAGES.functionRequired
    setErrors(found)
    if (Object.keys(found).length > 0) return null
    const [functionSchema, functionName] = JSON.parse(form.fn) as [string, string]
    const body: CreateTriggerBody = {
      schema,
      table: form.table,
      name: form.name.trim(),
      timing: form.timing,
      orientation: form.orientation,
      events: form.events,
      update_columns: form.events.includes('UPDATE') ? form.updateColumns : [],
      condition: form.condition.trim() === '' ? null : form.condition,
      function_schema: functionSchema,
      function_name: functionName,
      function_args: form.args === '' ? [] : form.args.split('\n'),
    }
    return { body, sql: buildCreateTrigger(createTriggerBodySchema.parse(body)) }
  }

  return (
    <ChangePanel
      title={MESSAGES.createTitle}
      onClose={onClose}
      mutation={create}
      prepare={prepare}
      fields={TRIGGER_FIELDS}
      onDone={(trigger) => {
        toast.success(MESSAGES.created(trigger.name))
        onClose()
      }}
    >
      {(refused) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Name" error={errors.name ?? refused('name')}>
              <Input value={form.name} onChange={(e) => set('name', e.target.value)} spellCheck={false} />
            </FormField>
            <FormField label="Table" error={errors.table ?? refused('table')}>
              <NativeSelect
                value={form.table}
                onChange={(e) => setForm((f) => ({ ...f, table: e.target.value, updateColumns: [] }))}
              >
                <option value="">Choose a table</option>
                {(tables.data ?? []).map((t) => (
                  <option key={t.id} value={t.name}>
                    {t.name}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Events</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              {EVENTS.map((event) => (
                <label key={event} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={form.events.includes(event)}
                    onChange={(e) =>
                      set(
                        'events',
                        e.target.checked
                          ? EVENTS.filter((x) => x === event || form.events.includes(x))
                          : form.events.filter((x) => x !== event),
                      )
                    }
                  />
                  {event}
                </label>
              ))}
            </div>
            {errors.events && (
              <p role="alert" className="text-xs text-destructive">
                {errors.events}
              </p>
            )}
          </fieldset>
          {form.events.includes('UPDATE') && table && (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">Only on update of (none: any column)</legend>
              <div className="flex flex-wrap gap-4 text-sm">
                {(table.columns ?? []).map((c) => (
                  <label key={c.name} className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      checked={form.updateColumns.includes(c.name)}
                      onChange={(e) =>
                        set(
                          'updateColumns',
                          e.target.checked
                            ? [...form.updateColumns, c.name]
                            : form.updateColumns.filter((x) => x !== c.name),
                        )
                      }
                    />
                    {c.name}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Timing" error={refused('timing')}>
              <NativeSelect value={form.timing} onChange={(e) => set('timing', e.target.value as Form['timing'])}>
                {TIMINGS.map((t) => (
                  <option key={t} value={t}>
                    {t.toLowerCase()}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label="Orientation">
              <NativeSelect
                value={form.orientation}
                onChange={(e) => set('orientation', e.target.value as Form['orientation'])}
              >
                <option value="ROW">for each row</option>
                <option value="STATEMENT">for each statement</option>
              </NativeSelect>
            </FormField>
          </div>
          <FormField
            label="Condition (WHEN)"
            description="An expression on old and new; empty to always fire."
            error={refused('condition')}
          >
            <Input
              value={form.condition}
              onChange={(e) => set('condition', e.target.value)}
              placeholder="new.title is not null"
              spellCheck={false}
            />
          </FormField>
          <FormField
            label="Function"
            error={
              errors.fn ?? refused('fn') ?? (functions.data?.length === 0 ? MESSAGES.noTriggerFunctions : undefined)
            }
          >
            <NativeSelect value={form.fn} onChange={(e) => set('fn', e.target.value)}>
              <option value="">Choose a trigger function</option>
              {(functions.data ?? []).map((f) => (
                <option key={f.id} value={JSON.stringify([f.schema, f.name])}>
                  {f.schema}.{f.name}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="Arguments" description="Passed to the function as TG_ARGV, one a line.">
            <textarea
              value={form.args}
              onChange={(e) => set('args', e.target.value)}
              rows={2}
              className="w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-sm focus-visible:outline-2 focus-visible:outline-ring"
            />
          </FormField>
        </>
      )}
    </ChangePanel>
  )
}
