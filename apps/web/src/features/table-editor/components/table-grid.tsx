import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useSearchParams } from 'react-router'
import { Lock } from 'lucide-react'
import { toast } from 'sonner'
import type { TableRow } from '@basalt/contracts'
import type { Filter, Sort } from '@basalt/sql'
import { Badge } from '../../../ui/badge'
import { SkeletonList } from '../../../ui/skeleton'
import { useForeignKeys } from '../../../project/pg-meta/get-foreign-keys'
import { RoleImpersonationPopover } from '../../../project/role-impersonation/role-impersonation-popover'
import { impersonationParam, useImpersonation } from '../../../project/role-impersonation/role-impersonation-store'
import type { GridTable } from '../api/get-grid-table'
import { useTableCount } from '../api/get-table-count'
import { isMissingObjectError, useTableRows } from '../api/get-table-rows'
import { TABLE_EDITOR_MESSAGES } from '../messages'
import { foreignKeyMap } from '../state/foreign-key-map'
import { expandRow, NO_DIALOG, viewedRow, type GridDialog } from '../state/grid-dialogs'
import { pageChange, useGridPaging } from '../state/grid-paging'
import { canSelectAll, NO_SELECTION, selectedCount, selectedKeys, selectionFromKeys } from '../state/row-selection'
import {
  filtersKey,
  readFilters,
  readSorts,
  readView,
  withFilters,
  withSorts,
  withView,
  type GridView,
} from '../state/url-state'
import { useGridColumns } from '../state/use-grid-columns'
import { selectionScope, useGridSelection } from '../state/use-grid-selection'
import { useSavedGridState } from '../state/use-saved-grid-state'
import { DefinitionView } from './definition-view'
import { EntityIcon } from './entity-icon'
import { FilterPopover } from './filter-popover'
import { GridDialogs } from './grid-dialogs'
import { GridFooter } from './grid-footer'
import { GridEmptyState, RowsErrorPanel } from './grid-states'
import { InsertMenu } from './insert-menu'
import type { RowMenuActions } from './row-context-menu'
import { RowsGrid } from './rows-grid'
import { useSchemaEditor } from './schema-editor'
import { SelectionHeader } from './selection-header'
import { SortPopover } from './sort-popover'
import { useFocusKeptInArea } from './use-focus-kept-in-area'
import { useGridWrites } from './use-grid-writes'

/**
 * One table's grid: URL filters and sorts, paging, the count, selection, saved column layout and the
 * toolbar and footer around the grid. Mounted per table (keyed by id), which is the grid lifecycle's
 * "initialized when the table loads" (spec 1 §4). Its state lives in ../state (saved state, columns, paging,
 * selection, foreign keys, dialogs), each tested on its own; this component wires the queries to them and
 * renders them.
 *
 * With `canWrite` (spec 1 §6: write permission on SQL admin), a table outside the protected schemas is an
 * editor: cell editors, the Insert menu, the add-column cell, Insert/Edit/Delete row, the selection header's
 * delete and export, and CSV import. Without it none of that exists.
 */
