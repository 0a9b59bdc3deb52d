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
  // Its string literals: Monaco's #ff0000 is 4.0:1 on white.
  rules: [
    { token: 'operator.sql', foreground: '56657a' },
    { token: 'operator.pgsql', foreground: '56657a' },
    { token: 'string.sql', foreground: 'c41a16' },
    { token: 'string.pgsql', foreground: 'c41a16' },
  ],
  colors: {
    'editor.background': '#ffffff',
    'editorGutter.background': '#ffffff',
    // --muted-foreground: Monaco's own grey is below 4.5:1 (WCAG AA) on white.
    'editor.placeholder.foreground': '#66666e',
  },
})
// In the dark theme the diff editor's green and red backgrounds take vs-dark's keyword blue, comment green and
// operator grey below 4.5:1; opaque, darker backgrounds and slightly lighter tokens keep every pair at AA. So
// does the highlight of a word's other occurrences (vs-dark's grey put the keyword blue at 4.45:1).
monaco.editor.defineTheme(DARK_THEME, {
  base: 'vs-dark',
  inherit: true,
  rules: [
    { token: 'keyword', foreground: '7cb7ec' },
    { token: 'comment', foreground: '8cb77a' },
    { token: 'operator.sql', foreground: 'a3adba' },
    { token: 'operator.pgsql', foreground: 'a3adba' },
  ],
  colors: {
    'editor.background': '#161618',
    'editorGutter.background': '#161618',
    'editor.placeholder.foreground': '#a0a0a8',
    'editor.wordHighlightBackground': '#2c2c30',
    'editor.wordHighlightTextBackground': '#2c2c30',
    'diffEditor.insertedLineBackground': '#1b2a20',
    'diffEditor.insertedTextBackground': '#24402c',
    'diffEditor.removedLineBackground': '#2c1b1d',
    'diffEditor.removedTextBackground': '#4a2326',
  },
})

export { monaco }
