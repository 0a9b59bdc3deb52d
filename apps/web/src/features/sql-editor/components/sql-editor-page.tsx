import type { SnippetDocument } from '../state/snippet-document'

export interface SqlEditorPageProps {
  projectRef: string
  document: SnippetDocument
}

/** /project/{ref}/sql/{id}: the editor, its toolbar and the results of the last run. */
export function SqlEditorPage({ document }: SqlEditorPageProps) {
  return (
    <div className="flex h-full min-h-0 flex-col p-4">
      <p className="text-sm text-muted-foreground">The SQL editor is being built.</p>
      <textarea
        aria-label="SQL"
        className="mt-2 min-h-40 flex-1 rounded border p-2 font-mono text-sm"
        value={document.sql}
        onChange={(e) => document.setSql(e.target.value)}
      />
    </div>
  )
}
