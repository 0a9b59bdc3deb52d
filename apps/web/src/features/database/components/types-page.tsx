import { useMemo, useState } from 'react'
import { ListOrdered, Pencil, Plus, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import type { CreateEnumBody, DatabaseType, UpdateEnumBody } from '@basalt/contracts'
import { buildDropType, createEnumStatements, updateEnumStatements } from '@basalt/sql'
import { usePermission } from '../../../project/use-permission'
import { Badge } from '../../../ui/badge'
import { FormField } from '../../../ui/form-field'
import { Input, NativeSelect } from '../../../ui/input'
import { Table, TBody, Td, Th, THead, Tr } from '../../../ui/table'
import { useChangeEnum, useDeleteDatabaseType } from '../api/change-database-type'
import { useDatabaseTypes, useTypeDependents } from '../api/get-database-types'
import { TYPE_MESSAGES as MESSAGES } from '../messages'
import { ChangePanel, type FieldOfError } from './change-panel'
import { DropDialog } from './drop-dialog'
import { ListPage } from './list-page'
import { matches, useListParams, useSchemaLocked } from './page-toolbar'
import { RowActions } from './row-actions'

type Open = { kind: 'create' } | { kind: 'add' | 'rename'; type: DatabaseType } | { kind: 'delete'; type: DatabaseType }

function definitionOf(t: DatabaseType): string {
  if (t.kind === 'enum') return t.values.join(', ')
  if (t.kind === 'domain') return [t.base_type, ...t.constraints].join(' ')
  if (t.kind === 'composite') return `(${t.attributes.map((a) => `${a.name} ${a.type}`).join(', ')})`
  if (t.kind === 'range') return `range of ${t.base_type}`
  return ''
}

/**
 * Database › Enumerated types: a schema's enums with their values — create, add a value, rename one, delete
 * with what depends on it — beside its domains, composites and ranges, shown as Postgres has them.
 */
export function TypesPage({ projectRef }: { projectRef: string }) {
  const { schema, search, setSchema, setSearch } = useListParams()
  const types = useDatabaseTypes(projectRef, schema)
  const locked = useSchemaLocked(projectRef, schema)
  const canWrite = usePermission('tenant_sql:write')
  const writable = canWrite && !locked
  const [open, setOpen] = useState<Open | null>(null)
  const all = types.data
  const rows = useMemo(() => (all ?? []).filter((t) => matches(search, t.name, ...t.values)), [all, search])
  const close = () => setOpen(null)

  return (
    <>
      <ListPage
        messages={MESSAGES}
        query={types}
        shown={{ rows, total: all?.length ?? 0 }}
        search={search}
        onSearch={setSearch}
        schema={{ projectRef, value: schema, onChange: setSchema, locked }}
        readOnly={!canWrite}
        onCreate={writable ? () => setOpen({ kind: 'create' }) : undefined}
        icon={<ListOrdered aria-hidden className="size-6" />}
      >
        {(shown) => (
          <Table label={`Types of ${schema}`}>
            <THead>
              <Tr>
                <Th>Name</Th>
                <Th>Kind</Th>
                <Th>Values</Th>
                {writable && (
                  <Th>
                    <span className="sr-only">Actions</span>
                  </Th>
                )}
              </Tr>
            </THead>
            <TBody>
              {shown.map((t) => (
                <Tr key={t.id}>
                  <Td className="font-mono">{t.name}</Td>
                  <Td>
                    <Badge tone={t.kind === 'enum' ? 'brand' : 'neutral'}>{t.kind}</Badge>
                  </Td>
                  <Td className="max-w-lg font-mono text-xs break-words">{definitionOf(t)}</Td>
                  {writable && (
                    <RowActions
                      actions={[
                        {
                          label: MESSAGES.add(t.name),
                          icon: Plus,
                          onClick: () => setOpen({ kind: 'add', type: t }),
                          shown: t.kind === 'enum',
                        },
                        {
                          label: MESSAGES.rename(t.name),
                          icon: Pencil,
                          onClick: () => setOpen({ kind: 'rename', type: t }),
                          shown: t.kind === 'enum',
                        },
                        {
                          label: MESSAGES.remove(t.name),
                          icon: Trash2,
                          onClick: () => setOpen({ kind: 'delete', type: t }),
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
      {open && open.kind !== 'delete' && (
        <EnumPanel projectRef={projectRef} schema={schema} open={open} onClose={close} />
      )}
      {open?.kind === 'delete' && <DeleteTypeDialog projectRef={projectRef} type={open.type} onClose={close} />}
    </>
  )
}

/** A taken name or value (42710), an unknown value to place it by or rename (22023), a name too long (42622). */
const ENUM_FIELDS: FieldOfError<string> = { '42710': 'value', '22023': 'value', '42622': 'value' }

function EnumPanel({
  projectRef,
  schema,
  open,
  onClose,
}: {
  projectRef: string
  schema: string
  open: Exclude<Open, { kind: 'delete' }>
  onClose: () => void
}) {
  const type = open.kind === 'create' ? null : open.type
  const change = useChangeEnum(projectRef, type?.id ?? null)
  const [name, setName] = useState('')
  const [value, setValue] = useState('')
  const [other, setOther] = useState(type?.values[0] ?? '')
  const [place, setPlace] = useState<'end' | 'before' | 'after'>('end')
  const [error, setError] = useState<string | undefined>()

  const prepare = () => {
    if (open.kind === 'create') {
      const values = value
        .split('\n')
        .map((v) => v.trim())
        .filter(Boolean)
      if (name.trim() === '' || values.length === 0) {
        setError(name.trim() === '' ? MESSAGES.nameRequired : MESSAGES.valuesRequired)
        return null
      }
      const body: CreateEnumBody = { schema, name: name.trim(), values }
      return { body, sql: createEnumStatements(body)[0]!.sql }
    }
    if (value === '') {
      setError(MESSAGES.valueRequired)
      return null
    }
    const body: UpdateEnumBody =
      open.kind === 'rename'
        ? { action: 'rename', from: other, to: value }
        : {
            action: 'add',
            value,
            ...(place === 'before' ? { before: other } : place === 'after' ? { after: other } : {}),
          }
    return { body, sql: updateEnumStatements(open.type, body)[0]!.sql }
  }

  const title =
    open.kind === 'create'
      ? MESSAGES.createTitle
      : open.kind === 'add'
        ? MESSAGES.addTitle(open.type.name)
        : MESSAGES.renameTitle(open.type.name)
  return (
    <ChangePanel
      title={title}
      onClose={onClose}
      mutation={change}
      prepare={prepare}
      fields={ENUM_FIELDS}
      onDone={(saved) => {
        toast.success(MESSAGES.saved(saved.name))
        onClose()
      }}
    >
      {(refused) =>
        open.kind === 'create' ? (
          <>
            <FormField label="Name" error={error === MESSAGES.nameRequired ? error : refused('name')}>
              <Input value={name} onChange={(e) => setName(e.target.value)} spellCheck={false} />
            </FormField>
            <FormField
              label="Values"
              description="One a line, in their order."
              error={error === MESSAGES.valuesRequired ? error : refused('value')}
            >
              <textarea
                value={value}
                onChange={(e) => setValue(e.target.value)}
                rows={5}
                className="w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-sm focus-visible:outline-2 focus-visible:outline-ring"
              />
            </FormField>
          </>
        ) : (
          <>
            {open.kind === 'add' ? (
              <FormField label="Position">
                <NativeSelect value={place} onChange={(e) => setPlace(e.target.value as typeof place)}>
                  <option value="end">at the end</option>
                  <option value="before">before</option>
                  <option value="after">after</option>
                </NativeSelect>
              </FormField>
            ) : null}
            {(open.kind === 'rename' || place !== 'end') && (
              <FormField label={open.kind === 'rename' ? 'Value to rename' : 'Existing value'}>
                <NativeSelect value={other} onChange={(e) => setOther(e.target.value)}>
                  {open.type.values.map((v) => (
                    <option key={v} value={v}>
                      {v}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
            )}
            <FormField label={open.kind === 'rename' ? 'New name' : 'New value'} error={error ?? refused('value')}>
              <Input value={value} onChange={(e) => setValue(e.target.value)} spellCheck={false} />
            </FormField>
          </>
        )
      }
    </ChangePanel>
  )
}

function DeleteTypeDialog({
  projectRef,
  type,
  onClose,
}: {
  projectRef: string
  type: DatabaseType
  onClose: () => void
}) {
  return (
    <DropDialog
      title={MESSAGES.deleteTitle(type.name)}
      name={type.name}
      dependents={useTypeDependents(projectRef, type.id)}
      mutation={useDeleteDatabaseType(projectRef)}
      variables={(cascade) => ({ id: type.id, cascade })}
      sql={(cascade) => buildDropType(type, cascade)}
      done={MESSAGES.deleted(type.name)}
      onClose={onClose}
    />
  )
}
