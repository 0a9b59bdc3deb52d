import { Construction } from 'lucide-react'
import { UI_MESSAGES } from './messages'

/**
 * The one page every destination shows until its feature is built: the real title, so users know
 * where they are, and a plain statement that nothing here works yet.
 */
export function NotAvailablePage({ title }: { title: string }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-6 py-10">
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      <div className="mt-6 flex items-start gap-3 rounded-lg border border-dashed border-border px-5 py-6">
        <Construction aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="space-y-1">
          <p className="text-sm font-medium">{UI_MESSAGES.notAvailable}</p>
          <p className="text-sm text-muted-foreground">{UI_MESSAGES.notAvailableDetail}</p>
        </div>
      </div>
    </div>
  )
}
