import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { Info, Lock, Search } from 'lucide-react'
import { useSchemas } from '../../../project/pg-meta/get-schemas'
import { Input, NativeSelect } from '../../../ui/input'
import { DATABASE_MESSAGES as MESSAGES } from '../messages'

const DEFAULT_SCHEMA = 'public'

/**
 * The schema and the search of a Database page, kept in the URL (`?schema=`, `?search=`) so a link or a
 * reload shows the same list.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams()
  const schema = params.get('schema') || DEFAULT_SCHEMA
  const search = params.get('search') ?? ''
  const set = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (value && !(key === 'schema' && value === DEFAULT_SCHEMA)) next.set(key, value)
        else next.delete(key)
        return next
      },
      { replace: key === 'search' },
    )
  return {
    schema,
    search,
    setSchema: (value: string) => set('schema', value),
    setSearch: (value: string) => set('search', value),
  }
}

/** Whether the dashboard keeps a schema read-only (auth, storage …), by the schemas listing. */
export function useSchemaLocked(projectRef: string, schema: string): boolean {
  const schemas = useSchemas(projectRef)
  return schemas.data?.find((s) => s.name === schema)?.protected ?? false
}

export function SchemaSelect({
  projectRef,
  value,
  onChange,
}: {
  projectRef: string
  value: string
  onChange: (schema: string) => void
}) {
  const schemas = useSchemas(projectRef)
  const options = schemas.data ?? [{ id: 0, name: value, owner: '', protected: false }]
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="text-muted-foreground">{MESSAGES.schemaLabel}</span>
      <NativeSelect value={value} onChange={(e) => onChange(e.target.value)} className="h-8 w-48">
        {options.some((s) => s.name === value) ? null : <option value={value}>{value}</option>}
        {options.map((s) => (
          <option key={s.id} value={s.name}>
            {s.protected ? `${s.name} (${MESSAGES.locked})` : s.name}
          </option>
        ))}
      </NativeSelect>
    </label>
  )
}

export function SearchInput({
  label,
  value,
  onChange,
}: {
  label: string
  value: string
  onChange: (v: string) => void
}) {
  return (
    <div className="relative">
      <Search aria-hidden className="absolute top-2 left-2.5 size-4 text-muted-foreground" />
      <Input
        type="search"
        aria-label={label}
        placeholder={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        // Wide enough for its placeholder (the label), which said what it searches and was cut at 16rem.
        style={{ width: `max(16rem, ${label.length + 4}ch)` }}
        className="h-8 max-w-full pl-8"
      />
    </div>
  )
}

export function Toolbar({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
      <div className="flex flex-wrap items-center gap-2">{children}</div>
      {actions && <div className="flex items-center gap-2">{actions}</div>}
    </div>
  )
}

/** Why a list has no write controls: a locked schema, or a member without the permission. */
export function ReadOnlyNote({ schema, locked, canWrite }: { schema: string; locked: boolean; canWrite: boolean }) {
  if (!locked && canWrite) return null
  return (
    <div role="note" className="mb-4 flex gap-3 rounded-md border border-border px-4 py-2.5 text-sm">
      {locked ? (
        <Lock aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      ) : (
        <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      )}
      <p>{locked ? MESSAGES.lockedSchema(schema) : MESSAGES.readOnly}</p>
    </div>
  )
}

/** Case-insensitive match of a trimmed search (spec 2 §5: search inputs are trimmed). */
export function matches(search: string, ...texts: Array<string | null | undefined>): boolean {
  const needle = search.trim().toLowerCase()
  return needle === '' || texts.some((t) => t?.toLowerCase().includes(needle))
}