export function TableGrid({
  projectRef,
  table,
  isProtected,
  canWrite,
}: {
  projectRef: string
  table: GridTable
  isProtected: boolean
  canWrite: boolean
}) {
  const [searchParams, setSearchParams] = useSearchParams()
  const filters = useMemo(() => readFilters(searchParams), [searchParams])
  const sorts = useMemo(() => readSorts(searchParams), [searchParams])
  const view = readView(searchParams)
  const filterKey = filtersKey(filters)

  const { saved, initialized } = useSavedGridState({
    projectRef,
    tableId: table.id,
    searchParams,
    setSearchParams,
    filters,
    sorts,
  })
  const columns = useGridColumns({
    projectRef,
    tableId: table.id,
    columns: table.columns,
    saved: saved?.gridColumns,
  })

  // ---- role, count, paging, rows
  const [impersonationState] = useImpersonation(projectRef)
  const impersonation = impersonationParam(impersonationState.role)
  const paging = useGridPaging(filterKey)
  const dataView = initialized && view === 'data'
  const count = useTableCount(
    projectRef,
    { schema: table.schema, table: table.name, filters, exact: paging.exact, impersonation },
    { enabled: dataView },
  )
  const total = count.data?.count
  // A shrinking count clamps the page to the last one.
  const page = paging.pageOf(total)
  const rows = useTableRows(
    projectRef,
    { schema: table.schema, table: table.name, filters, sorts, page, limit: paging.pageSize, impersonation },
    { enabled: dataView },
  )

  // A failed read, final or about to be retried, is shown in place of the rows (spec 1 §2 error panel): rows
  // kept from before it — another page, other filters, another role — would pass for its answer.
  const rowsFailure: unknown = rows.error ?? rows.failureReason
  const shownRows = rowsFailure ? undefined : rows.data

  // Spec 1 §7: an error saying something does not exist clears the sort.
  useEffect(() => {
    if (rowsFailure && isMissingObjectError(rowsFailure) && sorts.length > 0) {
      setSearchParams((prev) => withSorts(prev, []), { replace: true })
    }
  }, [rowsFailure, sorts.length, setSearchParams])

  // The grid holding the focus may give way to the error panel: the focus goes there, not back to the page.
  const rowsFocus = useFocusKeptInArea(
    view === 'definition' ? 'definition' : rowsFailure ? 'error' : shownRows ? 'rows' : 'loading',
  )

  // ---- selection
  const loadedRows = useMemo(() => shownRows?.rows ?? [], [shownRows])
  const rowsData = useRef(loadedRows)
  rowsData.current = loadedRows
  const loadedKeys = useMemo(() => loadedRows.map((r) => r.idx), [loadedRows])
  const [selection, setSelection] = useGridSelection(
    selectionScope({ filterKey, sortKey: JSON.stringify(sorts), page, pageSize: paging.pageSize, impersonation }),
  )
  const selected = selectedCount(selection)

  // ---- dialogs and writes
  const [dialog, setDialog] = useState<GridDialog>(NO_DIALOG)
  const closeDialog = useCallback(() => setDialog(NO_DIALOG), [])
  const goToPage = (target: number) => {
    const change = pageChange(paging.state, filterKey, target, total, selected)
    if (change.kind === 'confirm') setDialog({ kind: 'change-page', page: change.page })
    else if (change.kind === 'go') paging.goTo(change.page)
  }

  // Views, materialized views and foreign tables are browsed only; protected schemas are read-only.
  const writable = canWrite && !isProtected && (table.type === 'table' || table.type === 'partitioned table')
  const { queue, saveStatus, editing, copyCell } = useGridWrites({ projectRef, table, impersonation, writable })
  const schemaEditor = useSchemaEditor()
  const hasPrimaryKey = table.primaryKeys.length > 0

  const onExpandRow = useCallback(
    (idx: number) => setDialog(expandRow(idx, rowsData.current, { writable, hasPrimaryKey })),
    [writable, hasPrimaryKey],
  )
  const needsPrimaryKey = () => {
    if (hasPrimaryKey) return false
    toast.error(TABLE_EDITOR_MESSAGES.noPrimaryKey)
    return true
  }
  const rowMenu: RowMenuActions = {
    onCopyCell: ({ row, column }) => void copyCell(row, column),
    ...(writable
      ? {
          onEditRow: (row: TableRow) => !needsPrimaryKey() && setDialog({ kind: 'edit-row', row }),
          onDeleteRow: (row: TableRow) => !needsPrimaryKey() && setDialog({ kind: 'delete-row', row }),
        }
      : {}),
  }
  const onAddColumn = useCallback(() => schemaEditor.openAddColumn(table.id), [schemaEditor, table.id])
  const onEditColumn = useCallback(
    (name: string) => schemaEditor.openEditColumn(table.id, name),
    [schemaEditor, table.id],
  )
  const onDeleteColumn = useCallback(
    (name: string) => schemaEditor.openDeleteColumn(table.id, name),
    [schemaEditor, table.id],
  )

  // ---- URL writers
  const applyFilters = (next: Filter[]) => setSearchParams((prev) => withFilters(prev, next))
  const applySorts = (next: Sort[]) => setSearchParams((prev) => withSorts(prev, next))
  const setView = (next: GridView) => setSearchParams((prev) => withView(prev, next))

  const foreignKeyList = useForeignKeys(projectRef, table.schema)
  const foreignKeys = useMemo(() => foreignKeyMap(foreignKeyList.data ?? [], table.id), [foreignKeyList.data, table.id])

  const onKeyDown = (event: KeyboardEvent) => {
    // Escape in a dialog or popup (portals, outside this element's DOM) closes that, not the selection.
    if (!event.currentTarget.contains(event.target as Node)) return
    if (event.key === 'Escape' && selected > 0) setSelection(NO_SELECTION)
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col" onKeyDown={onKeyDown}>
      <div className="flex min-h-11 flex-wrap items-center justify-between gap-2 border-b border-border px-3 py-1.5">
        {selection.kind !== 'none' ? (
          <SelectionHeader
            projectRef={projectRef}
            schema={table.schema}
            table={table.name}
            primaryKeys={table.primaryKeys}
            selection={selection}
            selectedRows={loadedRows.filter((r) => selectedKeys(selection, loadedKeys).has(r.idx))}
            fields={shownRows?.fields ?? []}
            offerSelectAll={canSelectAll(selection, loadedKeys, total)}
            total={total}
            filters={filters}
            sorts={sorts}
            impersonation={impersonation}
            writable={writable}
            queue={queue}
            onClear={() => setSelection(NO_SELECTION)}
            onSelectAll={() => total !== undefined && setSelection({ kind: 'all', total })}
          />
        ) : (
          <div role="toolbar" aria-label="Table toolbar" className="flex min-w-0 items-center gap-1">
            <span className="mr-2 flex min-w-0 items-center gap-1.5 text-sm font-medium">
              <EntityIcon type={table.type} />
              <span className="truncate">
                <span className="text-muted-foreground">{table.schema}.</span>
                {table.name}
              </span>
            </span>
            {view === 'data' && (
              <>
                <FilterPopover columns={table.columns} filters={filters} onApply={applyFilters} />
                <SortPopover columns={table.columns} sorts={sorts} onApply={applySorts} />
                {writable && (
                  <InsertMenu
                    onInsertRow={() => !needsPrimaryKey() && setDialog({ kind: 'insert-row' })}
                    onInsertColumn={onAddColumn}
                    onImportCsv={() => setDialog({ kind: 'import-csv' })}
                  />
                )}
              </>
            )}
          </div>
        )}
        <div className="flex items-center gap-2">
          {isProtected && (
            <Badge className="gap-1">
              <Lock aria-hidden className="size-3" />
              {TABLE_EDITOR_MESSAGES.locked}
            </Badge>
          )}
          <RoleImpersonationPopover projectRef={projectRef} />
        </div>
      </div>

      <div {...rowsFocus.areaProps} className="relative min-h-0 flex-1 outline-none">
        {view === 'definition' ? (
          <DefinitionView projectRef={projectRef} tableId={table.id} />
        ) : rowsFailure ? (
          <RowsErrorPanel
            ref={rowsFocus.target}
            error={rowsFailure}
            onRemoveFilters={filters.length > 0 ? () => applyFilters([]) : undefined}
          />
        ) : !shownRows ? (
          <SkeletonList rows={8} className="p-3" />
        ) : (
          <>
            <RowsGrid
              projectRef={projectRef}
              label={`Rows of ${table.schema}.${table.name}`}
              rows={loadedRows}
              gridColumns={columns.gridColumns}
              columns={table.columns}
              primaryKeys={table.primaryKeys}
              foreignKeys={foreignKeys}
              selectedRows={selectedKeys(selection, loadedKeys)}
              onSelectedRowsChange={(keys) => setSelection(selectionFromKeys(keys))}
              onExpandRow={onExpandRow}
              onColumnResize={columns.onColumnResize}
              onColumnsReorder={columns.onColumnsReorder}
              onFrozenChange={columns.onFrozenChange}
              editing={editing}
              onAddColumn={writable ? onAddColumn : undefined}
              onEditColumn={writable ? onEditColumn : undefined}
              onDeleteColumn={writable ? onDeleteColumn : undefined}
              rowMenu={rowMenu}
            />
            {loadedRows.length === 0 && (
              <div className="pointer-events-none absolute inset-x-0 top-10 bottom-0 flex items-center justify-center p-6">
                <div className="pointer-events-auto w-full max-w-lg">
                  <GridEmptyState
                    filtered={filters.length > 0}
                    onRemoveFilters={() => applyFilters([])}
                    onImportCsv={writable ? () => setDialog({ kind: 'import-csv' }) : undefined}
                  />
                </div>
              </div>
            )}
          </>
        )}
      </div>

      <GridFooter
        view={view}
        onViewChange={setView}
        page={page}
        pageSize={paging.pageSize}
        loadedRows={loadedRows.length}
        count={count.data}
        countPending={count.isPending && dataView}
        countError={count.isError}
        onPageChange={goToPage}
        onPageSizeChange={paging.setPageSize}
        onLoadExactCount={paging.loadExactCount}
        exactCountPending={paging.exact && count.isFetching}
        onRefresh={() => {
          void rows.refetch()
          void count.refetch()
        }}
        refreshing={rows.isFetching || count.isFetching}
        saveStatus={saveStatus}
      />

      <GridDialogs
        dialog={dialog}
        onClose={closeDialog}
        projectRef={projectRef}
        table={table}
        writable={writable}
        impersonation={impersonation}
        queue={queue}
        viewedRow={viewedRow(dialog, loadedRows)}
        onRowDeleted={() => setSelection(NO_SELECTION)}
        onChangePage={(target) => {
          paging.goTo(target)
          setSelection(NO_SELECTION)
        }}
      />
    </div>
  )
}
