import { Link } from 'react-router'
import { toast } from 'sonner'
import { BarChart3 } from 'lucide-react'
import { REPORT_MESSAGES, type ChartConfig } from '@basalt/contracts'
import { useSession } from '../../lib/auth'
import { Button } from '../../ui/button'
import { DropdownMenu, DropdownMenuItem, DropdownMenuLabel } from '../../ui/dropdown-menu'
import { usePermission } from '../use-permission'
import { getReport, reportContentOf, useReports } from './get-reports'
import { useUpdateReport } from './update-report'

export const ADD_TO_REPORT_MESSAGES = {
  button: 'Add to report',
  menu: 'Add this chart to a report',
  noReports: 'You have no custom reports yet',
  createReport: 'Create a custom report',
  unsaved: 'Save the query first: a report runs it again for its period',
} as const

/**
 * 'Add to report' on a result's chart: the member picks one of their own custom reports, and the chart
 * (its snippet and chart config) becomes the report's last block, which runs the snippet again for the
 * report's period. Only the owner changes a report, so only the member's own are offered.
 */
export function AddToReportMenu({
  projectRef,
  snippetId,
  chart,
}: {
  projectRef: string
  /** The saved snippet the chart is of; null while it is not saved. */
  snippetId: string | null
  chart: ChartConfig
}) {
  const userId = useSession().data?.user.id
  const canCreate = usePermission('user_content:create')
  const reports = useReports(projectRef, { enabled: canCreate })
  const update = useUpdateReport(projectRef)
  if (!canCreate) return null
  const own = (reports.data ?? []).filter((r) => r.owner_id === userId)

  const add = async (reportId: string) => {
    try {
      // Read again: the layout is replaced whole, so it must be the latest.
      const content = reportContentOf(await getReport(projectRef, reportId))
      const block = { id: crypto.randomUUID(), snippet_id: snippetId!, chart }
      await update.mutateAsync({
        id: reportId,
        change: { content: { ...content, layout: [...content.layout, block] } },
      })
      toast.success(REPORT_MESSAGES.updated)
    } catch (error) {
      console.error(error)
      toast.error(REPORT_MESSAGES.updateFailed)
    }
  }

  if (!snippetId) {
    return (
      <Button size="sm" variant="ghost" aria-disabled title={ADD_TO_REPORT_MESSAGES.unsaved}>
        <BarChart3 aria-hidden className="size-3.5" />
        {ADD_TO_REPORT_MESSAGES.button}
      </Button>
    )
  }
  return (
    <DropdownMenu
      label={ADD_TO_REPORT_MESSAGES.menu}
      trigger={
        <Button size="sm" variant="ghost" aria-busy={update.isPending || undefined}>
          <BarChart3 aria-hidden className="size-3.5" />
          {ADD_TO_REPORT_MESSAGES.button}
        </Button>
      }
    >
      <DropdownMenuLabel>{ADD_TO_REPORT_MESSAGES.menu}</DropdownMenuLabel>
      {own.map((report) => (
        <DropdownMenuItem key={report.id} onSelect={() => void add(report.id)}>
          {report.name}
        </DropdownMenuItem>
      ))}
      {reports.isSuccess && own.length === 0 && (
        <DropdownMenuItem disabled>{ADD_TO_REPORT_MESSAGES.noReports}</DropdownMenuItem>
      )}
      {reports.isSuccess && own.length === 0 && (
        <DropdownMenuItem asChild>
          <Link to={`/project/${projectRef}/reports`}>{ADD_TO_REPORT_MESSAGES.createReport}</Link>
        </DropdownMenuItem>
      )}
    </DropdownMenu>
  )
}
