// The code-editor chunk: Monaco and the React components around it. Loaded by code-editor.tsx on first use.
import { useEffect, useRef } from 'react'
import Editor, { DiffEditor } from '@monaco-editor/react'
import type * as Monaco from 'monaco-editor'
import type { CodeEditorProps, DiffEditorProps } from './code-editor'
import { CodeEditorLoading } from './code-editor'
import './code-editor.css'
import { DARK_THEME, LIGHT_THEME } from './monaco'
import { useDarkMode } from './use-dark-mode'

const SHARED_OPTIONS = {
  automaticLayout: true,
  fontSize: 13,
  lineHeight: 20,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  tabSize: 2,
  padding: { top: 8, bottom: 8 },
  // Suggestion and hover widgets may overflow the editor's box (a short editor in a form or dialog).
  fixedOverflowWidgets: true,
  renderLineHighlight: 'line',
} as const

export function MonacoCodeEditor({
  value,
  onChange,
  label,
  language = 'pgsql',
  readOnly = false,
  placeholder,
  onMount,
  options,
}: CodeEditorProps) {
  const dark = useDarkMode()
  return (
    <Editor
      height="100%"
      value={value}
      language={language}
      theme={dark ? DARK_THEME : LIGHT_THEME}
      loading={<CodeEditorLoading />}
      onChange={(next) => onChange?.(next ?? '')}
      onMount={(editor, monaco) => onMount?.(editor, monaco)}
      options={{
        ...SHARED_OPTIONS,
        ariaLabel: label,
        readOnly,
        domReadOnly: readOnly,
        placeholder,
        ...options,
      }}
    />
  )
}

export function MonacoDiffEditor({
  original,
  modified,
  label,
  language = 'pgsql',
  modifiedEditable = false,
  onMount,
  options,
}: DiffEditorProps) {
  const dark = useDarkMode()
  const editorRef = useRef<Monaco.editor.IStandaloneDiffEditor | null>(null)
  // @monaco-editor/react disposes the two models before the diff editor on unmount, and Monaco reports
  // "TextModel got disposed before DiffEditorWidget model got reset" (an uncaught error) each time. So the
  // component keeps its models (keepCurrent…Model) and they are let go here: first detached from the widget,
  // then disposed. React runs this cleanup before the DiffEditor child's, which then disposes only the widget.
  useEffect(
    () => () => {
      const editor = editorRef.current
      editorRef.current = null
      const models = editor?.getModel()
      if (!editor || !models) return
      editor.setModel(null)
      models.original.dispose()
      models.modified.dispose()
    },
    [],
  )
  return (
    <DiffEditor
      height="100%"
      original={original}
      modified={modified}
      language={language}
      theme={dark ? DARK_THEME : LIGHT_THEME}
      loading={<CodeEditorLoading />}
      keepCurrentOriginalModel
      keepCurrentModifiedModel
      onMount={(editor, monaco) => {
        editorRef.current = editor
        keepAriaLabel(editor.getOriginalEditor(), monaco, `${label} (current)`)
        keepAriaLabel(editor.getModifiedEditor(), monaco, `${label} (suggested)`)
        onMount?.(editor, monaco)
      }}
      options={{
        ...SHARED_OPTIONS,
        ariaLabel: label,
        originalAriaLabel: `${label} (current)`,
        modifiedAriaLabel: `${label} (suggested)`,
        originalEditable: false,
        readOnly: !modifiedEditable,
        // A change to review, not to edit: no highlighted occurrences over the diff's green and red.
        occurrencesHighlight: 'off',
        selectionHighlight: false,
        renderSideBySide: true,
        useInlineViewWhenSpaceIsLimited: true,
        ...options,
      }}
    />
  )
}

/**
 * Monaco's diff editor empties its two sides' accessible names whenever it updates their options without
 * naming them again (any options update, or switching between side by side and inline as its width changes),
 * possibly before this is attached: the name is put back at once, and the text box itself (Monaco's edit
 * context or textarea) is watched, so that it is never nameless (axe: aria-input-field-name).
 */
function keepAriaLabel(editor: Monaco.editor.ICodeEditor, monaco: typeof Monaco, label: string) {
  const option = monaco.editor.EditorOption.ariaLabel
  const restore = () => {
    if (editor.getOption(option) !== label) editor.updateOptions({ ariaLabel: label })
  }
  editor.onDidChangeConfiguration((event) => {
    if (event.hasChanged(option)) restore()
  })
  restore()
  const root = editor.getDomNode()
  if (!root) return
  const nameTextBoxes = () => {
    for (const box of root.querySelectorAll('[role="textbox"]')) {
      if (!box.getAttribute('aria-label')) box.setAttribute('aria-label', label)
    }
  }
  const observer = new MutationObserver(nameTextBoxes)
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label', 'role'] })
  nameTextBoxes()
  editor.onDidDispose(() => observer.disconnect())
}
