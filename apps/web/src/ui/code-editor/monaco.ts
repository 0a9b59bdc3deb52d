// Monaco, bundled with the app: the editor and its worker come from our own build, never from a CDN
// (@monaco-editor/react would otherwise load Monaco from jsDelivr). Only the code-editor chunk imports this
// module, so Monaco stays out of the first page.
import * as monaco from 'monaco-editor'
import EditorWorker from 'monaco-editor/editor/editor.worker?worker'
import { loader } from '@monaco-editor/react'

declare global {
  interface Window {
    MonacoEnvironment?: { getWorker(workerId: string, label: string): Worker }
  }
}

// The languages we edit (SQL) have no language worker of their own; the editor worker computes diffs,
// links and word-based suggestions for every model.
window.MonacoEnvironment = { getWorker: () => new EditorWorker() }

loader.config({ monaco })

export const LIGHT_THEME = 'basalt-light'
export const DARK_THEME = 'basalt-dark'

// The app's colours (index.css: --background, --muted-foreground), so the editor sits in the page rather than
// on a box of its own.
monaco.editor.defineTheme(LIGHT_THEME, {
  base: 'vs',
  inherit: true,
  // SQL's word operators (and, not, in…): Monaco's #778899 is 3.6:1 on white, below WCAG AA's 4.5:1.
  rules: [
    { token: 'operator.sql', foreground: '56657a' },
    { token: 'operator.pgsql', foreground: '56657a' },
  ],
  colors: {
    'editor.background': '#ffffff',
    'editorGutter.background': '#ffffff',
    // --muted-foreground: Monaco's own grey is below 4.5:1 (WCAG AA) on white.
    'editor.placeholder.foreground': '#66666e',
  },
})
monaco.editor.defineTheme(DARK_THEME, {
  base: 'vs-dark',
  inherit: true,
  rules: [],
  colors: {
    'editor.background': '#161618',
    'editorGutter.background': '#161618',
    'editor.placeholder.foreground': '#a0a0a8',
  },
})

export { monaco }
