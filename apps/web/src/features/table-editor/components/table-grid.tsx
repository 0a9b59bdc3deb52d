import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useSearchParams } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { Lock } from 'lucide-react'
import { toast } from 'sonner'
import { DEFAULT_ROW_PAGE_SIZE, type TableRow } from '@basalt/contracts'
import type { Filter, Sort } from '@basalt/sql'
import { Badge } from '../../../ui/badge'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { SkeletonList } from '../../../ui/skeleton'
import { errorMessage } from '../../../lib/format'
import { useDeleteTableRows } from '../api/delete-table-rows'
import { useForeignKeys } from '../../../project/pg-meta/get-foreign-keys'
import type { GridTable } from '../api/get-grid-table'
import { useTableCount } from '../api/get-table-count'
import { isMissingObjectError, useTableRows } from '../api/get-table-rows'
import { invalidateTableData, primaryKeyMatch } from '../api/update-table-row'
import { deleteRowsDescription, deleteRowsText, deleteRowsTitle, TABLE_EDITOR_MESSAGES } from '../messages'
import {
  initialGridColumns,
  reorderColumns,
  resizeColumn,
  setColumnFrozen,
  type GridColumnState,
} from '../state/grid-columns'
import { COLUMN_RESIZE_DEBOUNCE_MS } from '../state/grid-constants'
import { createDebouncedSave, loadGridState, saveGridState } from '../state/grid-state-store'
import { clampPage } from '../state/pagination'
import { impersonationParam, useImpersonation } from '../../../project/role-impersonation/role-impersonation-store'
import {
  canSelectAll,
  NO_SELECTION,
  selectedCount,
  selectedKeys,
  selectionFromKeys,
  type RowSelection,
} from '../state/row-selection'
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
import type { ForeignKeyTarget } from './column-header'
import { CsvImportDialog } from './csv-import-dialog'
import { DefinitionView } from './definition-view'
import { EntityIcon } from './entity-icon'
import { ExpandRowPanel } from './expand-row-panel'
import { FilterPopover } from './filter-popover'
import { GridFooter, type RowPageSize } from './grid-footer'
import { GridEmptyState, RowsErrorPanel } from './grid-states'
import { InsertMenu } from './insert-menu'
import { RoleImpersonationPopover } from '../../../project/role-impersonation/role-impersonation-popover'
import type { RowMenuActions } from './row-context-menu'
import { RowEditorPanel, type RowEditorTarget } from './row-editor-panel'
import { RowsGrid } from './rows-grid'
import { useSchemaEditor } from './schema-editor'
import { SelectionHeader } from './selection-header'
import { SortPopover } from './sort-popover'
import { useFocusKeptInArea } from './use-focus-kept-in-area'
import { useGridWrites } from './use-grid-writes'

