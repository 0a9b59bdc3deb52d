import { useMemo, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Info, Search, ShieldCheck } from 'lucide-react'
import { toast } from 'sonner'
import type { PgPolicy, PgTable } from '@basalt/contracts'
import { buildUpdateTable } from '@basalt/sql'
import { errorMessage } from '../../../lib/format'
import { useSchemas } from '../../../project/pg-meta/get-schemas'
import { useTables } from '../../../project/pg-meta/get-tables'
import { useUpdateTable } from '../../../project/pg-meta/update-table'
import { usePermission } from '../../../project/use-permission'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { EmptyState, ErrorState } from '../../../ui/empty-state'
import { Input, NativeSelect } from '../../../ui/input'
import { PageContainer, PageHeader } from '../../../ui/page-header'
import { Skeleton } from '../../../ui/skeleton'
import { useDeletePolicy } from '../api/delete-policy'
import { usePolicies } from '../api/get-policies'
import { POLICIES_MESSAGES as MESSAGES } from '../messages'
import { PolicyEditorModal } from './policy-editor-modal'
import { ProtectedSchemaBanner } from './protected-schema-banner'
import { TablePolicies } from './table-policies'

const RLS_DOCS = 'https://www.postgresql.org/docs/current/ddl-rowsecurity.html'
const DEFAULT_SCHEMA = 'public'

/**
 * Auth › Policies (spec 1 §2): a schema's tables, each with its RLS state and policies. The schema and the
 * search are in the URL (`?schema=`, `?search=`), so a link or a reload shows the same list.
 */
