import type { ReactNode } from 'react'

/** The SQL editor area: the member's snippets on the left, the open page beside them. */
export function SqlEditorLayout({ children }: { projectRef: string; children: ReactNode }) {
  return (
    <div className="flex h-full min-h-0">
      <div className="flex min-w-0 flex-1 flex-col">{children}</div>
    </div>
  )
}
