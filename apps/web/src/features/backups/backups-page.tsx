import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { DatabaseBackup, Download, GitBranch } from 'lucide-react'
import type { Backup, BackupsOverview, ProjectDetail, Restore } from '@basalt/contracts'
import { formatBytes, formatDateTime } from '../../lib/format'
import { Badge } from '../../ui/badge'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import { Section } from '../../ui/card'
import { ErrorState } from '../../ui/empty-state'
import { FormError } from '../../ui/form-error'
import { FormField } from '../../ui/form-field'
import { Input } from '../../ui/input'
import { PageContainer, PageHeader } from '../../ui/page-header'
import { RadioGroup } from '../../ui/radio-group'
import { Skeleton } from '../../ui/skeleton'
import { Table, TBody, Td, Th, THead, Tr } from '../../ui/table'
import {
  downloadUrl,
  useApplyBranch,
  useBackUpNow,
  useBackups,
  useBranch,
  useBranches,
  useCreateBranch,
  useKeepRestore,
  useRecentRuns,
  useRestore,
} from './api'
import { BACKUPS_MESSAGES as MESSAGES } from './messages'

type Available = Extract<BackupsOverview, { available: true }>

/** A time with its seconds, in the member's time zone (restores are to the second). */
const precise = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' })
const formatPrecise = (iso: string | null) => (iso ? precise.format(new Date(iso)) : '—')

/** `YYYY-MM-DDTHH:MM:SS` in local time, what a datetime-local input holds. */
function localInputValue(iso: string): string {
  const d = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

const stateTone = { queued: 'neutral', running: 'brand', done: 'success', failed: 'danger' } as const

/** Database › Backups (spec 2: …/backups/scheduled, …/backups/pitr): one page for both. */
export function BackupsPage({ project }: { project: ProjectDetail }) {
  const backups = useBackups(project.ref)
  return (
    <PageContainer>
      <PageHeader title={MESSAGES.title} description={MESSAGES.description} />
      {backups.error ? (
        <ErrorState title={MESSAGES.loadError} error={backups.error} />
      ) : backups.isPending ? (
        <div role="status" aria-label="Loading" className="space-y-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-24 w-full" />
          ))}
        </div>
      ) : !backups.data.available ? (
        <Section title={MESSAGES.title}>
          <p className="text-sm text-foreground">{backups.data.message}</p>
        </Section>
      ) : (
        <Overview project={project} data={backups.data} />
      )}
    </PageContainer>
  )
}

function Overview({ project, data }: { project: ProjectDetail; data: Available }) {
  const canUpdate = project.permissions.includes('projects:update')
  return (
    <div className="space-y-6">
      <RecoverySection project={project} data={data} canUpdate={canUpdate} />
      <ArchiveSection data={data} />
      <BaseBackupsSection project={project} data={data} canUpdate={canUpdate} />
      {project.parentProjectRef ? (
        <BranchChangesSection project={project} parentRef={project.parentProjectRef} />
      ) : (
        <BranchesSection project={project} />
      )}
      {data.restores.length > 0 && <RestoresSection project={project} restores={data.restores} canUpdate={canUpdate} />}
      {!canUpdate && <p className="text-xs text-muted-foreground">{MESSAGES.onlyAdmins}</p>}
    </div>
  )
}

