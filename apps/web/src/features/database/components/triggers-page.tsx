import { useMemo, useState } from 'react'
import { Plus, Trash2, Zap } from 'lucide-react'
import { Switch } from 'radix-ui'
import type { DatabaseTrigger } from '@basalt/contracts'
import { buildDropTrigger } from '@basalt/sql'
import { errorMessage } from '../../../lib/format'
import { usePermission } from '../../../project/use-permission'
import { Badge } from '../../../ui/badge'
import { Button } from '../../../ui/button'
import { EmptyState, ErrorState } from '../../../ui/empty-state'
import { PageHeader } from '../../../ui/page-header'
import { Skeleton } from '../../../ui/skeleton'
import { Table, TBody, Td, Th, THead, Tr } from '../../../ui/table'
import { useDeleteTrigger, useSetTriggerEnabled } from '../api/change-trigger'
import { useTriggers } from '../api/get-triggers'
import { TRIGGER_MESSAGES as MESSAGES } from '../messages'
import {
  matches,
  ReadOnlyNote,
  SchemaSelect,
  SearchInput,
  Toolbar,
  useListParams,
  useSchemaLocked,
} from './page-toolbar'
import { DropDialog } from './drop-dialog'
import { TriggerEditorPanel } from './trigger-editor-panel'
import { RowActions } from './row-actions'

/** The events as a trigger names them: `INSERT OR UPDATE OF title, note`. */
const eventsText = (t: DatabaseTrigger) =>
  t.events
    .map((e) => (e === 'UPDATE' && t.update_columns.length > 0 ? `UPDATE OF ${t.update_columns.join(', ')}` : e))
    .join(' OR ')

/**
 * Database › Triggers: a schema's triggers, table by table, with their events, timing, orientation, function
 * and condition; create, enable / disable and delete for members who may change the database.
 */
