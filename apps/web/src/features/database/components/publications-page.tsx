import { useMemo, useState } from 'react'
import { Pencil, Radio, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import {
  publicationDefinitionSchema,
  type Publication,
  type PublicationDefinition,
  type PublicationOperation,
} from '@basalt/contracts'
import { buildDropPublication, createPublicationStatements, updatePublicationStatements } from '@basalt/sql'
import { useTables } from '../../../project/pg-meta/get-tables'
import { usePermission } from '../../../project/use-permission'
import { Badge } from '../../../ui/badge'
import { Banner } from '../../../ui/banner'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { Table, TBody, Td, Th, THead, Tr } from '../../../ui/table'
import { useDeletePublication, useSavePublication } from '../api/change-publication'
import { usePublications } from '../api/get-publications'
import { PUBLICATION_MESSAGES as MESSAGES } from '../messages'
import { ChangePanel, type FieldOfError } from './change-panel'
import { DropDialog } from './drop-dialog'
import { ListPage } from './list-page'
import { matches, SchemaSelect, useListParams } from './page-toolbar'
import { RowActions } from './row-actions'

const OPERATIONS: PublicationOperation[] = ['insert', 'update', 'delete', 'truncate']
const tableName = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`

/**
 * Database › Replication: the publications with their operations and tables (column lists and row filters
 * as Postgres has them, whole schemas, all tables); create, change and delete for members who may change the
 * database. Where the server does not run with wal_level = logical, the page says so.
 */
export function PublicationsPage({ projectRef }: { projectRef: string }) {
  const { search, setSearch } = useListParams()
  const publications = usePublications(projectRef)
  const canWrite = usePermission('tenant_sql:write')
  const [open, setOpen] = useState<{ kind: 'edit'; publication: Publication | null } | null>(null)
  const [deleting, setDeleting] = useState<Publication | null>(null)
  const remove = useDeletePublication(projectRef)
  const all = publications.data?.publications
  const rows = useMemo(() => (all ?? []).filter((p) => matches(search, p.name)), [all, search])
  const walLevel = publications.data?.wal_level

  return (
    <>
      <ListPage
        messages={MESSAGES}
        query={publications}
        shown={{ rows, total: all?.length ?? 0 }}
        search={search}
        onSearch={setSearch}
        readOnly={!canWrite}
        onCreate={canWrite ? () => setOpen({ kind: 'edit', publication: null }) : undefined}
        icon={<Radio aria-hidden className="size-6" />}
        notice={
          walLevel !== undefined &&
          walLevel !== 'logical' && (
            <div className="mb-4">
              <Banner tone="warning">{MESSAGES.walLevel(walLevel)}</Banner>
            </div>
          )
        }
      >
        {(shown) => (
          <>
            <Table label="Publications">
              <THead>
                <Tr>
                  <Th>Name</Th>
                  <Th>Operations</Th>
                  <Th>Tables</Th>
                  <Th>Owner</Th>
                  {canWrite && (
                    <Th>
                      <span className="sr-only">Actions</span>
                    </Th>
                  )}
                </Tr>
              </THead>
              <TBody>
                {shown.map((p) => (
                  <Tr key={p.id}>
                    <Td className="font-mono">{p.name}</Td>
                    <Td>
                      <span className="flex flex-wrap gap-1">
                        {p.operations.map((o) => (
                          <Badge key={o} tone="neutral">
                            {o}
                          </Badge>
                        ))}
                      </span>
                    </Td>
                    <Td className="font-mono text-xs break-words">
                      {p.all_tables ? (
                        MESSAGES.allTables
                      ) : p.tables.length === 0 && p.schemas.length === 0 ? (
                        <span className="text-muted-foreground">{MESSAGES.noTables}</span>
                      ) : (
                        <ul className="space-y-0.5">
                          {p.schemas.map((s) => (
                            <li key={`schema-${s}`}>tables in schema {s}</li>
                          ))}
                          {p.tables.map((t) => (
                            <li key={tableName(t)}>
                              {tableName(t)}
                              {t.columns && ` (${t.columns.join(', ')})`}
                              {t.row_filter && <span className="text-muted-foreground"> where {t.row_filter}</span>}
                            </li>
                          ))}
                        </ul>
                      )}
                    </Td>
                    <Td className="font-mono text-xs">{p.owner}</Td>
                    {canWrite && (
                      <RowActions
                        actions={[
                          {
                            label: MESSAGES.edit(p.name),
                            icon: Pencil,
                            onClick: () => setOpen({ kind: 'edit', publication: p }),
                          },
                          {
                            label: MESSAGES.remove(p.name),
                            icon: Trash2,
                            onClick: () => {
                              remove.reset()
                              setDeleting(p)
                            },
                          },
                        ]}
                      />
                    )}
                  </Tr>
                ))}
              </TBody>
            </Table>
            {deleting && (
              <DropDialog
                title={MESSAGES.deleteTitle(deleting.name)}
                name={deleting.name}
                confirmByName={false}
                mutation={remove}
                variables={() => deleting.id}
                sql={() => buildDropPublication(deleting)}
                done={MESSAGES.deleted(deleting.name)}
                onClose={() => setDeleting(null)}
              />
            )}
          </>
        )}
      </ListPage>
      {open && (
        <PublicationPanel projectRef={projectRef} publication={open.publication} onClose={() => setOpen(null)} />
      )}
    </>
  )
}

/** Which field a refusal concerns: a name taken (42710), a table that is missing or not a table (42P01, 42809, 42501). */
const PUBLICATION_FIELDS: FieldOfError<string> = {
  '42710': 'name',
  '42P01': 'tables',
  '42809': 'tables',
  '42501': 'tables',
}

export function PublicationPanel({
  projectRef,
  publication,
  onClose,
}: {
  projectRef: string
  publication: Publication | null
  onClose: () => void
}) {
  const save = useSavePublication(projectRef, publication?.id ?? null)
  const [name, setName] = useState(publication?.name ?? '')
  const [operations, setOperations] = useState<PublicationOperation[]>(publication?.operations ?? OPERATIONS)
  const [chosen, setChosen] = useState(publication?.tables.map((t) => ({ schema: t.schema, name: t.name })) ?? [])
  const [schema, setSchema] = useState('public')
  const tables = useTables(projectRef, schema)
  const [errors, setErrors] = useState<{ name?: string; operations?: string }>({})
  const isChosen = (t: { schema: string; name: string }) =>
    chosen.some((c) => c.schema === t.schema && c.name === t.name)

  const prepare = () => {
    const found: typeof errors = {}
    if (name.trim() === '') found.name = MESSAGES.nameRequired
    if (operations.length === 0) found.operations = MESSAGES.operationsRequired
    setErrors(found)
    if (Object.keys(found).length > 0) return null
    const body: PublicationDefinition = { name: name.trim(), tables: chosen, operations }
    const def = publicationDefinitionSchema.parse(body)
    const statements = publication
      ? updatePublicationStatements({ before: publication, after: def })
      : createPublicationStatements(def)
    return { body, sql: statements.map((s) => s.sql).join('\n\n') || '-- nothing to change' }
  }

  return (
    <ChangePanel
      title={publication ? MESSAGES.editTitle(publication.name) : MESSAGES.createTitle}
      onClose={onClose}
      mutation={save}
      prepare={prepare}
      fields={PUBLICATION_FIELDS}
      onDone={(saved) => {
        toast.success(MESSAGES.saved(saved.name))
        onClose()
      }}
    >
      {(refused) => (
        <>
          <FormField label="Name" error={errors.name ?? refused('name')}>
            <Input
              value={name}
              onChange={(e) => setName(e.target.value)}
              readOnly={publication !== null}
              spellCheck={false}
            />
          </FormField>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Operations</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              {OPERATIONS.map((o) => (
                <label key={o} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={operations.includes(o)}
                    onChange={(e) =>
                      setOperations(
                        e.target.checked
                          ? OPERATIONS.filter((x) => x === o || operations.includes(x))
                          : operations.filter((x) => x !== o),
                      )
                    }
                  />
                  {o}
                </label>
              ))}
            </div>
            {errors.operations && (
              <p role="alert" className="text-xs text-destructive">
                {errors.operations}
              </p>
            )}
          </fieldset>
          {publication?.all_tables ? (
            <p className="text-sm">{MESSAGES.allTables}</p>
          ) : (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">Tables</legend>
              <p className="text-xs text-muted-foreground">{MESSAGES.superuserOnly}</p>
              <SchemaSelect projectRef={projectRef} value={schema} onChange={setSchema} />
              <div className="flex max-h-64 flex-col gap-1 overflow-auto text-sm">
                {(tables.data ?? []).map((t) => (
                  <label key={t.id} className="flex items-center gap-2 font-mono">
                    <input
                      type="checkbox"
                      checked={isChosen(t)}
                      onChange={(e) =>
                        setChosen(
                          e.target.checked
                            ? [...chosen, { schema: t.schema, name: t.name }]
                            : chosen.filter((c) => !(c.schema === t.schema && c.name === t.name)),
                        )
                      }
                    />
                    {t.name}
                  </label>
                ))}
              </div>
              <p className="text-xs">
                Chosen: <span className="font-mono">{chosen.map(tableName).join(', ') || MESSAGES.noTables}</span>
              </p>
              {refused('tables') && (
                <p role="alert" className="text-xs text-destructive">
                  {refused('tables')}
                </p>
              )}
            </fieldset>
          )}
        </>
      )}
    </ChangePanel>
  )
}
