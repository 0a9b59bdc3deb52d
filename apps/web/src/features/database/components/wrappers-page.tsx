import { useMemo, useState } from 'react'
import { Plug, Plus, Trash2, X } from 'lucide-react'
import { toast } from 'sonner'
import {
  createForeignServerBodySchema,
  type CreateForeignServerBody,
  type ForeignServer,
  type WrappersResponse,
} from '@basalt/contracts'
import { buildDropServer, reviewForeignServer } from '@basalt/sql'
import { usePermission } from '../../../project/use-permission'
import { Badge } from '../../../ui/badge'
import { Button } from '../../../ui/button'
import { FormField } from '../../../ui/form-field'
import { Input, NativeSelect } from '../../../ui/input'
import { Table, TBody, Td, Th, THead, Tr } from '../../../ui/table'
import { Tooltip } from '../../../ui/tooltip'
import { useCreateForeignServer, useDropForeignServer, useForeignServerDependents, useWrappers } from '../api/wrappers'
import { WRAPPER_MESSAGES as MESSAGES } from '../messages'
import { ChangePanel, type FieldOfError } from './change-panel'
import { DropDialog } from './drop-dialog'
import { ListPage } from './list-page'
import { matches, SchemaSelect, useListParams } from './page-toolbar'
import { RowActions } from './row-actions'

type Row =
  | { kind: 'wrapper'; key: string; item: WrappersResponse['wrappers'][number] }
  | { kind: 'server'; key: string; item: ForeignServer }
  | { kind: 'table'; key: string; item: WrappersResponse['foreign_tables'][number] }

const Options = ({ options }: { options: string[] }) =>
  options.length === 0 ? (
    <span className="text-muted-foreground">—</span>
  ) : (
    <span className="font-mono text-xs break-words">{options.join(', ')}</span>
  )

/**
 * Database › Wrappers: the foreign data wrappers, their servers and the foreign tables, as pg_catalog has
 * them. A member who may change the database creates a server (with the admin role's user mapping and a
 * remote schema imported) when the admin role has USAGE on a wrapper — Postgres decides, the page says why
 * not — and drops one with what depends on it.
 */