function RecoverySection({
  project,
  data,
  canUpdate,
}: {
  project: ProjectDetail
  data: Available
  canUpdate: boolean
}) {
  const restore = useRestore(project.ref)
  const [latest, setLatest] = useState(true)
  const [target, setTarget] = useState(() => (data.window ? localInputValue(data.window.latest) : ''))
  const [mode, setMode] = useState<'new_project' | 'in_place'>('new_project')
  const [name, setName] = useState(`${project.name} (restored)`.slice(0, 64))
  const [confirm, setConfirm] = useState('')
  const [restoredInto, setRestoredInto] = useState<string | null>(null)
  const [beforeRun, setBeforeRun] = useState('')
  const w = data.window
  const history = useRecentRuns(project.ref, !!w && canUpdate)
  // Runs inside the window: a restore "just before" one goes to its start less a millisecond.
  const runs = (history.data?.runs ?? []).filter((r) => w && r.startedAt > w.earliest && r.startedAt <= w.latest)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const run = runs.find((r) => r.id === beforeRun)
    const targetTime = run
      ? new Date(new Date(run.startedAt).getTime() - 1).toISOString()
      : latest || !target
        ? null
        : new Date(target).toISOString()
    restore.mutate(
      { mode, targetTime, ...(mode === 'new_project' ? { name } : { confirm }) },
      {
        onSuccess: ({ project: created }) => {
          toast.success(MESSAGES.restoreStarted)
          setRestoredInto(mode === 'new_project' ? created.ref : null)
        },
      },
    )
  }

  return (
    <Section title={MESSAGES.windowTitle} description={MESSAGES.windowDetail}>
      {!w ? (
        <p className="text-sm text-muted-foreground">{MESSAGES.noWindow}</p>
      ) : (
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-muted-foreground">{MESSAGES.earliest}</dt>
            <dd className="font-medium">{formatPrecise(w.earliest)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{MESSAGES.latest}</dt>
            <dd className="font-medium">{formatPrecise(w.latest)}</dd>
          </div>
        </dl>
      )}
      {w && canUpdate && (
        <form noValidate aria-label={MESSAGES.windowTitle} className="space-y-4" onSubmit={submit}>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={latest && !beforeRun}
              disabled={!!beforeRun}
              onChange={(e) => setLatest(e.target.checked)}
            />
            {MESSAGES.latestOption}
          </label>
          {runs.length > 0 && (
            <FormField label={MESSAGES.beforeRunLabel}>
              <select
                className="h-9 w-full rounded-md border bg-background px-2 text-sm text-foreground"
                value={beforeRun}
                onChange={(e) => setBeforeRun(e.target.value)}
              >
                <option value="">{MESSAGES.beforeRunNone}</option>
                {runs.map((r) => (
                  <option key={r.id} value={r.id}>
                    {`${formatPrecise(r.startedAt)} — ${r.query.replace(/\s+/g, ' ').slice(0, 80)}`}
                  </option>
                ))}
              </select>
            </FormField>
          )}
          {!latest && !beforeRun && (
            <FormField label={MESSAGES.targetLabel}>
              <Input
                type="datetime-local"
                step={1}
                min={localInputValue(w.earliest)}
                max={localInputValue(w.latest)}
                value={target}
                onChange={(e) => setTarget(e.target.value)}
              />
            </FormField>
          )}
          <RadioGroup
            label={MESSAGES.modeLabel}
            value={mode}
            onValueChange={setMode}
            options={[
              { value: 'new_project', label: MESSAGES.newProject, description: MESSAGES.newProjectDetail },
              { value: 'in_place', label: MESSAGES.inPlace, description: MESSAGES.inPlaceDetail },
            ]}
          />
          {mode === 'new_project' ? (
            <FormField label={MESSAGES.nameLabel}>
              <Input value={name} maxLength={64} onChange={(e) => setName(e.target.value)} />
            </FormField>
          ) : (
            <FormField label={MESSAGES.confirmLabel(project.name)}>
              <Input value={confirm} autoComplete="off" onChange={(e) => setConfirm(e.target.value)} />
            </FormField>
          )}
          <FormError error={restore.error} />
          <div className="flex items-center gap-3">
            <Button
              type="submit"
              variant={mode === 'in_place' ? 'danger' : 'primary'}
              size="sm"
              loading={restore.isPending}
              disabled={mode === 'in_place' && confirm !== project.name}
            >
              {MESSAGES.restore}
            </Button>
            {restoredInto && (
              <Link className="text-sm text-brand underline" to={`/project/${restoredInto}`}>
                {MESSAGES.openProject}
              </Link>
            )}
          </div>
        </form>
      )}
    </Section>
  )
}

function ArchiveSection({ data }: { data: Available }) {
  const a = data.archive
  return (
    <Section title={MESSAGES.archiveTitle}>
      <div className="flex items-center gap-2">
        <Badge tone={a.failing ? 'danger' : 'success'}>
          {a.failing ? MESSAGES.archiveFailing : MESSAGES.archiveOk}
        </Badge>
      </div>
      {a.failing && <Banner tone="danger">{MESSAGES.archiveFailingDetail}</Banner>}
      {a.archivedCount === null ? (
        <p className="text-sm text-muted-foreground">{MESSAGES.notRunning}</p>
      ) : (
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <Figure label={MESSAGES.archived} value={String(a.archivedCount)} />
          <Figure
            label={MESSAGES.lastArchived}
            value={`${a.lastArchivedWal ?? '—'} · ${formatDateTime(a.lastArchivedAt)}`}
          />
          <Figure label={MESSAGES.failed} value={String(a.failedCount ?? 0)} />
          <Figure
            label={MESSAGES.lastFailed}
            value={a.lastFailedAt ? `${a.lastFailedWal} · ${formatDateTime(a.lastFailedAt)}` : '—'}
          />
        </dl>
      )}
      {data.store === 's3' && (
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <Figure label={MESSAGES.waiting} value={String(a.waiting)} />
          <Figure
            label={MESSAGES.shipError}
            value={a.lastShipError ? `${a.lastShipError} · ${formatDateTime(a.lastShipErrorAt)}` : '—'}
          />
        </dl>
      )}
    </Section>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-mono text-xs break-all">{value}</dd>
    </div>
  )
}

