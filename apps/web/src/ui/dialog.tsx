import type { ComponentProps, ReactNode } from 'react'
import { Dialog as RadixDialog } from 'radix-ui'
import { X } from 'lucide-react'
import { cn } from '../lib/cn'
import { useFocusReturn } from './focus'

/** Where the focus goes when a dialog closes and what opened it has gone (a deleted row's cell, say). */
export type FocusAfterClose = () => HTMLElement | null | undefined

/**
 * Radix's dialog content with Basalt's focus rules (ui/focus.ts): every modal dialog and side panel of the
 * app renders its content through this one, so that closing it, however, gives the focus back to what
 * opened it, or to `focusAfterClose()` when that has gone.
 */
export function DialogContent({
  focusAfterClose,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof RadixDialog.Content> & { focusAfterClose?: FocusAfterClose }) {
  const focus = useFocusReturn(focusAfterClose)
  return (
    <RadixDialog.Content
      {...props}
      onOpenAutoFocus={(event) => {
        focus.onOpenAutoFocus()
        onOpenAutoFocus?.(event)
      }}
      onCloseAutoFocus={(event) => {
        onCloseAutoFocus?.(event)
        if (!event.defaultPrevented) focus.onCloseAutoFocus(event)
      }}
    />
  )
}

/**
 * A modal dialog. Radix traps focus inside it and closes it on Escape; DialogContent returns the focus.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  trigger,
  focusAfterClose,
  size = 'md',
}: {
  open?: boolean
  onOpenChange?: (open: boolean) => void
  title: string
  description?: ReactNode
  children: ReactNode
  trigger?: ReactNode
  focusAfterClose?: FocusAfterClose
  /** 'lg' for a dialog that holds a form and its results side by side: wider, and its body scrolls. */
  size?: 'md' | 'lg'
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <DialogContent
          focusAfterClose={focusAfterClose}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg border border-border bg-surface-raised shadow-xl focus:outline-none',
            size === 'lg' ? 'flex max-h-[calc(100vh-2rem)] max-w-2xl flex-col' : 'max-w-md',
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
            <div className="space-y-1">
              <RadixDialog.Title className="text-base font-semibold">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="text-sm text-muted-foreground">
                  {description}
                </RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              className="rounded-md p-1 text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              aria-label="Close"
            >
              <X className="size-4" aria-hidden />
            </RadixDialog.Close>
          </div>
          <div className={cn('px-5 py-4', size === 'lg' && 'min-h-0 overflow-y-auto')}>{children}</div>
        </DialogContent>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}

/**
 * The buttons of a dialog, under a rule. `flush` when the dialog's body holds nothing else: the buttons then
 * sit right under the title's rule instead of below an empty bordered strip.
 */
export function DialogFooter({ children, flush = false }: { children: ReactNode; flush?: boolean }) {
  return (
    <div
      data-flush={flush || undefined}
      className={cn('-mx-5 -mb-4 flex justify-end gap-2 px-5 py-3', flush ? '-mt-4' : 'mt-5 border-t border-border')}
    >
      {children}
    </div>
  )
}

export const DialogClose = RadixDialog.Close
