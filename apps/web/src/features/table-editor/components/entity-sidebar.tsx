import { Fragment, useState } from 'react'
import { Link, useParams } from 'react-router'
import { ArrowDownAZ, Lock, MoreHorizontal, Plus, Search } from 'lucide-react'
import type { EntitySort, EntityType } from '@basalt/contracts'
import { cn } from '../../../lib/cn'
import { Badge } from '../../../ui/badge'
import { Button } from '../../../ui/button'
import { DropdownMenu, DropdownMenuItem, DropdownMenuLabel, DropdownMenuRadioGroup } from '../../../ui/dropdown-menu'
import { ErrorState } from '../../../ui/empty-state'
import { Input } from '../../../ui/input'
import { Skeleton } from '../../../ui/skeleton'
import { useEntities } from '../../../project/pg-meta/get-entities'
import { useSchemas } from '../../../project/pg-meta/get-schemas'
import { TABLE_EDITOR_MESSAGES } from '../messages'
import { ENTITY_ITEM_HEIGHT_PX, ENTITY_SEARCH_DEBOUNCE_MS } from '../state/grid-constants'
import { usePermission } from '../../../project/use-permission'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { EntityIcon } from './entity-icon'
import { SchemaPicker } from './schema-picker'
import { useSchemaEditor } from './schema-editor'
import { SCHEMA_EDITOR_MESSAGES, tableMenuLabel } from './schema-editor-messages'

/** The heading of each group when the list is sorted by entity type. */
const GROUP_HEADINGS: Record<EntityType, string> = {
  table: 'Tables',
  'partitioned table': 'Partitioned tables',
  view: 'Views',
  'materialized view': 'Materialized views',
  'foreign table': 'Foreign tables',
}

const SORT_OPTIONS: ReadonlyArray<{ value: EntitySort; label: string }> = [
  { value: 'alphabetical', label: 'Alphabetical' },
  { value: 'grouped-alphabetical', label: 'Entity type' },
]

