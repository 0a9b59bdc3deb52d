import { Webhook } from 'lucide-react'
import { EmptyState, ErrorState } from '../../../ui/empty-state'
import { PageHeader } from '../../../ui/page-header'
import { NotAvailablePage } from '../../../ui/not-available-page'
import { Skeleton } from '../../../ui/skeleton'
import { useExtensions } from '../api/get-extensions'
import { EXTENSION_MESSAGES, HOOK_MESSAGES as MESSAGES } from '../messages'

/**
 * Database › Webhooks (spec 2: shown only where the pg_net extension exists). Without pg_net the page says
 * that webhooks need it — whether the server offers it to enable, or does not have it at all.
 */
export function HooksPage({ projectRef, pgNet }: { projectRef: string; pgNet: boolean }) {
  if (pgNet) return <NotAvailablePage title={MESSAGES.title} />
  return <WithoutPgNet projectRef={projectRef} />
}

function WithoutPgNet({ projectRef }: { projectRef: string }) {
  const extensions = useExtensions(projectRef)
  const offered = extensions.data?.some((e) => e.name === 'pg_net')
  return (
    <div className="mx-auto w-full max-w-6xl px-6 py-8">
      <PageHeader title={MESSAGES.title} />
      {extensions.error ? (
        <ErrorState title={EXTENSION_MESSAGES.loadError} error={extensions.error} />
      ) : extensions.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <EmptyState
          icon={<Webhook aria-hidden className="size-6" />}
          title={offered ? MESSAGES.pgNetNotEnabled : MESSAGES.needsPgNet}
        />
      )}
    </div>
  )
}