export function TriggersPage({ projectRef }: { projectRef: string }) {
  const { schema, search, setSchema, setSearch } = useListParams()
  const triggers = useTriggers(projectRef, schema)
  const locked = useSchemaLocked(projectRef, schema)
  const canWrite = usePermission('tenant_sql:write')
  const writable = canWrite && !locked
  const [creating, setCreating] = useState(false)
  const [deleting, setDeleting] = useState<DatabaseTrigger | null>(null)
  const toggle = useSetTriggerEnabled(projectRef)
  // A refused enable / disable is shown beside that trigger's switch, until the next try.
  const [toggleError, setToggleError] = useState<{ id: number; message: string } | null>(null)
  const remove = useDeleteTrigger(projectRef)

  const byTable = useMemo(() => {
    const groups = new Map<string, DatabaseTrigger[]>()
    for (const t of triggers.data ?? []) {
      if (!matches(search, t.name, t.table, t.function_name)) continue
      groups.set(t.table, [...(groups.get(t.table) ?? []), t])
    }
    return [...groups]
  }, [triggers.data, search])

  return (
    <div className="mx-auto w-full max-w-6xl px-6 py-8">
      <PageHeader title={MESSAGES.title} description={MESSAGES.description} />
      <Toolbar
        actions={
          writable && (
            <Button variant="primary" size="sm" onClick={() => setCreating(true)}>
              <Plus aria-hidden className="size-4" />
              {MESSAGES.create}
            </Button>
          )
        }
      >
        <SchemaSelect projectRef={projectRef} value={schema} onChange={setSchema} />
        <SearchInput label={MESSAGES.search} value={search} onChange={setSearch} />
      </Toolbar>
      <ReadOnlyNote schema={schema} locked={locked} canWrite={canWrite} />
      {triggers.error ? (
        <ErrorState title={MESSAGES.loadError} error={triggers.error} />
      ) : triggers.isPending ? (
        <div role="status" aria-label="Loading triggers" className="space-y-2">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : (triggers.data ?? []).length === 0 ? (
        <EmptyState icon={<Zap aria-hidden className="size-6" />} title={MESSAGES.empty} />
      ) : byTable.length === 0 ? (
        <EmptyState title={MESSAGES.noResults(search.trim())} />
      ) : (
        <div className="space-y-6">
          {byTable.map(([table, list]) => (
            <section key={table} aria-labelledby={`triggers-${table}`} className="space-y-2">
              <h2 id={`triggers-${table}`} className="font-mono text-sm font-semibold">
                {table}
              </h2>
              <Table label={`Triggers on ${table}`}>
                <THead>
                  <Tr>
                    <Th>Name</Th>
                    <Th>Events</Th>
                    <Th>Timing</Th>
                    <Th>Orientation</Th>
                    <Th>Function</Th>
                    <Th>Condition</Th>
                    <Th>Enabled</Th>
                    {writable && (
                      <Th>
                        <span className="sr-only">Actions</span>
                      </Th>
                    )}
                  </Tr>
                </THead>
                <TBody>
                  {list.map((t) => (
                    <Tr key={t.id}>
                      <Td className="font-mono">{t.name}</Td>
                      <Td className="min-w-40 font-mono text-xs">{eventsText(t)}</Td>
                      <Td>{t.timing.toLowerCase()}</Td>
                      <Td>{t.orientation === 'ROW' ? 'row' : 'statement'}</Td>
                      <Td className="font-mono text-xs break-words">
                        {t.function_schema}.{t.function_name}({t.function_args.map((a) => `'${a}'`).join(', ')})
                        {(t.old_table || t.new_table) && (
                          <span className="block text-muted-foreground">
                            {[t.old_table && `old table ${t.old_table}`, t.new_table && `new table ${t.new_table}`]
                              .filter(Boolean)
                              .join(', ')}
                          </span>
                        )}
                      </Td>
                      <Td className="max-w-xs font-mono text-xs break-words">{t.condition ?? '–'}</Td>
                      <Td>
                        {writable ? (
                          <Switch.Root
                            aria-label={MESSAGES.enabled(t.name)}
                            aria-describedby={toggleError?.id === t.id ? `trigger-toggle-error-${t.id}` : undefined}
                            checked={t.enabled_mode !== 'disabled'}
                            disabled={toggle.isPending}
                            onCheckedChange={(enabled) => {
                              setToggleError(null)
                              toggle.mutate(
                                { id: t.id, enabled },
                                {
                                  onError: (error) =>
                                    setToggleError({ id: t.id, message: MESSAGES.toggleFailed(errorMessage(error)) }),
                                },
                              )
                            }}
                            className="relative inline-flex h-5 w-9 shrink-0 items-center rounded-full border border-input bg-muted transition-colors focus-visible:outline-2 focus-visible:outline-ring data-[state=checked]:bg-brand"
                          >
                            <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-background shadow transition-transform data-[state=checked]:translate-x-4" />
                          </Switch.Root>
                        ) : (
                          <Badge tone={t.enabled_mode === 'disabled' ? 'neutral' : 'success'}>
                            {t.enabled_mode === 'origin' ? 'enabled' : t.enabled_mode}
                          </Badge>
                        )}
                        {toggleError?.id === t.id && (
                          <p
                            id={`trigger-toggle-error-${t.id}`}
                            role="alert"
                            className="mt-1 max-w-xs text-xs text-destructive"
                          >
                            {toggleError.message}
                          </p>
                        )}
                      </Td>
                      {writable && (
                        <RowActions
                          actions={[
                            {
                              label: MESSAGES.remove(t.name),
                              icon: Trash2,
                              onClick: () => {
                                remove.reset()
                                setDeleting(t)
                              },
                            },
                          ]}
                        />
                      )}
                    </Tr>
                  ))}
                </TBody>
              </Table>
            </section>
          ))}
        </div>
      )}
      {creating && <TriggerEditorPanel projectRef={projectRef} schema={schema} onClose={() => setCreating(false)} />}
      {deleting && (
        <DropDialog
          title={MESSAGES.deleteTitle(deleting.name)}
          name={deleting.name}
          confirmByName={false}
          mutation={remove}
          variables={() => deleting.id}
          sql={() => buildDropTrigger(deleting)}
          done={MESSAGES.deleted(deleting.name)}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  )
}
