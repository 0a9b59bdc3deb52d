import { AlertCircle, Check, Copy, Lock, Share2, Star } from 'lucide-react'
import { cn } from '../../../../lib/cn'
import { Badge } from '../../../../ui/badge'
import { Button } from '../../../../ui/button'
import { Spinner } from '../../../../ui/spinner'
import { SNIPPET_MESSAGES } from '../../snippet-messages'
import type { SnippetDocument } from '../../state/snippet-document'
import { useSnippetActions } from './use-snippet-actions'

/**
 * The snippet's name, how its saving stands (spec 2 §4): 'Saving changes...', 'All changes saved' for 3 s,
 * 'Failed to save changes' with Retry for the owner; someone else's snippet shows a 'Read-only' badge and
 * offers a personal copy. Favourite, share (the owner's) and duplicate sit beside them.
 */
export function SnippetToolbar({ projectRef, document }: { projectRef: string; document: SnippetDocument }) {
  const actions = useSnippetActions(projectRef)
  const snippet = document.snippet
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
        document.isOwner && <SaveIndicator document={document} />
      )}
      {snippet && actions.canCreate && (
        <div className="ml-1 flex items-center gap-0.5">
          <Button
            size="icon"
            variant="ghost"
            className="size-7"
            aria-label={snippet.content.favorite ? 'Remove from favorites' : 'Add to favorites'}
            aria-pressed={snippet.content.favorite}
            onClick={() => void actions.toggleFavorite(snippet)}
          >
            <Star aria-hidden className={cn('size-3.5', snippet.content.favorite && 'fill-current text-warning')} />
          </Button>
          {actions.canManage(snippet) && snippet.visibility === 'user' && (
            <Button
              size="icon"
              variant="ghost"
              className="size-7"
              aria-label="Share query with project"
              onClick={() => void actions.share(snippet)}
            >
              <Share2 aria-hidden className="size-3.5" />
            </Button>
          )}
          <Button
            size={document.readOnly ? 'sm' : 'icon'}
            variant="ghost"
            className={document.readOnly ? undefined : 'size-7'}
            aria-label={document.readOnly ? undefined : 'Duplicate query'}
            loading={actions.pending.create}
            onClick={() => void actions.duplicate(snippet, document.sql)}
          >
            <Copy aria-hidden className="size-3.5" />
            {document.readOnly && 'Duplicate personal copy'}
          </Button>
        </div>
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
          {document.keptLocally && <span>({SNIPPET_MESSAGES.keptLocally})</span>}
          <Button size="sm" variant="ghost" onClick={document.retry}>
            {SNIPPET_MESSAGES.retry}
          </Button>
        </>
      )}
    </span>
  )
}
