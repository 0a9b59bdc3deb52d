import { AlertCircle, Check, Lock } from 'lucide-react'
import { Badge } from '../../../../ui/badge'
import { Button } from '../../../../ui/button'
import { Spinner } from '../../../../ui/spinner'
import type { SnippetDocument } from '../../state/snippet-document'
import { SNIPPET_MESSAGES } from './messages'

/**
 * The snippet's name and how its saving stands (spec 2 §4): 'Saving changes...', 'All changes saved' for 3 s,
 * 'Failed to save changes' with Retry for the owner; someone else's snippet shows a 'Read-only' badge.
 */
export function SnippetToolbar({ document }: { projectRef: string; document: SnippetDocument }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <h1 className="truncate text-sm font-medium" title={document.name}>
        {document.name}
      </h1>
      {document.readOnly ? (
        <Badge className="gap-1">
          <Lock aria-hidden className="size-3" />
          {SNIPPET_MESSAGES.readOnly}
        </Badge>
      ) : (
        <SaveIndicator document={document} />
      )}
    </div>
  )
}

function SaveIndicator({ document }: { document: SnippetDocument }) {
  return (
    <span role="status" className="flex items-center gap-1.5 text-xs text-muted-foreground">
      {document.saveState === 'saving' && (
        <>
          <Spinner size={12} />
          {SNIPPET_MESSAGES.saving}
        </>
      )}
      {document.saveState === 'saved' && (
        <>
          <Check aria-hidden className="size-3.5 text-success" />
          {SNIPPET_MESSAGES.saved}
        </>
      )}
      {document.saveState === 'failed' && (
        <>
          <AlertCircle aria-hidden className="size-3.5 text-destructive" />
          <span className="text-destructive">{SNIPPET_MESSAGES.saveFailed}</span>
          <Button size="sm" variant="ghost" onClick={document.retry}>
            {SNIPPET_MESSAGES.retry}
          </Button>
        </>
      )}
    </span>
  )
}
