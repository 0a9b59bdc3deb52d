import { useState } from 'react'
import { History } from 'lucide-react'
import { Button } from '../../../../ui/button'
import { Dialog } from '../../../../ui/dialog'

export interface QueryHistoryButtonProps {
  projectRef: string
  /** Puts a past run's SQL into the editor. */
  onOpen: (sql: string) => void
}

/** The toolbar's 'History' button: the member's past runs in this project, newest first. */
export function QueryHistoryButton({ projectRef, onOpen }: QueryHistoryButtonProps) {
  const [open, setOpen] = useState(false)
  void projectRef
  void onOpen
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Query history"
      trigger={
        <Button variant="ghost" size="sm">
          <History aria-hidden className="size-4" />
          History
        </Button>
      }
    >
      <p className="text-sm text-muted-foreground">Your past runs will be listed here.</p>
    </Dialog>
  )
}