/**
 * One table's grid: URL filters and sorts, paging, the count, selection, saved column layout and the
 * toolbar and footer around the grid. Mounted per table (keyed by id), which is the grid lifecycle's
 * "initialized when the table loads" (spec 1 §4).
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
  const sortKey = JSON.stringify(sorts)

  // ---- lifecycle: restore saved filters and sorts into the URL when it brings none
  const [saved] = useState(() => loadGridState(projectRef, table.id))
  const urlHasState = searchParams.has('filter') || searchParams.has('sort')
  const [pendingRestore, setPendingRestore] = useState(
    () => !urlHasState && saved !== null && (saved.filters.length > 0 || saved.sorts.length > 0),
  )
  // Nothing is fetched or saved until the restored state has reached the URL (navigation is asynchronous).
  if (pendingRestore && urlHasState) setPendingRestore(false)
  const initialized = !pendingRestore
  useEffect(() => {
    if (pendingRestore && saved) {
      setSearchParams((prev) => withSorts(withFilters(prev, saved.filters), saved.sorts), { replace: true })
    }
    // Once per mount: the grid is remounted for each table.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    if (initialized) saveGridState(projectRef, table.id, { filters, sorts })
    // filterKey/sortKey stand for filters/sorts, which are new objects on every URL change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialized, projectRef, table.id, filterKey, sortKey])

  // ---- columns: order, widths, frozen
  const [gridColumns, setGridColumns] = useState(() => initialGridColumns(table.columns, saved?.gridColumns))
  // A column added, renamed or dropped (the schema editor reloads the table) joins or leaves the grid; the
  // others keep their order, widths and frozen state.
  const [columnsShown, setColumnsShown] = useState(table.columns)
  if (columnsShown !== table.columns) {
    setColumnsShown(table.columns)
    setGridColumns((current) => initialGridColumns(table.columns, current))
  }
  const widthSaver = useMemo(
    () => createDebouncedSave(COLUMN_RESIZE_DEBOUNCE_MS, (patch) => saveGridState(projectRef, table.id, patch)),
    [projectRef, table.id],
  )
  useEffect(() => () => widthSaver.flush(), [widthSaver])
  const changeColumns = useCallback(
    (update: (columns: GridColumnState[]) => GridColumnState[], debounce = false) => {
      setGridColumns((current) => {
        const next = update(current)
        if (debounce) widthSaver.schedule({ gridColumns: next })
        else {
          widthSaver.cancel()
          saveGridState(projectRef, table.id, { gridColumns: next })
        }
        return next
      })
    },
    [projectRef, table.id, widthSaver],
  )
  const onColumnResize = useCallback(
    (key: string, width: number) => changeColumns((c) => resizeColumn(c, key, width), true),
    [changeColumns],
  )
  const onColumnsReorder = useCallback(
    (source: string, target: string) => changeColumns((c) => reorderColumns(c, source, target)),
    [changeColumns],
  )
  const onFrozenChange = useCallback(
    (key: string, frozen: boolean) => changeColumns((c) => setColumnFrozen(c, key, frozen)),
    [changeColumns],
  )

  // ---- role, count, paging, rows
  const [impersonationState] = useImpersonation(projectRef)
  const impersonation = impersonationParam(impersonationState.role)
  const [pageSize, setPageSize] = useState<RowPageSize>(DEFAULT_ROW_PAGE_SIZE)
  // Changing filters resets the page to 1 (spec 1 §4): the page belongs to one set of filters.
  const [paging, setPaging] = useState({ filterKey, page: 1 })
  const [exactFor, setExactFor] = useState<string | null>(null)
  const dataView = initialized && view === 'data'
  const count = useTableCount(
    projectRef,
    { schema: table.schema, table: table.name, filters, exact: exactFor === filterKey, impersonation },
    { enabled: dataView },
  )
  const total = count.data?.count
  // A shrinking count clamps the page to the last one.
  const page = clampPage(paging.filterKey === filterKey ? paging.page : 1, total, pageSize)
  const rows = useTableRows(
    projectRef,
    { schema: table.schema, table: table.name, filters, sorts, page, limit: pageSize, impersonation },
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
  const dataKey = `${filterKey}|${sortKey}|${page}|${pageSize}|${JSON.stringify(impersonation ?? null)}`
  const [selectionState, setSelectionState] = useState<{ dataKey: string; selection: RowSelection }>({
    dataKey,
    selection: NO_SELECTION,
  })
  const selection = selectionState.dataKey === dataKey ? selectionState.selection : NO_SELECTION
  const setSelection = (next: RowSelection) => setSelectionState({ dataKey, selection: next })
  const selected = selectedCount(selection)
  const [pendingPage, setPendingPage] = useState<number | null>(null)

  const goToPage = (target: number) => {
    const next = clampPage(target, total, pageSize)
    if (next === page) return
    // Spec 1 §4: changing page with rows selected asks first, then clears the selection.
    if (selected > 0) setPendingPage(next)
    else setPaging({ filterKey, page: next })
  }

  // ---- writes
  // Views, materialized views and foreign tables are browsed only; protected schemas are read-only.
  const writable = canWrite && !isProtected && (table.type === 'table' || table.type === 'partitioned table')
  const { queue, saveStatus, editing, copyCell } = useGridWrites({ projectRef, table, impersonation, writable })
  const queryClient = useQueryClient()
  const schemaEditor = useSchemaEditor()
  const [rowEditor, setRowEditor] = useState<RowEditorTarget | null>(null)
  const [deletingRow, setDeletingRow] = useState<TableRow | null>(null)
  const [importOpen, setImportOpen] = useState(false)
  const hasPrimaryKey = table.primaryKeys.length > 0
  const deleteRow = useDeleteTableRows(projectRef, queue)

  const [expandedIdx, setExpandedIdx] = useState<number | null>(null)
  const onExpandRow = useCallback(
    (idx: number) => {
      // Expanding a row edits it when it can be edited, and shows it read-only otherwise.
      const row = writable && hasPrimaryKey ? rowsData.current.find((r) => r.idx === idx) : undefined
      if (row) setRowEditor({ mode: 'update', row })
      else setExpandedIdx(idx)
    },
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
          onEditRow: (row: TableRow) => !needsPrimaryKey() && setRowEditor({ mode: 'update', row }),
          onDeleteRow: (row: TableRow) => !needsPrimaryKey() && setDeletingRow(row),
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

  // ---- foreign keys of this table, by source column
  const foreignKeyList = useForeignKeys(projectRef, table.schema)
  const foreignKeys = useMemo(() => {
    const map = new Map<string, ForeignKeyTarget>()
    for (const fk of foreignKeyList.data ?? []) {
      if (fk.source_id !== table.id) continue
      fk.source_columns.forEach((column, i) => {
        const targetColumn = fk.target_columns[i]
        if (targetColumn && !map.has(column)) {
          map.set(column, {
            targetTableId: fk.target_id,
            targetSchema: fk.target_schema,
            targetTable: fk.target_table,
            targetColumn,
          })
        }
      })
    }
    return map
  }, [foreignKeyList.data, table.id])

  const onKeyDown = (event: KeyboardEvent) => {
    // Escape in a dialog or popup (portals, outside this element's DOM) closes that, not the selection.
    if (!event.currentTarget.contains(event.target as Node)) return
    if (event.key === 'Escape' && selected > 0) setSelection(NO_SELECTION)
  }

  const expandedRow = expandedIdx === null ? undefined : loadedRows.find((r) => r.idx === expandedIdx)

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
                    onInsertRow={() => !needsPrimaryKey() && setRowEditor({ mode: 'insert' })}
                    onInsertColumn={onAddColumn}
                    onImportCsv={() => setImportOpen(true)}
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
              gridColumns={gridColumns}
              columns={table.columns}
              primaryKeys={table.primaryKeys}
              foreignKeys={foreignKeys}
              selectedRows={selectedKeys(selection, loadedKeys)}
              onSelectedRowsChange={(keys) => setSelection(selectionFromKeys(keys))}
              onExpandRow={onExpandRow}
              onColumnResize={onColumnResize}
              onColumnsReorder={onColumnsReorder}
              onFrozenChange={onFrozenChange}
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
                    onImportCsv={writable ? () => setImportOpen(true) : undefined}
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
        pageSize={pageSize}
        loadedRows={loadedRows.length}
        count={count.data}
        countPending={count.isPending && dataView}
        countError={count.isError}
        onPageChange={goToPage}
        onPageSizeChange={(size) => {
          setPageSize(size)
          setPaging({ filterKey, page: 1 })
        }}
        onLoadExactCount={() => setExactFor(filterKey)}
        exactCountPending={exactFor === filterKey && count.isFetching}
        onRefresh={() => {
          void rows.refetch()
          void count.refetch()
        }}
        refreshing={rows.isFetching || count.isFetching}
        saveStatus={saveStatus}
      />

      {writable && (
        <>
          <RowEditorPanel
            projectRef={projectRef}
            schema={table.schema}
            table={table.name}
            columns={table.columns}
            primaryKeys={table.primaryKeys}
            impersonation={impersonation}
            queue={queue}
            target={rowEditor}
            onClose={() => setRowEditor(null)}
          />
          <ConfirmDialog
            open={deletingRow !== null}
            onOpenChange={(open) => {
              if (open) return
              setDeletingRow(null)
              deleteRow.reset()
            }}
            title={deleteRowsTitle(1)}
            description={deleteRowsDescription(false)}
            size="sm"
            cancelLabel={TABLE_EDITOR_MESSAGES.cancel}
            confirmLabel={deleteRowsText(1)}
            loading={deleteRow.isPending}
            error={deleteRow.error && `${TABLE_EDITOR_MESSAGES.deleteFailed}: ${errorMessage(deleteRow.error)}`}
            onConfirm={() => {
              if (!deletingRow) return
              deleteRow.mutate(
                {
                  schema: table.schema,
                  table: table.name,
                  rows: [primaryKeyMatch(deletingRow.data, table.primaryKeys)],
                  ...(impersonation ? { impersonation } : {}),
                },
                {
                  onSuccess: () => {
                    setDeletingRow(null)
                    setSelection(NO_SELECTION)
                  },
                },
              )
            }}
          />
          <CsvImportDialog
            open={importOpen}
            onOpenChange={setImportOpen}
            projectRef={projectRef}
            schema={table.schema}
            table={{ id: table.id, schema: table.schema, name: table.name }}
            onImported={() =>
              void invalidateTableData(queryClient, projectRef, { schema: table.schema, table: table.name })
            }
          />
        </>
      )}

      <ExpandRowPanel
        projectRef={projectRef}
        schema={table.schema}
        table={table.name}
        columns={table.columns}
        primaryKeys={table.primaryKeys}
        row={expandedRow}
        impersonation={impersonation}
        onClose={() => setExpandedIdx(null)}
      />

      <ConfirmDialog
        open={pendingPage !== null}
        onOpenChange={(open) => !open && setPendingPage(null)}
        title={TABLE_EDITOR_MESSAGES.changePageTitle}
        description={TABLE_EDITOR_MESSAGES.changePageDescription}
        variant="primary"
        size="sm"
        confirmLabel={TABLE_EDITOR_MESSAGES.changePageConfirm}
        onConfirm={() => {
          if (pendingPage !== null) setPaging({ filterKey, page: pendingPage })
          setSelection(NO_SELECTION)
          setPendingPage(null)
        }}
      />
    </div>
  )
}