export function WrappersPage({ projectRef }: { projectRef: string }) {
  const { search, setSearch } = useListParams()
  const wrappers = useWrappers(projectRef)
  const canWrite = usePermission('tenant_sql:write')
  const [creating, setCreating] = useState(false)
  const [dropping, setDropping] = useState<ForeignServer | null>(null)
  const data = wrappers.data
  const all = useMemo<Row[]>(
    () =>
      data
        ? [
            ...data.wrappers.map((w) => ({ kind: 'wrapper' as const, key: `w${w.id}`, item: w })),
            ...data.servers.map((s) => ({ kind: 'server' as const, key: `s${s.id}`, item: s })),
            ...data.foreign_tables.map((t) => ({ kind: 'table' as const, key: `t${t.id}`, item: t })),
          ]
        : [],
    [data],
  )
  const rows = useMemo(
    () =>
      all.filter((r) =>
        r.kind === 'table'
          ? matches(search, r.item.name, r.item.schema, r.item.server)
          : matches(search, r.item.name, r.kind === 'server' ? r.item.wrapper : r.item.extension),
      ),
    [all, search],
  )
  const usable = (data?.wrappers ?? []).filter((w) => w.usable)
  const mayCreate = canWrite && usable.length > 0

  return (
    <>
      <ListPage
        messages={MESSAGES}
        query={wrappers}
        shown={{ rows, total: all.length }}
        search={search}
        onSearch={setSearch}
        readOnly={!canWrite}
        onCreate={mayCreate ? () => setCreating(true) : undefined}
        icon={<Plug aria-hidden className="size-6" />}
        notice={
          canWrite &&
          data &&
          data.wrappers.length > 0 &&
          usable.length === 0 && <p className="mb-4 text-sm text-muted-foreground">{MESSAGES.noUsableWrapper}</p>
        }
      >
        {(shown) => (
          <div className="space-y-8">
            <section className="space-y-2">
              <h2 className="text-sm font-semibold">{MESSAGES.wrappers}</h2>
              <Table aria-label={MESSAGES.wrappers}>
                <THead>
                  <Tr>
                    <Th>Name</Th>
                    <Th>Extension</Th>
                    <Th>Handler</Th>
                    <Th>Validator</Th>
                    <Th>Owner</Th>
                    <Th>Admin role</Th>
                  </Tr>
                </THead>
                <TBody>
                  {shown.flatMap((r) =>
                    r.kind === 'wrapper'
                      ? [
                          <Tr key={r.key}>
                            <Td className="font-mono">{r.item.name}</Td>
                            <Td className="font-mono text-xs">{r.item.extension ?? '—'}</Td>
                            <Td className="font-mono text-xs">{r.item.handler ?? '—'}</Td>
                            <Td className="font-mono text-xs">{r.item.validator ?? '—'}</Td>
                            <Td className="font-mono text-xs">{r.item.owner}</Td>
                            <Td>
                              {r.item.usable ? (
                                <Badge tone="success">{MESSAGES.usable}</Badge>
                              ) : (
                                <Tooltip content={MESSAGES.notUsableWhy}>
                                  <span tabIndex={0}>
                                    <Badge tone="neutral">{MESSAGES.notUsable}</Badge>
                                  </span>
                                </Tooltip>
                              )}
                            </Td>
                          </Tr>,
                        ]
                      : [],
                  )}
                </TBody>
              </Table>
            </section>
            <section className="space-y-2">
              <h2 className="text-sm font-semibold">{MESSAGES.servers}</h2>
              {shown.some((r) => r.kind === 'server') ? (
                <Table aria-label={MESSAGES.servers}>
                  <THead>
                    <Tr>
                      <Th>Name</Th>
                      <Th>Wrapper</Th>
                      <Th>Options</Th>
                      <Th>User mappings</Th>
                      <Th>Owner</Th>
                      {canWrite && (
                        <Th>
                          <span className="sr-only">Actions</span>
                        </Th>
                      )}
                    </Tr>
                  </THead>
                  <TBody>
                    {shown.flatMap((r) =>
                      r.kind === 'server'
                        ? [
                            <Tr key={r.key}>
                              <Td className="font-mono">{r.item.name}</Td>
                              <Td className="font-mono text-xs">{r.item.wrapper}</Td>
                              <Td>
                                <Options options={r.item.options} />
                              </Td>
                              <Td className="font-mono text-xs">{r.item.user_mappings.join(', ') || '—'}</Td>
                              <Td className="font-mono text-xs">{r.item.owner}</Td>
                              {canWrite && (
                                <RowActions
                                  actions={[
                                    {
                                      label: MESSAGES.remove(r.item.name),
                                      icon: Trash2,
                                      onClick: () => setDropping(r.item),
                                      shown: r.item.owned,
                                    },
                                  ]}
                                />
                              )}
                            </Tr>,
                          ]
                        : [],
                    )}
                  </TBody>
                </Table>
              ) : (
                <p className="text-sm text-muted-foreground">{MESSAGES.noServers}</p>
              )}
            </section>
            <section className="space-y-2">
              <h2 className="text-sm font-semibold">{MESSAGES.foreignTables}</h2>
              {shown.some((r) => r.kind === 'table') ? (
                <Table aria-label={MESSAGES.foreignTables}>
                  <THead>
                    <Tr>
                      <Th>Table</Th>
                      <Th>Server</Th>
                      <Th>Columns</Th>
                      <Th>Options</Th>
                    </Tr>
                  </THead>
                  <TBody>
                    {shown.flatMap((r) =>
                      r.kind === 'table'
                        ? [
                            <Tr key={r.key}>
                              <Td className="font-mono">
                                {r.item.schema}.{r.item.name}
                              </Td>
                              <Td className="font-mono text-xs">{r.item.server}</Td>
                              <Td>{r.item.columns}</Td>
                              <Td>
                                <Options options={r.item.options} />
                              </Td>
                            </Tr>,
                          ]
                        : [],
                    )}
                  </TBody>
                </Table>
              ) : (
                <p className="text-sm text-muted-foreground">{MESSAGES.noForeignTables}</p>
              )}
            </section>
          </div>
        )}
      </ListPage>
      {creating && (
        <ServerPanel projectRef={projectRef} wrappers={usable.map((w) => w.name)} onClose={() => setCreating(false)} />
      )}
      {dropping && <DropServerDialog projectRef={projectRef} server={dropping} onClose={() => setDropping(null)} />}
    </>
  )
}

