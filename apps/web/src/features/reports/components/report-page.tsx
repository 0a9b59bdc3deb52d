import { useMemo, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { BarChart3, MoreHorizontal } from 'lucide-react'
import { reportWindow, REPORT_TIME_PERIODS, type ReportContent, type ReportTimePeriod } from '@basalt/contracts'
import { useSession } from '../../../lib/auth'
import { isApiError } from '../../../lib/api-client'
import { errorMessage } from '../../../lib/format'
import { reportContentOf, useReport } from '../../../project/reports/get-reports'
import { useUpdateReport, type ReportChange } from '../../../project/reports/update-report'
import { usePermission } from '../../../project/use-permission'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { DropdownMenu, DropdownMenuItem } from '../../../ui/dropdown-menu'
import { EmptyState, ErrorState } from '../../../ui/empty-state'
import { NativeSelect } from '../../../ui/input'
import { PageHeader } from '../../../ui/page-header'
import { SkeletonList } from '../../../ui/skeleton'
import { useDeleteReport } from '../api/delete-report'
import { MESSAGES } from '../messages'
import { ReportBlockView } from './report-block-view'
import { ReportDetailsDialog } from './report-details-dialog'

/**
 * /project/{ref}/reports/{id}: a custom report's blocks, each its snippet's chart for the chosen period. Its
 * owner renames it ('Report updated'), deletes it ('Report deleted', back to the reports page), and changes
 * its period and blocks; other members view it, choosing a period for themselves.
 */
export function ReportPage({ projectRef, reportId }: { projectRef: string; reportId: string }) {
  const report = useReport(projectRef, reportId)
  const userId = useSession().data?.user.id
  const canCreate = usePermission('user_content:create')
  const update = useUpdateReport(projectRef)
  const remove = useDeleteReport(projectRef)
  const navigate = useNavigate()
  const [editing, setEditing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [viewerPeriod, setViewerPeriod] = useState<ReportTimePeriod | null>(null)
  const content = useMemo(() => (report.data ? safeContent(report.data) : null), [report.data])
  const period = viewerPeriod ?? content?.period_start.time_period ?? '7d'
  // The window is fixed when the period is chosen, so the blocks' queries keep their keys across renders.
  const window = useMemo(() => reportWindow(period, new Date()), [period])

  if (report.isPending) {
    return (
      <div className="p-6">
        <SkeletonList rows={4} />
      </div>
    )
  }
  if (report.error || !content) {
    const missing = isApiError(report.error) && report.error.status === 404
    return (
      <div className="mx-auto max-w-3xl p-6">
        <ErrorState
          title={missing ? MESSAGES.notFound : MESSAGES.reportFailed}
          error={report.error ?? new Error(MESSAGES.reportFailed)}
          action={<Link to={`/project/${projectRef}/reports`}>{MESSAGES.title}</Link>}
        />
      </div>
    )
  }
  const item = report.data
  const canEdit = canCreate && userId !== undefined && item.owner_id === userId

  const save = async (change: ReportChange, announce = true) => {
    try {
      await update.mutateAsync({ id: item.id, change })
      if (announce) toast.success(MESSAGES.updated)
      return true
    } catch (error) {
      console.error(error)
      toast.error(MESSAGES.updateFailed)
      return false
    }
  }
  const saveContent = (next: ReportContent) => save({ content: next }, false)

  const choosePeriod = (next: ReportTimePeriod) => {
    if (!canEdit) return setViewerPeriod(next)
    setViewerPeriod(null)
    const date = new Date().toISOString()
    void saveContent({
      ...content,
      period_start: { time_period: next, date },
      period_end: { time_period: 'today', date },
    })
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-6 py-8">
      <PageHeader
        title={item.name}
        description={item.description ?? (item.owner ? MESSAGES.ownedBy(item.owner.username) : undefined)}
        actions={
          <>
            <label className="flex items-center gap-2 text-sm text-muted-foreground">
              {MESSAGES.period}
              <NativeSelect
                className="w-auto"
                value={period}
                onChange={(e) => choosePeriod(e.target.value as ReportTimePeriod)}
              >
                {REPORT_TIME_PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {MESSAGES.periods[p]}
                  </option>
                ))}
              </NativeSelect>
            </label>
            {canEdit && (
              <DropdownMenu
                label={MESSAGES.actions}
                trigger={
                  <Button size="icon" variant="ghost" aria-label={MESSAGES.actions}>
                    <MoreHorizontal aria-hidden className="size-4" />
                  </Button>
                }
              >
                <DropdownMenuItem onSelect={() => setEditing(true)}>{MESSAGES.rename}</DropdownMenuItem>
                <DropdownMenuItem onSelect={() => setDeleting(true)} className="text-destructive">
                  {MESSAGES.delete}
                </DropdownMenuItem>
              </DropdownMenu>
            )}
          </>
        }
      />
      {!canEdit && <p className="-mt-4 mb-4 text-xs text-muted-foreground">{MESSAGES.readOnly}</p>}
      {content.layout.length === 0 ? (
        <EmptyState
          icon={<BarChart3 aria-hidden className="size-6" />}
          title={MESSAGES.noBlocks}
          description={MESSAGES.noBlocksDetail}
          action={
            <Button asChild size="sm">
              <Link to={`/project/${projectRef}/sql/new`}>{MESSAGES.openSqlEditor}</Link>
            </Button>
          }
        />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {content.layout.map((block) => (
            <ReportBlockView
              key={block.id}
              projectRef={projectRef}
              reportId={reportId}
              block={block}
              window={window}
              canEdit={canEdit}
              onChartChange={(chart) =>
                void saveContent({
                  ...content,
                  layout: content.layout.map((b) => (b.id === block.id ? { ...b, chart } : b)),
                })
              }
              onRemove={() => void save({ content: { ...content, layout: content.layout.filter((b) => b !== block) } })}
            />
          ))}
        </div>
      )}
      {editing && (
        <ReportDetailsDialog
          title={MESSAGES.renameTitle}
          submitLabel={MESSAGES.save}
          initial={{ name: item.name, description: item.description ?? '' }}
          onClose={() => setEditing(false)}
          onSubmit={(details) => save({ name: details.name, description: details.description || null })}
        />
      )}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={MESSAGES.deleteTitle(item.name)}
        description={MESSAGES.deleteDetail}
        confirmLabel={MESSAGES.delete}
        loading={remove.isPending}
        error={remove.error ? MESSAGES.deleteFailed(errorMessage(remove.error)) : null}
        onConfirm={() =>
          remove.mutate(item.id, {
            onSuccess: () => {
              toast.success(MESSAGES.deleted)
              void navigate(`/project/${projectRef}/reports`)
            },
          })
        }
      />
    </div>
  )
}

/** The report's content, or null when what is stored is not a report's (the page then says it failed). */
function safeContent(item: Parameters<typeof reportContentOf>[0]): ReportContent | null {
  try {
    return reportContentOf(item)
  } catch {
    return null
  }
}
