import { lazy, Suspense } from 'react'
import type * as Monaco from 'monaco-editor'
import { cn } from '../../lib/cn'
import { Spinner } from '../spinner'

/** The Monaco namespace, as `onMount` hands it over (to register completion, hover or signature providers). */
export type MonacoApi = typeof Monaco
export type CodeEditorInstance = Monaco.editor.IStandaloneCodeEditor
export type DiffEditorInstance = Monaco.editor.IStandaloneDiffEditor

export interface CodeEditorProps {
  value: string
  onChange?: (value: string) => void
  /** The accessible name of the editor's text area (e.g. 'SQL', 'USING expression'). */
  label: string
  /** A Monaco language id; default 'pgsql'. */
  language?: string
  readOnly?: boolean
  /** Shown in the empty editor. */
  placeholder?: string
  /** Called once the editor exists: keep the editor, register providers on `monaco` (dispose them yourself). */
  onMount?: (editor: CodeEditorInstance, monaco: MonacoApi) => void
  /** Further Monaco options; they override the defaults below. */
  options?: Monaco.editor.IStandaloneEditorConstructionOptions
  className?: string
}

export interface DiffEditorProps {
  /** The text as it stands (left, not editable). */
  original: string
  /** The proposed text (right, not editable either: Monaco mis-handles edits made while it computes a diff). */
  modified: string
  label: string
  language?: string
  onMount?: (editor: DiffEditorInstance, monaco: MonacoApi) => void
  options?: Monaco.editor.IDiffEditorConstructionOptions
  className?: string
}

/**
 * Class names for decorations (`editor.createDecorationsCollection`): an error's whole line, and its mark in
 * the margin. Styled in code-editor.css, in both themes.
 */
export const DECORATION_CLASSES = {
  errorLine: 'code-editor-error-line',
  errorMargin: 'code-editor-error-margin',
} as const

// Monaco is a few megabytes: it loads in a chunk of its own the first time an editor is shown, never with the
// first page (DESIGN.md: the first page's JS stays under 400 KB gzip).
const MonacoCodeEditor = lazy(() => import('./monaco-editors').then((m) => ({ default: m.MonacoCodeEditor })))
const MonacoDiffEditor = lazy(() => import('./monaco-editors').then((m) => ({ default: m.MonacoDiffEditor })))

/** What an editor shows while Monaco loads: the same box, with a spinner announced once. */
export function CodeEditorLoading({ className }: { className?: string }) {
  return (
    <div className={cn('flex h-full min-h-24 w-full items-center justify-center text-muted-foreground', className)}>
      <Spinner size={20} label="Loading editor" />
    </div>
  )
}

/**
 * A Monaco code editor (SQL by default) that follows the app's light or dark theme. It fills its box: give
 * `className` a height.
 *
 * @example
 *   <CodeEditor label="SQL" value={sql} onChange={setSql} className="h-64" onMount={(editor) => (ref.current = editor)} />
 */
export function CodeEditor(props: CodeEditorProps) {
  return (
    <div className={cn('relative min-h-0 w-full overflow-hidden', props.className)}>
      <Suspense fallback={<CodeEditorLoading />}>
        <MonacoCodeEditor {...props} />
      </Suspense>
    </div>
  )
}

/**
 * Two texts side by side (or inline on narrow boxes) with their differences marked: a suggested change
 * before it is accepted.
 */
export function DiffEditor(props: DiffEditorProps) {
  return (
    <div className={cn('relative min-h-0 w-full overflow-hidden', props.className)}>
      <Suspense fallback={<CodeEditorLoading />}>
        <MonacoDiffEditor {...props} />
      </Suspense>
    </div>
  )
}