function BaseBackupsSection({
  project,
  data,
  canUpdate,
}: {
  project: ProjectDetail
  data: Available
  canUpdate: boolean
}) {
  const backUp = useBackUpNow(project.ref)
  return (
    <Section
      title={MESSAGES.backupsTitle}
      description={MESSAGES.backupsDetail(
        data.schedule,
        data.retentionDays,
        data.store === 's3' ? MESSAGES.storeS3 : MESSAGES.storeFs,
      )}
    >
      {canUpdate && (
        <div className="space-y-2">
          <FormError error={backUp.error} />
          <Button
            variant="primary"
            size="sm"
            loading={backUp.isPending}
            onClick={() => backUp.mutate(undefined, { onSuccess: () => toast.success(MESSAGES.backupQueued) })}
          >
            <DatabaseBackup aria-hidden className="size-3.5" />
            {MESSAGES.backUpNow}
          </Button>
        </div>
      )}
      {data.backups.length === 0 ? (
        <p className="text-sm text-muted-foreground">{MESSAGES.noBackups}</p>
      ) : (
        <Table aria-label={MESSAGES.backupsTitle}>
          <THead>
            <Tr>
              <Th>Taken</Th>
              <Th>Size</Th>
              <Th>Trigger</Th>
              <Th>State</Th>
              <Th>
                <span className="sr-only">{MESSAGES.download}</span>
              </Th>
            </Tr>
          </THead>
          <TBody>
            {data.backups.map((b) => (
              <BackupRow key={b.id} project={project} backup={b} canUpdate={canUpdate} />
            ))}
          </TBody>
        </Table>
      )}
    </Section>
  )
}

function BackupRow({ project, backup: b, canUpdate }: { project: ProjectDetail; backup: Backup; canUpdate: boolean }) {
  const when = formatPrecise(b.stoppedAt ?? b.startedAt ?? b.createdAt)
  return (
    <Tr>
      <Td>{when}</Td>
      <Td>{formatBytes(b.size)}</Td>
      <Td>{b.trigger}</Td>
      <Td>
        <Badge tone={stateTone[b.state]}>{b.state}</Badge>
        {b.error && <p className="mt-1 text-xs text-destructive">{b.error}</p>}
      </Td>
      <Td>
        {canUpdate && b.state === 'done' && (
          <a
            className="inline-flex items-center gap-1 text-sm text-brand underline"
            href={downloadUrl(project.ref, b.id)}
            download
            aria-label={MESSAGES.downloadLabel(when)}
          >
            <Download aria-hidden className="size-3.5" />
            {MESSAGES.download}
          </a>
        )}
      </Td>
    </Tr>
  )
}

