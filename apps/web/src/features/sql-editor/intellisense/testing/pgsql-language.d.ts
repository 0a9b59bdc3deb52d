// Monaco ships its grammars without types; the tests register the SQL one on its own.
declare module 'monaco-editor/languages/definitions/pgsql/pgsql' {
  import type { languages } from 'monaco-editor'
  export const language: languages.IMonarchLanguage
  export const conf: languages.LanguageConfiguration
}
