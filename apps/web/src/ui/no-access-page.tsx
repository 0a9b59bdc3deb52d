import { Lock } from 'lucide-react'
import { UI_MESSAGES } from './messages'

/** Shown instead of a page the member's role may not open (spec 2 §6). */
export function NoAccessPage({ title, detail }: { title: string; detail: string }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-6 py-10">
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      <div className="mt-6 flex items-start gap-3 rounded-lg border border-border px-5 py-6">
        <Lock aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="space-y-1">
          <p className="text-sm font-medium">{UI_MESSAGES.noAccessTitle}</p>
          <p className="text-sm text-muted-foreground">{detail}</p>
        </div>
      </div>
    </div>
  )
}