export function PoliciesPage({ projectRef }: { projectRef: string }) {
  const [params, setParams] = useSearchParams()
  const schema = params.get('schema') || DEFAULT_SCHEMA
  const search = params.get('search') ?? ''
  const schemas = useSchemas(projectRef)
  const tables = useTables(projectRef, schema)
  const policies = usePolicies(projectRef, schema)
  const canEditPolicies = usePermission('policies:write')
  const canToggleRls = usePermission('tables:write')
  const locked = schemas.data?.find((s) => s.name === schema)?.protected ?? false

  const [editing, setEditing] = useState<{ table: PgTable; policy: PgPolicy | null } | null>(null)
  const [toggling, setToggling] = useState<PgTable | null>(null)
  const [deleting, setDeleting] = useState<PgPolicy | null>(null)
  const updateTable = useUpdateTable(projectRef)
  const deletePolicy = useDeletePolicy(projectRef)

  const setParam = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (value) next.set(key, value)
        else next.delete(key)
        return next
      },
      { replace: key === 'search' },
    )

  const sections = useMemo(() => {
    const byTable = new Map<number, PgPolicy[]>()
    for (const policy of policies.data ?? []) {
      byTable.set(policy.table_id, [...(byTable.get(policy.table_id) ?? []), policy])
    }
    const needle = search.trim().toLowerCase()
    return (tables.data ?? [])
      .map((table) => ({ table, policies: byTable.get(table.id) ?? [] }))
      .filter(
        ({ table, policies: list }) =>
          needle === '' ||
          table.name.toLowerCase().includes(needle) ||
          list.some((p) => p.name.toLowerCase().includes(needle)),
      )
  }, [tables.data, policies.data, search])

  const toggle = () => {
    if (!toggling) return
    updateTable.mutate(
      { id: toggling.id, payload: { rls_enabled: !toggling.rls_enabled } },
      {
        onSuccess: () => setToggling(null),
        onError: (error) => {
          setToggling(null)
          toast.error(MESSAGES.toggleFailed(errorMessage(error)))
        },
      },
    )
  }

  const remove = () => {
    if (!deleting) return
    deletePolicy.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null)
        toast.success(MESSAGES.deleted)
      },
    })
  }

  const error = tables.error ?? policies.error
  const pending = tables.isPending || policies.isPending

  return (
    <PageContainer>
      <PageHeader title={MESSAGES.pageTitle} description={MESSAGES.pageDescription} />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2 text-sm">
          <span className="text-muted-foreground">Schema</span>
          <NativeSelect
            aria-label="Schema"
            value={schema}
            onChange={(e) => setParam('schema', e.target.value === DEFAULT_SCHEMA ? '' : e.target.value)}
            className="h-8 w-48"
          >
            {(schemas.data ?? [{ id: 0, name: schema, owner: '', protected: false }]).map((s) => (
              <option key={s.id} value={s.name}>
                {s.protected ? `${s.name} (locked)` : s.name}
              </option>
            ))}
          </NativeSelect>
        </label>
        <div className="relative">
          <Search aria-hidden className="absolute top-2 left-2.5 size-4 text-muted-foreground" />
          <Input
            type="search"
            aria-label={MESSAGES.searchLabel}
            placeholder={MESSAGES.searchPlaceholder}
            value={search}
            onChange={(e) => setParam('search', e.target.value)}
            className="h-8 w-64 pl-8"
          />
        </div>
      </div>

      {locked && <ProtectedSchemaBanner />}
      {!locked && (!canEditPolicies || !canToggleRls) && (
        <div role="note" className="mb-4 flex gap-3 rounded-md border border-border px-4 py-2.5 text-sm">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <div className="space-y-0.5">
            {!canEditPolicies && <p>{MESSAGES.noPolicyPermission}</p>}
            {!canToggleRls && <p>{MESSAGES.noTablePermission}</p>}
          </div>
        </div>
      )}

      {error ? (
        <ErrorState title={MESSAGES.loadError} error={error} />
      ) : pending ? (
        <div role="status" aria-label="Loading policies" className="space-y-4">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-28 w-full" />
          ))}
        </div>
      ) : (tables.data ?? []).length === 0 ? (
        <EmptyState
          icon={<ShieldCheck aria-hidden className="size-6" />}
          title={MESSAGES.emptyTitle}
          description={
            <div className="space-y-2">
              <p className="font-medium text-foreground">{MESSAGES.whatArePolicies}</p>
              <p>{MESSAGES.policiesExplained}</p>
              <p>{MESSAGES.createTableFirst}</p>
            </div>
          }
          action={
            <div className="flex gap-2">
              <Button asChild variant="primary">
                <Link to={`/project/${projectRef}/editor`}>{MESSAGES.createTable}</Link>
              </Button>
              <Button asChild>
                <a href={RLS_DOCS} target="_blank" rel="noreferrer">
                  {MESSAGES.whatIsRls}
                </a>
              </Button>
            </div>
          }
        />
      ) : sections.length === 0 ? (
        <EmptyState title={MESSAGES.noSearchResults(search)} />
      ) : (
        <div className="space-y-4">
          {sections.map(({ table, policies: list }) => (
            <TablePolicies
              key={table.id}
              projectRef={projectRef}
              table={table}
              policies={list}
              locked={locked}
              canEditPolicies={canEditPolicies}
              canToggleRls={canToggleRls}
              onToggleRls={() => setToggling(table)}
              onCreate={() => setEditing({ table, policy: null })}
              onEdit={(policy) => setEditing({ table, policy })}
              onDelete={(policy) => {
                deletePolicy.reset()
                setDeleting(policy)
              }}
            />
          ))}
        </div>
      )}

      {editing && (
        <PolicyEditorModal
          projectRef={projectRef}
          table={editing.table}
          policy={editing.policy}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={toggling !== null}
        onOpenChange={(open) => !open && setToggling(null)}
        title={
          toggling?.rls_enabled
            ? MESSAGES.disableRlsTitle(toggling.name)
            : MESSAGES.enableRlsTitle(toggling?.name ?? '')
        }
        description={toggling?.rls_enabled ? MESSAGES.disableRlsDetail : MESSAGES.enableRlsDetail}
        confirmLabel={toggling?.rls_enabled ? MESSAGES.disableRlsConfirm : MESSAGES.enableRlsConfirm}
        variant={toggling?.rls_enabled ? 'danger' : 'primary'}
        sql={
          toggling
            ? buildUpdateTable({
                table: { schema: toggling.schema, name: toggling.name },
                changes: { rlsEnabled: !toggling.rls_enabled },
              })
            : undefined
        }
        loading={updateTable.isPending}
        onConfirm={toggle}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={MESSAGES.deleteTitle}
        description={deleting ? MESSAGES.deleteDetail(deleting.name, `${deleting.schema}.${deleting.table}`) : ''}
        confirmLabel={MESSAGES.deleteConfirm}
        loading={deletePolicy.isPending}
        error={deletePolicy.error ? errorMessage(deletePolicy.error) : null}
        onConfirm={remove}
      />
    </PageContainer>
  )
}
