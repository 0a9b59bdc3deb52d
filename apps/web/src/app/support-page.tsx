import { Link } from 'react-router'
import { LifeBuoy } from 'lucide-react'
import { Logo } from '../ui/logo'
import { Button } from '../ui/button'
import { SUPPORT_MESSAGES } from './messages'

/** /support/new — there is no support backend yet, and the page says so rather than pretend. */
export function SupportPage() {
  return (
    <main className="mx-auto max-w-2xl px-6 py-10">
      <Link to="/" aria-label="Basalt home">
        <Logo />
      </Link>
      <h1 className="mt-8 flex items-center gap-2 text-2xl font-semibold tracking-tight">
        <LifeBuoy aria-hidden className="size-6" />
        {SUPPORT_MESSAGES.title}
      </h1>
      <p role="note" className="mt-4 rounded-md border border-warning/40 bg-warning-surface px-4 py-3 text-sm">
        {SUPPORT_MESSAGES.notSent}
      </p>
      <p className="mt-4 text-sm text-muted-foreground">{SUPPORT_MESSAGES.include}</p>
      <Button asChild className="mt-8">
        <Link to="/projects">Head back</Link>
      </Button>
    </main>
  )
}
