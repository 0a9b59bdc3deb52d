import { CodeEditor } from '../../../ui/code-editor/code-editor'
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
      <CodeEditor
        label="SQL"
        className="mt-2 min-h-40 flex-1 rounded border"
        value={document.sql}
        onChange={document.setSql}
        readOnly={document.readOnly}
      />
    </div>
  )
}
