import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import { Plus } from 'lucide-react'
import { Button } from '../../../ui/button'
import { useCreateReport } from '../api/create-report'
import { MESSAGES } from '../messages'
import { ReportDetailsDialog } from './report-details-dialog'

/**
 * 'Create a custom report' (spec 1 §2, §7, §8): the new report is saved with the default content, 'New report
 * created' is shown and its page opens; a failure says 'Failed to create report. Check console for more
 * details.' and logs the error.
 */
export function CreateReportButton({ projectRef }: { projectRef: string }) {
  const [open, setOpen] = useState(false)
  const create = useCreateReport(projectRef)
  const navigate = useNavigate()
  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)}>
        <Plus aria-hidden className="size-4" />
        {MESSAGES.createButton}
      </Button>
      {open && (
        <ReportDetailsDialog
          title={MESSAGES.createTitle}
          submitLabel={MESSAGES.create}
          onClose={() => setOpen(false)}
          onSubmit={async (details) => {
            try {
              const report = await create.mutateAsync(details)
              toast.success(MESSAGES.created)
              void navigate(`/project/${projectRef}/reports/${report.id}`)
              return true
            } catch (error) {
              console.error(error)
              toast.error(MESSAGES.createFailed)
              return false
            }
          }}
        />
      )}
    </>
  )
}
