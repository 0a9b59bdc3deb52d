// The code-editor chunk: Monaco and the React components around it. Loaded by code-editor.tsx on first use.
import { useEffect, useRef, useState } from 'react'
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

export function MonacoDiffEditor({ original, modified, label, language = 'pgsql', onMount, options }: DiffEditorProps) {
  const dark = useDarkMode()
  const editorRef = useRef<Monaco.editor.IStandaloneDiffEditor | null>(null)
  const monacoRef = useRef<typeof Monaco | null>(null)
  // Monaco writes a diff it computed for texts changed meanwhile against the changed models, and throws
  // ("startLineNumber … cannot be after endLineNumberExclusive …", uncaught) when they have fewer lines. So
  // the shown models are never edited: @monaco-editor/react only ever sees the first texts, and new texts
  // (a suggestion switched from Addition to New snippet) come in new models, which drop the old diff.
  const [first] = useState({ original, modified })
  const texts = useRef({ original, modified, language })
  texts.current = { original, modified, language }
  const showTexts = () => {
    const editor = editorRef.current
    const monaco = monacoRef.current
    const shown = editor?.getModel()
    if (!editor || !monaco || !shown) return
    const next = texts.current
    if (shown.original.getValue() === next.original && shown.modified.getValue() === next.modified) return
    editor.setModel({
      original: monaco.editor.createModel(next.original, next.language),
      modified: monaco.editor.createModel(next.modified, next.language),
    })
    shown.original.dispose()
    shown.modified.dispose()
  }
  useEffect(showTexts, [original, modified])
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
      original={first.original}
      modified={first.modified}
      language={language}
      theme={dark ? DARK_THEME : LIGHT_THEME}
      loading={<CodeEditorLoading />}
      keepCurrentOriginalModel
      keepCurrentModifiedModel
      onMount={(editor, monaco) => {
        editorRef.current = editor
        monacoRef.current = monaco
        // Texts that changed while Monaco loaded.
        showTexts()
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
        readOnly: true,
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
