import { Link } from 'react-router'
import { Lock, Plus } from 'lucide-react'
import type { PgPolicy, PgTable } from '@basalt/contracts'
import { Badge } from '../../../ui/badge'
import { Button } from '../../../ui/button'
import { Card } from '../../../ui/card'
import { Tooltip } from '../../../ui/tooltip'
import { POLICIES_MESSAGES as MESSAGES } from '../messages'
import { PolicyRow } from './policy-row'

/**
 * One table's section of the policies page (spec 1 §2): its name linking to its editor, a Locked badge in a
 * protected schema, the RLS badge and toggle, and its policies. Actions the member may not take are shown
 * disabled, with the spec's reason.
 */
export function TablePolicies({
  projectRef,
  table,
  policies,
  locked,
  canEditPolicies,
  canToggleRls,
  onToggleRls,
  onCreate,
  onEdit,
  onDelete,
}: {
  projectRef: string
  table: PgTable
  policies: PgPolicy[]
  locked: boolean
  canEditPolicies: boolean
  canToggleRls: boolean
  onToggleRls: () => void
  onCreate: () => void
  onEdit: (policy: PgPolicy) => void
  onDelete: (policy: PgPolicy) => void
}) {
  const headingId = `table-${table.id}`
  const toggle = (
    <Button size="sm" disabled={!canToggleRls} onClick={onToggleRls}>
      {table.rls_enabled ? MESSAGES.disableRls : MESSAGES.enableRls}
    </Button>
  )
  const create = (
    <Button size="sm" disabled={!canEditPolicies} onClick={onCreate}>
      <Plus aria-hidden className="size-3.5" />
      {MESSAGES.createPolicy}
    </Button>
  )
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <header className="flex flex-wrap items-center gap-2 border-b border-border px-4 py-3">
          <h2 id={headingId} className="min-w-0 text-sm font-semibold">
            <Link
              to={`/project/${projectRef}/editor/${table.id}`}
              className="truncate rounded hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              {table.name}
            </Link>
          </h2>
          {locked && (
            <Badge>
              <Lock aria-hidden className="size-3" />
              {MESSAGES.locked}
            </Badge>
          )}
          <Badge tone={table.rls_enabled ? 'success' : 'warning'}>
            {table.rls_enabled ? MESSAGES.rlsEnabled : MESSAGES.rlsDisabled}
          </Badge>
          {!locked && (
            <div className="ml-auto flex items-center gap-2">
              {canToggleRls ? (
                toggle
              ) : (
                <Tooltip content={MESSAGES.noTablePermission} side="top">
                  <span tabIndex={0}>{toggle}</span>
                </Tooltip>
              )}
              {canEditPolicies ? (
                create
              ) : (
                <Tooltip content={MESSAGES.noPolicyPermission} side="top">
                  <span tabIndex={0}>{create}</span>
                </Tooltip>
              )}
            </div>
          )}
        </header>
        {policies.length === 0 ? (
          <p className="px-4 py-3 text-sm text-muted-foreground">
            {MESSAGES.noPolicies}
            {'. '}
            {table.rls_enabled ? MESSAGES.rlsOnNoPolicies : MESSAGES.rlsOffNote}
          </p>
        ) : (
          <ul aria-label={`Policies of ${table.name}`} className="divide-y divide-border">
            {policies.map((policy) => (
              <PolicyRow
                key={policy.id}
                policy={policy}
                canEdit={canEditPolicies && !locked}
                onEdit={() => onEdit(policy)}
                onDelete={() => onDelete(policy)}
              />
            ))}
          </ul>
        )}
      </section>
    </Card>
  )
}