/** The entity list: schema picker, search, sort and the schema's tables, views and others, 100 at a time. */
export function EntitySidebar({
  projectRef,
  schema,
  onSchemaChange,
}: {
  projectRef: string
  schema: string
  onSchemaChange: (schema: string) => void
}) {
  const { tableId } = useParams()
  const schemas = useSchemas(projectRef)
  const [search, setSearch] = useState('')
  const [sort, setSort] = useState<EntitySort>('alphabetical')
  const debouncedSearch = useDebouncedValue(search.trim(), ENTITY_SEARCH_DEBOUNCE_MS)
  const entities = useEntities(projectRef, { schema, search: debouncedSearch, sort })
  const isProtected = schemas.data?.find((s) => s.name === schema)?.protected ?? false
  const items = entities.data?.pages.flatMap((p) => p.entities) ?? []
  const canWrite = usePermission('tenant_sql:write')
  const schemaEditor = useSchemaEditor()
  // Protected schemas are read-only in the dashboard (spec 1 §6): no table is created or changed there.
  const tablesEditable = canWrite && !isProtected

  return (
    <aside aria-label="Entities" className="flex w-64 shrink-0 flex-col border-r border-border">
      <div className="space-y-2 border-b border-border p-3">
        <SchemaPicker schemas={schemas.data} value={schema} onChange={onSchemaChange} isPending={schemas.isPending} />
        {!isProtected && (
          // Spec 2 §6: creating tables needs tenant SQL admin write; otherwise the button says why it is off.
          <span title={canWrite ? undefined : SCHEMA_EDITOR_MESSAGES.noCreateTablePermission} className="block">
            <Button
              size="sm"
              className="w-full justify-center"
              disabled={!canWrite}
              onClick={() => schemaEditor.openCreateTable(schema)}
            >
              <Plus aria-hidden className="size-3.5" />
              {SCHEMA_EDITOR_MESSAGES.newTable}
            </Button>
          </span>
        )}
        {schemas.error && <p className="text-xs text-destructive">Failed to retrieve schemas</p>}
        {isProtected && (
          <p className="flex items-start gap-2 text-xs text-muted-foreground">
            <Badge className="gap-1">
              <Lock aria-hidden className="size-3" />
              {TABLE_EDITOR_MESSAGES.locked}
            </Badge>
            <span>{TABLE_EDITOR_MESSAGES.lockedDetail}</span>
          </p>
        )}
        <div className="flex items-center gap-1">
          <div className="relative flex-1">
            <Search aria-hidden className="absolute top-2 left-2 size-3.5 text-muted-foreground" />
            <Input
              type="search"
              aria-label="Search tables"
              placeholder="Search tables…"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              className="h-7 pl-7 text-xs"
            />
          </div>
          <DropdownMenu
            label="Sort entities"
            trigger={
              <Button size="icon" variant="ghost" className="size-7" aria-label="Sort entities">
                <ArrowDownAZ aria-hidden className="size-3.5" />
              </Button>
            }
          >
            <DropdownMenuLabel>Sort by</DropdownMenuLabel>
            <DropdownMenuRadioGroup value={sort} onValueChange={setSort} options={SORT_OPTIONS} />
          </DropdownMenu>
        </div>
      </div>
      <nav aria-label="Tables" className="min-h-0 flex-1 overflow-y-auto p-2">
        {entities.isPending ? (
          <div role="status" aria-label="Loading tables" className="space-y-1.5 px-1">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-5 w-full" />
            ))}
          </div>
        ) : entities.error ? (
          <ErrorState title={TABLE_EDITOR_MESSAGES.tablesError} error={entities.error} />
        ) : items.length === 0 ? (
          <p className="px-2 py-4 text-center text-sm text-muted-foreground">
            {debouncedSearch ? TABLE_EDITOR_MESSAGES.noSearchResults : TABLE_EDITOR_MESSAGES.noEntities}
          </p>
        ) : (
          <ul>
            {items.map((entity, i) => {
              const active = tableId === String(entity.id)
              const editable = tablesEditable && (entity.type === 'table' || entity.type === 'partitioned table')
              // Sorted by entity type, each type's first entity opens its group.
              const heading = sort === 'grouped-alphabetical' && items[i - 1]?.type !== entity.type
              return (
                <Fragment key={entity.id}>
                  {heading && (
                    <li className="px-2 pt-3 pb-1 first:pt-0">
                      <h3 className="text-[11px] font-medium tracking-wide text-muted-foreground uppercase">
                        {GROUP_HEADINGS[entity.type]}
                      </h3>
                    </li>
                  )}
                  <li className="group flex items-center">
                    <Link
                      to={`/project/${encodeURIComponent(projectRef)}/editor/${entity.id}`}
                      aria-current={active ? 'page' : undefined}
                      title={entity.comment ?? undefined}
                      style={{ height: ENTITY_ITEM_HEIGHT_PX }}
                      className={cn(
                        'flex min-w-0 flex-1 items-center gap-2 rounded px-2 text-sm',
                        active
                          ? 'bg-muted font-medium text-foreground'
                          : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                      )}
                    >
                      <EntityIcon type={entity.type} />
                      <span className="truncate">{entity.name}</span>
                    </Link>
                    {editable && (
                      <DropdownMenu
                        label={tableMenuLabel(entity.name)}
                        trigger={
                          <button
                            type="button"
                            aria-label={tableMenuLabel(entity.name)}
                            className="shrink-0 rounded p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
                          >
                            <MoreHorizontal aria-hidden className="size-3.5" />
                          </button>
                        }
                      >
                        <DropdownMenuItem onSelect={() => schemaEditor.openEditTable(entity.id)}>
                          {SCHEMA_EDITOR_MESSAGES.editTable}
                        </DropdownMenuItem>
                        <DropdownMenuItem onSelect={() => schemaEditor.openDeleteTable(entity.id)}>
                          {SCHEMA_EDITOR_MESSAGES.deleteTable}
                        </DropdownMenuItem>
                      </DropdownMenu>
                    )}
                  </li>
                </Fragment>
              )
            })}
          </ul>
        )}
        {entities.hasNextPage && (
          <Button
            size="sm"
            variant="ghost"
            className="mt-2 w-full justify-center"
            loading={entities.isFetchingNextPage}
            onClick={() => entities.fetchNextPage()}
          >
            Load more
          </Button>
        )}
      </nav>
    </aside>
  )
}
