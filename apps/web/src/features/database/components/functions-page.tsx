import { useMemo, useState } from 'react'
import { Code2, Pencil, Trash2 } from 'lucide-react'
import type { DatabaseFunction } from '@basalt/contracts'
import { buildDropFunction } from '@basalt/sql'
import { usePermission } from '../../../project/use-permission'
import { Badge } from '../../../ui/badge'
import { SidePanel } from '../../../ui/side-panel'
import { Table, TBody, Td, Th, THead, Tr } from '../../../ui/table'
import { useDeleteDatabaseFunction } from '../api/delete-database-function'
import { useDatabaseFunctions } from '../api/get-database-functions'
import { useFunctionDependents } from '../api/get-function-dependents'
import { FUNCTION_MESSAGES as MESSAGES } from '../messages'
import { DropDialog } from './drop-dialog'
import { FunctionEditorPanel } from './function-editor-panel'
import { ListPage } from './list-page'
import { ActionsHeader, RowActions } from './row-actions'
import { matches, useListParams, useSchemaLocked } from './page-toolbar'

type Open =
  | { kind: 'create' }
  | { kind: 'edit'; fn: DatabaseFunction }
  | { kind: 'view'; fn: DatabaseFunction }
  | { kind: 'remove'; fn: DatabaseFunction }
  | null

const KIND_LABELS: Partial<Record<DatabaseFunction['kind'], string>> = {
  procedure: 'procedure',
  aggregate: 'aggregate',
  window: 'window',
}

/**
 * Database › Functions: a schema's functions, each overload on its own row, with arguments, result, language
 * and security; procedures, aggregates and window functions labelled. Create, edit and delete for members who
 * may change the database.
 */
export function FunctionsPage({ projectRef }: { projectRef: string }) {
  const { schema, search, setSchema, setSearch } = useListParams()
  const functions = useDatabaseFunctions(projectRef, schema)
  const locked = useSchemaLocked(projectRef, schema)
  const canWrite = usePermission('tenant_sql:write')
  const writable = canWrite && !locked
  const [open, setOpen] = useState<Open>(null)
  const close = () => setOpen(null)
  const shown = useMemo(
    () => (functions.data ?? []).filter((f) => matches(search, f.name, f.comment)),
    [functions.data, search],
  )

  return (
    <>
      <ListPage
        messages={MESSAGES}
        query={functions}
        shown={{ rows: shown, total: functions.data?.length ?? 0 }}
        search={search}
        onSearch={setSearch}
        schema={{ projectRef, value: schema, onChange: setSchema, locked }}
        onCreate={writable ? () => setOpen({ kind: 'create' }) : undefined}
        readOnly={!canWrite}
        icon={<Code2 aria-hidden className="size-6" />}
      >
        {(rows) => (
          <Table label={`Functions of ${schema}`}>
            <THead>
              <Tr>
                <Th>Name</Th>
                <Th>Arguments</Th>
                <Th>Return type</Th>
                <Th>Language</Th>
                <Th>Security</Th>
                <ActionsHeader />
              </Tr>
            </THead>
            <TBody>
              {rows.map((fn) => {
                const editable = writable && (fn.kind === 'function' || fn.kind === 'procedure')
                return (
                  <Tr key={fn.id}>
                    <Td className="font-medium">
                      <span className="font-mono">{fn.name}</span>
                      {KIND_LABELS[fn.kind] && (
                        <Badge className="ml-2" tone="brand">
                          {KIND_LABELS[fn.kind]}
                        </Badge>
                      )}
                      {fn.is_trigger && (
                        <Badge className="ml-2" tone="neutral">
                          trigger
                        </Badge>
                      )}
                    </Td>
                    <Td className="max-w-xs font-mono text-xs break-words">{fn.argument_types || '–'}</Td>
                    <Td className="max-w-xs font-mono text-xs break-words">{fn.return_type ?? '–'}</Td>
                    <Td>{fn.language}</Td>
                    <Td>{fn.security_definer ? <Badge tone="warning">definer</Badge> : <span>invoker</span>}</Td>
                    <RowActions
                      actions={[
                        { label: MESSAGES.view(fn.name), icon: Code2, onClick: () => setOpen({ kind: 'view', fn }) },
                        {
                          label: MESSAGES.edit(fn.name),
                          icon: Pencil,
                          onClick: () => setOpen({ kind: 'edit', fn }),
                          shown: editable,
                        },
                        {
                          label: MESSAGES.remove(fn.name),
                          icon: Trash2,
                          onClick: () => setOpen({ kind: 'remove', fn }),
                          shown: writable,
                        },
                      ]}
                    />
                  </Tr>
                )
              })}
            </TBody>
          </Table>
        )}
      </ListPage>
      {open?.kind === 'create' && (
        <FunctionEditorPanel projectRef={projectRef} schema={schema} fn={null} onClose={close} />
      )}
      {open?.kind === 'edit' && (
        <FunctionEditorPanel projectRef={projectRef} schema={schema} fn={open.fn} onClose={close} />
      )}
      {open?.kind === 'view' && <FunctionDefinitionPanel fn={open.fn} onClose={close} />}
      {open?.kind === 'remove' && <DeleteFunctionDialog projectRef={projectRef} fn={open.fn} onClose={close} />}
    </>
  )
}

/** A function as Postgres writes it back (pg_get_functiondef; an aggregate's body and attributes). */
function FunctionDefinitionPanel({ fn, onClose }: { fn: DatabaseFunction; onClose: () => void }) {
  const labels = [
    fn.kind,
    fn.volatility,
    fn.strict ? 'strict' : null,
    fn.leakproof ? 'leakproof' : null,
    `parallel ${fn.parallel}`,
    fn.security_definer ? 'security definer' : 'security invoker',
    fn.sql_body ? MESSAGES.sqlStandardBody : null,
  ].filter((l): l is string => l !== null)
  return (
    <SidePanel open onOpenChange={(o) => !o && onClose()} title={MESSAGES.viewTitle(`${fn.schema}.${fn.name}`)}>
      <ul aria-label="Attributes" className="flex flex-wrap gap-2">
        {labels.map((l) => (
          <li key={l}>
            <Badge>{l}</Badge>
          </li>
        ))}
      </ul>
      {fn.config.length > 0 && (
        <dl className="space-y-1 text-sm">
          {fn.config.map((c) => (
            <div key={c.name} className="flex gap-2">
              <dt className="font-mono">{c.name}</dt>
              <dd className="font-mono text-muted-foreground">{c.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {fn.comment && <p className="text-sm">{fn.comment}</p>}
      <pre
        aria-label="Definition"
        className="overflow-auto rounded-md border border-border bg-muted/40 p-3 font-mono text-xs whitespace-pre-wrap"
      >
        {fn.definition ?? fn.body}
      </pre>
    </SidePanel>
  )
}

function DeleteFunctionDialog({
  projectRef,
  fn,
  onClose,
}: {
  projectRef: string
  fn: DatabaseFunction
  onClose: () => void
}) {
  return (
    <DropDialog
      title={MESSAGES.deleteTitle(fn.name)}
      name={fn.name}
      dependents={useFunctionDependents(projectRef, fn.id)}
      mutation={useDeleteDatabaseFunction(projectRef)}
      variables={(cascade) => ({ id: fn.id, cascade })}
      sql={(cascade) => buildDropFunction(fn, cascade)}
      done={MESSAGES.deleted(fn.name)}
      onClose={onClose}
    />
  )
}
