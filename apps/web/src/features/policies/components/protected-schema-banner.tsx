import { useState } from 'react'
import { Lock } from 'lucide-react'
import { PROTECTED_SCHEMAS } from '@basalt/contracts'
import { Button } from '../../../ui/button'
import { Dialog, DialogFooter } from '../../../ui/dialog'
import { POLICIES_MESSAGES as MESSAGES } from '../messages'

/** The notice over a protected schema's policies, and its Learn more modal (spec 1 §2). */
export function ProtectedSchemaBanner() {
  const [open, setOpen] = useState(false)
  return (
    <div
      role="status"
      className="mb-4 flex items-center gap-3 rounded-md border border-warning/40 bg-warning-surface px-4 py-2.5 text-sm"
    >
      <Lock aria-hidden className="size-4 shrink-0 text-warning" />
      <p className="flex-1">{MESSAGES.protectedBanner}</p>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={MESSAGES.protectedTitle}
        trigger={<Button size="sm">{MESSAGES.learnMore}</Button>}
      >
        <p className="text-sm text-muted-foreground">{MESSAGES.protectedDetail}</p>
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Protected schemas">
          {PROTECTED_SCHEMAS.filter((s) => !s.startsWith('pg_') && s !== 'information_schema').map((schema) => (
            <li key={schema}>
              <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{schema}</code>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button variant="primary" onClick={() => setOpen(false)}>
            {MESSAGES.understood}
          </Button>
        </DialogFooter>
      </Dialog>
    </div>
  )
}
