import type { ReactNode } from 'react'
import { SnippetList } from './snippets/snippet-list'

/** The SQL editor area: the member's snippets on the left, the open page beside them. */
export function SqlEditorLayout({ projectRef, children }: { projectRef: string; children: ReactNode }) {
  return (
    <div className="flex h-full min-h-0">
      <SnippetList projectRef={projectRef} />
      <div className="flex min-w-0 flex-1 flex-col">{children}</div>
    </div>
  )
}
