import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import { Dialog } from 'radix-ui'
import { DialogContent } from '../../../ui/dialog'
import { useQueries } from '@tanstack/react-query'
import { X } from 'lucide-react'
import { toast } from 'sonner'
import type { PgColumn, TableRow } from '@basalt/contracts'
import { cn } from '../../../lib/cn'
import { errorMessage } from '../../../lib/format'
import { Badge } from '../../../ui/badge'
import { Button } from '../../../ui/button'
import { FormError } from '../../../ui/form-error'
import { Input, NativeSelect } from '../../../ui/input'
import { getTableCell, tableCellQueryKey } from '../api/get-table-cell'
import { useInsertTableRows } from '../api/insert-table-rows'
import { primaryKeyMatch, useUpdateTableRow } from '../api/update-table-row'
import { TABLE_EDITOR_MESSAGES as M } from '../messages'
import { editorKindOf, formatHint } from '../state/cell-editing'
import {
  EMPTY_FIELD,
  fieldFromValue,
  fieldRole,
  isFieldEditable,
  rowFormValues,
  type RowField,
  type RowFormMode,
} from '../state/cell-editing-row'
import { primaryKeyValue } from '../state/cell-value'
import type { ImpersonationParam } from '../../../project/role-impersonation/role-impersonation-store'
import type { WriteQueue } from '../state/write-queue'

export type RowEditorTarget = { mode: 'insert' } | { mode: 'update'; row: TableRow }

interface Props {
  projectRef: string
  schema: string
  table: string
  columns: readonly PgColumn[]
  primaryKeys: readonly string[]
  impersonation: ImpersonationParam | undefined
  queue: Pick<WriteQueue, 'run'>
  target: RowEditorTarget | null
  onClose: () => void
}

/**
 * Insert row and Edit row (spec 1 §2) in a side panel: a field per column, in table order, each typed like
 * its cell editor; defaults, identities and generated columns are shown as such and left to the database,
 * required fields are marked. Edit row sends only the changed fields, through the grid's write queue.
 */
