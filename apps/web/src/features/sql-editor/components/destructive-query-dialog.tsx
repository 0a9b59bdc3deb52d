import type { AnalyzedStatement } from '@basalt/contracts'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { EDITOR_MESSAGES } from './messages'

/**
 * 'Destructive operation' (spec 2 §2, §4): before a run whose statements drop, truncate, delete or update
 * without WHERE, alter … drop or revoke, the member reads what each of them destroys and confirms.
 */
export function DestructiveQueryDialog({
  statements,
  onConfirm,
  onDismiss,
}: {
  /** null: closed. */
  statements: AnalyzedStatement[] | null
  onConfirm: () => void
  onDismiss: () => void
}) {
  return (
    <ConfirmDialog
      open={statements !== null}
      onOpenChange={(open) => !open && onDismiss()}
      title={EDITOR_MESSAGES.destructiveTitle}
      description={EDITOR_MESSAGES.destructiveDescription}
      confirmLabel={EDITOR_MESSAGES.destructiveConfirm}
      onConfirm={onConfirm}
    >
      <ul aria-label="Destructive statements" className="max-h-64 space-y-2 overflow-y-auto">
        {statements?.map((statement) => (
          <li key={statement.index} className="rounded-md border border-destructive/40 bg-destructive/5 p-2.5 text-sm">
            <p className="text-xs text-muted-foreground">Line {statement.line}</p>
            <ul className="list-inside list-disc">
              {statement.destructive.map((operation, i) => (
                <li key={i} className="font-mono text-xs">
                  {operation.description}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  )
}
