import type { QueryClient } from '@tanstack/react-query'
import type * as Monaco from 'monaco-editor'
import { functionsQueryOptions } from '../../../project/pg-meta/get-functions'
import { keywordsQueryOptions } from '../../../project/pg-meta/get-keywords'
import { tableColumnsQueryOptions } from '../../../project/pg-meta/get-table-columns'
import { suggest, type CompletionTrigger, type SuggestionKind } from './completion'
import { DEFAULT_SEARCH_PATH, type SqlCatalog } from './sql-catalog'
import { cursorPlace } from './sql-context'
import { signatureHelpAt } from './signature'
import { tokenizeSql } from './sql-tokens'

export { useIntellisensePreference } from './intellisense-preference'

export interface SqlIntellisenseOptions {
  projectRef: string
  queryClient: QueryClient
}

/** The editor's language (ui/code-editor's default). */
const LANGUAGE = 'pgsql'

// The catalog reads stay fresh for a minute; a change to the database's structure (invalidatePgMeta, after
// every run of the editor too) marks them stale at once.
const FRESH_MS = 60_000

/**
 * The catalog as the query cache holds it, read again in the background when stale; only a first read is
 * waited for. A read that fails leaves that part empty: key words and the rest still complete.
 */
async function catalogOf(queryClient: QueryClient, ref: string): Promise<SqlCatalog> {
  const read = async <T>(options: { queryKey: readonly unknown[]; queryFn: () => Promise<T> }, empty: T) => {
    const cached = queryClient.getQueryData<T>(options.queryKey)
    const fetching = queryClient.fetchQuery({ staleTime: FRESH_MS, ...options })
    if (cached !== undefined) {
      fetching.catch(() => undefined)
      return cached
    }
    return fetching.catch(() => empty)
  }
  const [keywords, relations, functions] = await Promise.all([
    read(keywordsQueryOptions(ref), []),
    read(tableColumnsQueryOptions(ref), []),
    read(functionsQueryOptions(ref), []),
  ])
  return { keywords, relations, functions, searchPath: DEFAULT_SEARCH_PATH }
}

function completionKind(monaco: typeof Monaco, kind: SuggestionKind): Monaco.languages.CompletionItemKind {
  const kinds = monaco.languages.CompletionItemKind
  return {
    keyword: kinds.Keyword,
    schema: kinds.Module,
    table: kinds.Class,
    view: kinds.Interface,
    column: kinds.Field,
    function: kinds.Function,
  }[kind]
}

function triggerOf(context: Monaco.languages.CompletionContext): CompletionTrigger {
  if (context.triggerKind !== 1 /* TriggerCharacter */) return 'invoke'
  return context.triggerCharacter === '.' ? 'dot' : context.triggerCharacter === '"' ? 'quote' : 'space'
}

/**
 * Autocomplete and signature help from the project's schema, on Monaco's 'pgsql' language (spec 2 §9: completion
 * on space, dot and double quote; signature help on '(' and ','). Register it from the editor's `onMount`
 * while the 'intellisense' preference is on, and dispose it when the editor goes or the preference is turned off.
 *
 * @example
 *   const [intellisense] = useIntellisensePreference()
 *   useEffect(() => {
 *     if (!monaco || !intellisense) return
 *     const registration = registerSqlIntellisense(monaco, { projectRef, queryClient })
 *     return () => registration.dispose()
 *   }, [monaco, intellisense, projectRef, queryClient])
 */
export function registerSqlIntellisense(
  monaco: typeof Monaco,
  { projectRef, queryClient }: SqlIntellisenseOptions,
): { dispose(): void } {
  const tokensOf = (model: Monaco.editor.ITextModel) =>
    tokenizeSql(model.getValue(), (text) => monaco.editor.tokenize(text, LANGUAGE))
  // Read the catalog as soon as the editor is there, so that the first suggestion does not wait for it.
  void catalogOf(queryClient, projectRef)

  const completion = monaco.languages.registerCompletionItemProvider(LANGUAGE, {
    triggerCharacters: [' ', '.', '"'],
    async provideCompletionItems(model, position, context, token) {
      const offset = model.getOffsetAt(position)
      const place = cursorPlace(tokensOf(model), offset)
      if (place.kind === 'none') return { suggestions: [] }
      const catalog = await catalogOf(queryClient, projectRef)
      if (token.isCancellationRequested) return { suggestions: [] }
      const result = suggest(place, catalog, triggerOf(context))
      if (!result) return { suggestions: [] }
      const start = model.getPositionAt(result.from)
      const end = model.getPositionAt(result.to)
      const range = new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column)
      return {
        suggestions: result.items.map((item) => ({
          // Beside the label: a function's arguments and result, a column's type, where a relation is.
          label: {
            label: item.label,
            detail: item.kind === 'function' ? item.detail : undefined,
            description: item.kind === 'column' ? item.detail : item.description,
          },
          kind: completionKind(monaco, item.kind),
          detail: item.kind === 'column' || item.kind === 'function' ? item.description : item.detail,
          documentation: item.documentation ?? undefined,
          insertText: item.insertText,
          insertTextRules: item.snippet ? monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet : undefined,
          filterText: item.filterText,
          sortText: item.sortText,
          range,
          command:
            item.then === 'parameter-hints'
              ? { id: 'editor.action.triggerParameterHints', title: 'Show the arguments' }
              : item.then === 'suggest'
                ? { id: 'editor.action.triggerSuggest', title: 'Suggest' }
                : undefined,
        })),
      }
    },
  })

  const signatures = monaco.languages.registerSignatureHelpProvider(LANGUAGE, {
    signatureHelpTriggerCharacters: ['(', ','],
    signatureHelpRetriggerCharacters: [','],
    async provideSignatureHelp(model, position) {
      const tokens = tokensOf(model)
      const offset = model.getOffsetAt(position)
      const help = signatureHelpAt(tokens, offset, await catalogOf(queryClient, projectRef))
      if (!help) return null
      return {
        value: {
          signatures: help.signatures.map((s) => ({
            label: s.label,
            documentation: s.documentation ?? undefined,
            parameters: s.parameters.map((p) => ({ label: p.range })),
          })),
          activeSignature: help.activeSignature,
          activeParameter: help.activeParameter,
        },
        dispose() {},
      }
    },
  })

  return {
    dispose() {
      completion.dispose()
      signatures.dispose()
    },
  }
}