export function RowEditorPanel(props: Props) {
  const { target, schema, table, onClose } = props
  const title =
    target?.mode === 'update' ? `${M.editRow} of ${schema}.${table}` : `${M.insertRow} into ${schema}.${table}`
  return (
    <Dialog.Root open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <DialogContent
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-xl flex-col border-l border-border bg-surface-raised shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between gap-4 border-b border-border px-5 py-3">
            <Dialog.Title className="text-base font-semibold">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="rounded-md p-1 text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X aria-hidden className="size-4" />
            </Dialog.Close>
          </div>
          {target && <RowEditorBody {...props} target={target} />}
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function RowEditorBody(props: Props & { target: RowEditorTarget }) {
  const { projectRef, schema, table, primaryKeys, impersonation, target } = props
  const row = target.mode === 'update' ? target.row : undefined
  // Values the grid holds truncated are loaded whole before the form starts from them.
  const truncated = row?.truncated ?? []
  const primaryKey = row ? Object.fromEntries(primaryKeys.map((k) => [k, primaryKeyValue(row.data[k])])) : {}
  const full = useQueries({
    queries: truncated.map((column) => {
      const query = { schema, table, column, primaryKey, impersonation }
      return {
        queryKey: tableCellQueryKey(projectRef, query),
        queryFn: () => getTableCell(projectRef, query),
        staleTime: Number.POSITIVE_INFINITY,
      }
    }),
  })
  const failed = full.find((q) => q.error)
  if (failed) return <PanelMessage alert>{`${M.fullValueError}: ${errorMessage(failed.error)}`}</PanelMessage>
  if (full.some((q) => !q.data)) return <PanelMessage>{M.loadingFullValue}</PanelMessage>
  const data = row ? { ...row.data } : undefined
  truncated.forEach((column, i) => {
    if (data) data[column] = full[i]?.data?.value
  })
  return <RowForm {...props} data={data} />
}

function PanelMessage({ children, alert }: { children: ReactNode; alert?: boolean }) {
  return (
    <p
      role={alert ? 'alert' : 'status'}
      className={cn('px-5 py-4 text-sm', alert ? 'text-destructive' : 'text-muted-foreground')}
    >
      {children}
    </p>
  )
}

function RowForm({
  projectRef,
  schema,
  table,
  columns,
  primaryKeys,
  impersonation,
  queue,
  target,
  onClose,
  data,
}: Props & { target: RowEditorTarget; data: Record<string, unknown> | undefined }) {
  const mode: RowFormMode = target.mode
  const ordered = useMemo(() => [...columns].sort((a, b) => a.ordinal_position - b.ordinal_position), [columns])
  const initial = useMemo(
    () =>
      Object.fromEntries(ordered.map((c) => [c.name, data ? fieldFromValue(c, data[c.name]) : EMPTY_FIELD])) as Record<
        string,
        RowField
      >,
    [ordered, data],
  )
  const [fields, setFields] = useState(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const insert = useInsertTableRows(projectRef, queue)
  const update = useUpdateTableRow(projectRef, queue)
  const pending = insert.isPending || update.isPending
  // A refusal that names one of the row's columns is shown on that field, which takes the focus (issue 18).
  const form = useRef<HTMLFormElement>(null)
  const [serverError, setServerError] = useState<{ column: string; message: string } | null>(null)
  useEffect(() => {
    if (serverError)
      form.current?.querySelector<HTMLElement>(`[data-column="${CSS.escape(serverError.column)}"]`)?.focus()
  }, [serverError])
  const onSaveError = (error: unknown) => {
    const column = columnNamedBy(error, ordered)
    setServerError(column ? { column, message: errorMessage(error) } : null)
  }
  const shownErrors = serverError ? { ...errors, [serverError.column]: serverError.message } : errors

  const setField = (name: string, field: RowField) => {
    setFields((current) => ({ ...current, [name]: field }))
    setErrors(({ [name]: _, ...rest }) => rest)
    if (serverError?.column === name) setServerError(null)
  }

  const submit = () => {
    const result = rowFormValues(ordered, fields, mode, initial)
    if (!result.ok) {
      setErrors(result.errors)
      return
    }
    if (target.mode === 'insert') {
      insert.mutate(
        { schema, table, rows: [result.values], ...(impersonation ? { impersonation } : {}) },
        {
          onSuccess: () => {
            toast.success(M.rowInserted)
            onClose()
          },
          onError: onSaveError,
        },
      )
      return
    }
    if (Object.keys(result.values).length === 0) {
      onClose()
      return
    }
    update.mutate(
      {
        schema,
        table,
        match: primaryKeyMatch(target.row.data, primaryKeys),
        values: result.values,
        ...(impersonation ? { impersonation } : {}),
      },
      {
        onSuccess: () => {
          toast.success(M.rowUpdated)
          onClose()
        },
        onError: onSaveError,
      },
    )
  }

  return (
    <form
      ref={form}
      noValidate
      className="flex min-h-0 flex-1 flex-col"
      onSubmit={(e) => {
        e.preventDefault()
        submit()
      }}
    >
      <div className="min-h-0 flex-1 space-y-5 overflow-y-auto px-5 py-4">
        {ordered.map((column) => (
          <RowFieldControl
            key={column.name}
            column={column}
            mode={mode}
            isPrimaryKey={primaryKeys.includes(column.name)}
            field={fields[column.name] ?? EMPTY_FIELD}
            error={shownErrors[column.name]}
            onChange={(field) => setField(column.name, field)}
          />
        ))}
      </div>
      <div className="space-y-3 border-t border-border px-5 py-3">
        <FormError error={serverError ? null : (insert.error ?? update.error)} />
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>{M.cancel}</Button>
          <Button type="submit" variant="primary" loading={pending}>
            {M.save}
          </Button>
        </div>
      </div>
    </form>
  )
}

const TEXTAREA =
  'w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-sm text-foreground ' +
  'placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-0 ' +
  'focus-visible:outline-ring disabled:opacity-50 aria-[invalid=true]:border-destructive'

/** One column's field: its label and type, what the database fills in, the control, and a NULL switch. */
function RowFieldControl({
  column,
  mode,
  isPrimaryKey,
  field,
  error,
  onChange,
}: {
  column: PgColumn
  mode: RowFormMode
  isPrimaryKey: boolean
  field: RowField
  error: string | undefined
  onChange: (field: RowField) => void
}) {
  const id = useId()
  const kind = editorKindOf(column)
  const role = fieldRole(column)
  const editable = isFieldEditable(column)
  const disabled = !editable || field.isNull
  const placeholder = field.isNull
    ? 'NULL'
    : role === 'generated'
      ? M.generatedValue
      : role === 'identity'
        ? M.identityValue
        : role === 'default' && mode === 'insert'
          ? `${M.defaultValue}: ${column.default_value}`
          : (formatHint(column) ?? (column.is_nullable ? 'NULL' : undefined))
  const common = {
    id,
    'data-column': column.name,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  }
  const setText = (text: string) => onChange({ text, isNull: false })

  let control: ReactNode
  if (kind === 'boolean' || kind === 'enum') {
    const options = kind === 'boolean' ? ['true', 'false'] : column.enums
    control = (
      <NativeSelect {...common} value={field.isNull ? '' : field.text} onChange={(e) => setText(e.target.value)}>
        <option value="">{placeholder ?? ''}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {kind === 'boolean' ? o.toUpperCase() : o}
          </option>
        ))}
      </NativeSelect>
    )
  } else if (kind === 'text' || kind === 'json' || kind === 'array') {
    control = (
      <textarea
        {...common}
        rows={kind === 'json' ? 6 : kind === 'array' ? 3 : 2}
        spellCheck={false}
        className={TEXTAREA}
        placeholder={placeholder}
        value={field.isNull ? '' : field.text}
        onChange={(e) => setText(e.target.value)}
      />
    )
  } else {
    control = (
      <Input
        {...common}
        className="font-mono"
        inputMode={kind === 'number' ? 'decimal' : undefined}
        placeholder={placeholder}
        value={field.isNull ? '' : field.text}
        onChange={(e) => setText(e.target.value)}
      />
    )
  }

  return (
    <div className="space-y-1.5">
      <div className="flex flex-wrap items-baseline gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {column.name}
        </label>
        <span className="text-xs text-muted-foreground">{column.format}</span>
        <span className="ml-auto flex gap-1">
          {isPrimaryKey && <Badge>Primary key</Badge>}
          {role === 'required' && mode === 'insert' && <Badge tone="warning">Required</Badge>}
          {role === 'identity' && <Badge>Identity</Badge>}
          {role === 'generated' && <Badge>Generated</Badge>}
        </span>
      </div>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">{control}</div>
        {editable && column.is_nullable && (
          <Button
            size="sm"
            variant={field.isNull ? 'primary' : 'default'}
            className="mt-1"
            aria-pressed={field.isNull}
            aria-label={`Set ${column.name} to NULL`}
            onClick={() => onChange(field.isNull ? { text: '', isNull: false } : { text: '', isNull: true })}
          >
            NULL
          </Button>
        )}
      </div>
      {column.comment && <p className="text-xs text-muted-foreground">{column.comment}</p>}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

/**
 * The row's column a Postgres refusal names, as Postgres words it ('null value in column "name" of relation
 * …', 'value too long for … column "code"'): the server passes the message whole, without the column field.
 */
function columnNamedBy(error: unknown, columns: readonly PgColumn[]): string | undefined {
  const message = errorMessage(error)
  return columns.find((c) => message.includes(`column "${c.name}"`))?.name
}
