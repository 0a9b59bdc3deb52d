import { useNavigate } from 'react-router'
import { FileQuestion } from 'lucide-react'
import { Button } from '../../../../ui/button'
import { EmptyState } from '../../../../ui/empty-state'
import { SNIPPET_MESSAGES } from '../../snippet-messages'
import { FRESH_QUERY_STATE } from '../../state/snippet-document'

/** /sql/{id} of a snippet that is gone or not shared with the member. */
export function SnippetNotFound({ projectRef }: { projectRef: string }) {
  const navigate = useNavigate()
  return (
    <div className="p-6">
      <EmptyState
        icon={<FileQuestion aria-hidden className="size-6" />}
        title={SNIPPET_MESSAGES.notFound}
        description={SNIPPET_MESSAGES.notFoundDetail}
        action={
          <Button
            variant="primary"
            onClick={() =>
              navigate(`/project/${encodeURIComponent(projectRef)}/sql/new`, {
                replace: true,
                state: FRESH_QUERY_STATE,
              })
            }
          >
            {SNIPPET_MESSAGES.newQuery}
          </Button>
        }
      />
    </div>
  )
}
