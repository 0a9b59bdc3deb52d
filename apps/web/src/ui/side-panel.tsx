import type { ReactNode } from 'react'
import { Dialog } from 'radix-ui'
import { DialogContent, type FocusAfterClose } from './dialog'
import { X } from 'lucide-react'

/**
 * A panel sliding in from the right over the page (the table editor's table and column forms): a modal
 * dialog, so focus stays in it, Escape closes it, its title names it for assistive technology, and closing
 * it returns the focus (DialogContent).
 */
export function SidePanel({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  focusAfterClose,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: ReactNode
  children: ReactNode
  footer?: ReactNode
  focusAfterClose?: FocusAfterClose
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <DialogContent
          focusAfterClose={focusAfterClose}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-2xl flex-col border-l border-border bg-surface-raised shadow-xl focus:outline-none"
        >
          <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-3">
            <div className="space-y-1">
              <Dialog.Title className="text-base font-semibold">{title}</Dialog.Title>
              {description && (
                <Dialog.Description className="text-sm text-muted-foreground">{description}</Dialog.Description>
              )}
            </div>
            <Dialog.Close
              aria-label="Close"
              className="rounded-md p-1 text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X aria-hidden className="size-4" />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 space-y-5 overflow-y-auto px-5 py-4">{children}</div>
          {footer && <div className="flex justify-end gap-2 border-t border-border px-5 py-3">{footer}</div>}
        </DialogContent>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