function DropServerDialog({
  projectRef,
  server,
  onClose,
}: {
  projectRef: string
  server: ForeignServer
  onClose: () => void
}) {
  return (
    <DropDialog
      title={MESSAGES.deleteTitle(server.name)}
      name={server.name}
      dependents={useForeignServerDependents(projectRef, server.id)}
      mutation={useDropForeignServer(projectRef)}
      variables={(cascade) => ({ id: server.id, cascade })}
      sql={(cascade) => buildDropServer(server, cascade)}
      done={MESSAGES.deleted(server.name)}
      onClose={onClose}
    />
  )
}

type OptionRow = { name: string; value: string; secret?: boolean }

/** postgres_fdw's usual options, offered to fill in. */
const SERVER_OPTIONS: Record<string, OptionRow[]> = {
  postgres_fdw: [
    { name: 'host', value: '' },
    { name: 'port', value: '5432' },
    { name: 'dbname', value: '' },
  ],
}
const MAPPING_OPTIONS: Record<string, OptionRow[]> = {
  postgres_fdw: [
    { name: 'user', value: '' },
    { name: 'password', value: '', secret: true },
  ],
}

/** A name / value list of OPTIONS. */
function OptionsEditor({
  legend,
  rows,
  onChange,
  error,
}: {
  legend: string
  rows: OptionRow[]
  onChange: (rows: OptionRow[]) => void
  error?: string | undefined
}) {
  const set = (i: number, patch: Partial<OptionRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{legend}</legend>
      {rows.map((row, i) => (
        <div key={i} className="grid grid-cols-[9rem_minmax(0,1fr)_auto] items-center gap-2">
          <Input
            aria-label={`${legend}: name ${i + 1}`}
            className="font-mono"
            value={row.name}
            onChange={(e) => set(i, { name: e.target.value })}
            spellCheck={false}
          />
          <Input
            aria-label={`${legend}: ${row.name || `value ${i + 1}`}`}
            className="font-mono"
            type={row.secret || row.name === 'password' ? 'password' : 'text'}
            autoComplete="off"
            value={row.value}
            onChange={(e) => set(i, { value: e.target.value })}
            spellCheck={false}
          />
          <Button
            size="sm"
            variant="ghost"
            aria-label={MESSAGES.removeOption(row.name)}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            <X aria-hidden className="size-4" />
          </Button>
        </div>
      ))}
      <Button size="sm" onClick={() => onChange([...rows, { name: '', value: '' }])}>
        <Plus aria-hidden className="size-4" />
        {MESSAGES.addOption}
      </Button>
      {error && (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/**
 * Which field a refusal concerns: a taken name (42710), a wrapper the admin role may not use (42501), the
 * connection (08001, an option postgres_fdw does not know: HV00D), the credentials (28P01, 28000, 2F003), the
 * import (3F000 a missing local schema, HV00B a missing remote one).
 */
const SERVER_FIELDS: FieldOfError<string> = {
  '42710': 'name',
  '42501': 'wrapper',
  '08001': 'options',
  HV00D: 'options',
  '28P01': 'mapping',
  '28000': 'mapping',
  '2F003': 'mapping',
  '3F000': 'import',
  HV00B: 'import',
}

export function ServerPanel({
  projectRef,
  wrappers,
  onClose,
}: {
  projectRef: string
  wrappers: string[]
  onClose: () => void
}) {
  const create = useCreateForeignServer(projectRef)
  const [name, setName] = useState('')
  const [wrapper, setWrapper] = useState(wrappers[0] ?? '')
  const [options, setOptions] = useState<OptionRow[]>(SERVER_OPTIONS[wrappers[0] ?? ''] ?? [])
  const [mapping, setMapping] = useState<OptionRow[] | null>(MAPPING_OPTIONS[wrappers[0] ?? ''] ?? null)
  const [remote, setRemote] = useState<{ remote_schema: string; local_schema: string } | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})

  const prepare = () => {
    const found: Record<string, string> = {}
    if (name.trim() === '') found.name = MESSAGES.nameRequired
    if (wrapper === '') found.wrapper = MESSAGES.wrapperRequired
    if (options.some((o) => o.name.trim() === '')) found.options = MESSAGES.optionNameRequired
    if (mapping?.some((o) => o.name.trim() === '')) found.mapping = MESSAGES.optionNameRequired
    if (remote && remote.remote_schema.trim() === '') found.import = MESSAGES.remoteSchemaRequired
    setErrors(found)
    if (Object.keys(found).length > 0) return null
    const pairs = (rows: OptionRow[]) => rows.map((o) => ({ name: o.name.trim(), value: o.value }))
    const body: CreateForeignServerBody = {
      name: name.trim(),
      wrapper,
      options: pairs(options),
      user_mapping: mapping ? { options: pairs(mapping) } : null,
      import: remote ? { remote_schema: remote.remote_schema.trim(), local_schema: remote.local_schema } : null,
    }
    return { body, sql: reviewForeignServer(createForeignServerBodySchema.parse(body)) }
  }

  return (
    <ChangePanel
      title={MESSAGES.createTitle}
      onClose={onClose}
      mutation={create}
      prepare={prepare}
      fields={SERVER_FIELDS}
      onDone={(saved) => {
        toast.success(MESSAGES.created(saved.name))
        onClose()
      }}
    >
      {(refused) => (
        <>
          <FormField label="Name" error={errors.name ?? refused('name')}>
            <Input value={name} onChange={(e) => setName(e.target.value)} spellCheck={false} />
          </FormField>
          <FormField label="Wrapper" error={errors.wrapper ?? refused('wrapper')}>
            <NativeSelect
              value={wrapper}
              onChange={(e) => {
                setWrapper(e.target.value)
                setOptions(SERVER_OPTIONS[e.target.value] ?? [])
                if (mapping) setMapping(MAPPING_OPTIONS[e.target.value] ?? [])
              }}
            >
              {wrappers.map((w) => (
                <option key={w} value={w}>
                  {w}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <OptionsEditor
            legend="Server options"
            rows={options}
            onChange={setOptions}
            error={errors.options ?? refused('options')}
          />
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={mapping !== null}
              onChange={(e) => setMapping(e.target.checked ? (MAPPING_OPTIONS[wrapper] ?? []) : null)}
            />
            {MESSAGES.userMapping}
          </label>
          {mapping && (
            <>
              <p className="text-xs text-muted-foreground">{MESSAGES.userMappingHint}</p>
              <OptionsEditor
                legend="User mapping options"
                rows={mapping}
                onChange={setMapping}
                error={errors.mapping ?? refused('mapping')}
              />
            </>
          )}
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={remote !== null}
              onChange={(e) => setRemote(e.target.checked ? { remote_schema: 'public', local_schema: 'public' } : null)}
            />
            {MESSAGES.importSchema}
          </label>
          {remote && (
            <div className="space-y-2">
              <FormField label="Remote schema" error={errors.import ?? refused('import')}>
                <Input
                  value={remote.remote_schema}
                  onChange={(e) => setRemote({ ...remote, remote_schema: e.target.value })}
                  spellCheck={false}
                />
              </FormField>
              <div className="space-y-1.5">
                <p className="text-sm font-medium">Into the local schema</p>
                <SchemaSelect
                  projectRef={projectRef}
                  value={remote.local_schema}
                  onChange={(s) => setRemote({ ...remote, local_schema: s })}
                />
              </div>
            </div>
          )}
        </>
      )}
    </ChangePanel>
  )
}