function RestoresSection({
  project,
  restores,
  canUpdate,
}: {
  project: ProjectDetail
  restores: Restore[]
  canUpdate: boolean
}) {
  const keep = useKeepRestore(project.ref)
  return (
    <Section title={MESSAGES.restoresTitle}>
      <FormError error={keep.error} />
      <Table aria-label={MESSAGES.restoresTitle}>
        <THead>
          <Tr>
            <Th>Asked</Th>
            <Th>To</Th>
            <Th>Into</Th>
            <Th>State</Th>
          </Tr>
        </THead>
        <TBody>
          {restores.map((r) => (
            <Tr key={r.id}>
              <Td>{formatPrecise(r.createdAt)}</Td>
              <Td>{r.targetTime ? formatPrecise(r.targetTime) : 'latest'}</Td>
              <Td>
                {r.mode === 'in_place' ? (
                  'in place'
                ) : (
                  <Link className="text-brand underline" to={`/project/${r.targetRef}`}>
                    {r.targetRef}
                  </Link>
                )}
              </Td>
              <Td>
                <Badge tone={stateTone[r.state]}>{r.phase ?? r.state}</Badge>
                {r.error && <p className="mt-1 text-xs text-destructive">{r.error}</p>}
                {canUpdate && r.keptPreviousCluster && r.state === 'done' && (
                  <Button
                    size="sm"
                    variant="default"
                    className="ml-2"
                    loading={keep.isPending}
                    onClick={() => keep.mutate(r.id, { onSuccess: () => toast.success(MESSAGES.keepDone) })}
                  >
                    {MESSAGES.keep}
                  </Button>
                )}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </Section>
  )
}

/** Branches of this project (issue 28 §4): made here, each a project of its own. */
function BranchesSection({ project }: { project: ProjectDetail }) {
  const branches = useBranches(project.ref)
  const create = useCreateBranch(project.ref)
  const canCreate = project.permissions.includes('projects:create')
  const [name, setName] = useState(`${project.name} branch`.slice(0, 64))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    create.mutate(name, { onSuccess: () => toast.success(MESSAGES.branchStarted) })
  }
  return (
    <Section title={MESSAGES.branchesTitle} description={MESSAGES.branchesDetail}>
      {canCreate && (
        <form
          noValidate
          aria-label={MESSAGES.createBranch}
          className="flex flex-wrap items-end gap-3"
          onSubmit={submit}
        >
          <FormField label={MESSAGES.branchName}>
            <Input value={name} maxLength={64} onChange={(e) => setName(e.target.value)} />
          </FormField>
          <Button type="submit" variant="default" size="sm" loading={create.isPending} disabled={!name.trim()}>
            <GitBranch aria-hidden className="size-3.5" />
            {MESSAGES.createBranch}
          </Button>
        </form>
      )}
      <FormError error={create.error} />
      {branches.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : branches.error ? (
        <FormError error={branches.error} />
      ) : branches.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{MESSAGES.noBranches}</p>
      ) : (
        <ul aria-label={MESSAGES.branchesTitle} className="divide-y rounded-md border text-sm">
          {branches.data.map((b) => (
            <li key={b.ref} className="flex items-center justify-between gap-3 px-3 py-2">
              <Link className="text-brand underline" to={`/project/${b.ref}`}>
                {b.name}
              </Link>
              <span className="flex items-center gap-2 text-xs text-muted-foreground">
                {formatPrecise(b.createdAt)}
                <Badge tone={b.status === 'active' ? 'success' : b.status === 'failed' ? 'danger' : 'neutral'}>
                  {b.status}
                </Badge>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

/** On a branch: the schema changes recorded since it was made, applied to the parent after a review of their SQL. */
function BranchChangesSection({ project, parentRef }: { project: ProjectDetail; parentRef: string }) {
  const branch = useBranch(parentRef, project.ref)
  const apply = useApplyBranch(parentRef, project.ref)
  const canApply = project.permissions.includes('tenant_sql:write')
  const [reviewing, setReviewing] = useState(false)
  const pending = branch.data?.changes.filter((c) => !c.applied) ?? []
  return (
    <Section title={MESSAGES.changesTitle} description={MESSAGES.changesDetail}>
      <p className="text-sm">
        {MESSAGES.branchOf}{' '}
        <Link className="text-brand underline" to={`/project/${parentRef}`}>
          {branch.data?.parentName ?? parentRef}
        </Link>
        .
      </p>
      {branch.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : branch.error ? (
        <FormError error={branch.error} />
      ) : branch.data.changes.length === 0 ? (
        <p className="text-sm text-muted-foreground">{MESSAGES.noChanges}</p>
      ) : (
        <Table aria-label={MESSAGES.changesTitle}>
          <THead>
            <Tr>
              <Th>#</Th>
              <Th>Change</Th>
              <Th>By</Th>
              <Th>When</Th>
              <Th>State</Th>
            </Tr>
          </THead>
          <TBody>
            {branch.data.changes.map((c) => (
              <Tr key={c.number}>
                <Td>{c.number}</Td>
                <Td className="font-mono text-xs break-all">{c.name}</Td>
                <Td className="break-all">{c.author ?? '—'}</Td>
                <Td className="whitespace-nowrap">{formatPrecise(c.createdAt)}</Td>
                <Td className="whitespace-nowrap">
                  <Badge tone={c.applied ? 'success' : 'neutral'}>
                    {c.applied ? MESSAGES.appliedBadge : MESSAGES.pendingBadge}
                  </Badge>
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
      {canApply && pending.length > 0 && !reviewing && (
        <Button variant="primary" size="sm" onClick={() => setReviewing(true)}>
          {MESSAGES.reviewApply}
        </Button>
      )}
      {canApply && reviewing && pending.length > 0 && (
        <div className="space-y-3">
          <pre
            aria-label="SQL to apply"
            tabIndex={0}
            className="max-h-80 overflow-auto rounded-md border bg-muted p-3 font-mono text-xs text-foreground"
          >
            {pending.map((c) => `-- ${c.number}: ${c.name}\n${c.statements}`).join('\n\n')}
          </pre>
          <FormError error={apply.error} />
          <div className="flex gap-2">
            <Button
              variant="primary"
              size="sm"
              loading={apply.isPending}
              onClick={() =>
                apply.mutate(pending.at(-1)!.number, {
                  onSuccess: () => {
                    toast.success(MESSAGES.applied)
                    setReviewing(false)
                  },
                })
              }
            >
              {MESSAGES.applyConfirm(pending.length)}
            </Button>
            <Button variant="default" size="sm" onClick={() => setReviewing(false)}>
              {MESSAGES.cancel}
            </Button>
          </div>
        </div>
      )}
    </Section>
  )
}
