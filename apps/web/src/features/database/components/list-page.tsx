import type { ReactNode } from 'react'
import { Plus } from 'lucide-react'
import type { UseQueryResult } from '@tanstack/react-query'
import { Button } from '../../../ui/button'
import { EmptyState, ErrorState } from '../../../ui/empty-state'
import { PageHeader } from '../../../ui/page-header'
import { Skeleton } from '../../../ui/skeleton'
import { ReadOnlyNote, SchemaSelect, SearchInput, Toolbar } from './page-toolbar'

/** The texts every Database list page has (messages.ts). */
export interface ListMessages {
  title: string
  description: string
  search: string
  create?: string
  loadError: string
  empty: string
  /** Said under the empty state: why there is nothing, what makes something. */
  emptyDetail?: string
  noResults: (search: string) => string
}

/**
 * The frame of a Database list page: its header, the schema (when the page is per schema) and the search,
 * the create button for members who may change the database, why there is none otherwise, and the loading,
 * error, empty and no-match states. The page renders its rows.
 *
 * @example
 *   <ListPage messages={MESSAGES} query={indexes} shown={shown} search={search} onSearch={setSearch}
 *     onCreate={writable ? () => setCreating(true) : undefined}>
 *     {(rows) => <Table>…</Table>}
 *   </ListPage>
 */
export function ListPage<T>({
  messages,
  query,
  shown,
  search,
  onSearch,
  schema,
  onCreate,
  readOnly,
  icon,
  notice,
  children,
}: {
  messages: ListMessages
  query: Pick<UseQueryResult<unknown>, 'error' | 'isPending'>
  /** The rows the search keeps; `total` is how many there are before it. */
  shown: { rows: T[]; total: number }
  search: string
  onSearch: (search: string) => void
  /** A page per schema: the chosen schema, the project, and the change of schema. */
  schema?: { projectRef: string; value: string; onChange: (schema: string) => void; locked: boolean }
  onCreate?: (() => void) | undefined
  /** Whether the member may change the database (the note says why there are no controls). */
  readOnly: boolean
  icon?: ReactNode
  /** Shown above the list (a warning about the server, …). */
  notice?: ReactNode
  children: (rows: T[]) => ReactNode
}) {
  return (
    <div className="mx-auto w-full max-w-6xl px-6 py-8">
      <PageHeader title={messages.title} description={messages.description} />
      <Toolbar
        actions={
          onCreate &&
          messages.create && (
            <Button variant="primary" size="sm" onClick={onCreate}>
              <Plus aria-hidden className="size-4" />
              {messages.create}
            </Button>
          )
        }
      >
        {schema && <SchemaSelect projectRef={schema.projectRef} value={schema.value} onChange={schema.onChange} />}
        <SearchInput label={messages.search} value={search} onChange={onSearch} />
      </Toolbar>
      <ReadOnlyNote schema={schema?.value ?? ''} locked={schema?.locked ?? false} canWrite={!readOnly} />
      {notice}
      {query.error ? (
        <ErrorState title={messages.loadError} error={query.error} />
      ) : query.isPending ? (
        <div role="status" aria-label={`Loading ${messages.title.toLowerCase()}`} className="space-y-2">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : shown.total === 0 ? (
        <EmptyState icon={icon} title={messages.empty} description={messages.emptyDetail} />
      ) : shown.rows.length === 0 ? (
        <EmptyState title={messages.noResults(search.trim())} />
      ) : (
        children(shown.rows)
      )}
    </div>
  )
}
