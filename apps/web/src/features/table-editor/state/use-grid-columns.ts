import { useCallback, useEffect, useMemo, useState } from 'react'
import type { PgColumn } from '@basalt/contracts'
import { initialGridColumns, reorderColumns, resizeColumn, setColumnFrozen, type GridColumnState } from './grid-columns'
import { COLUMN_RESIZE_DEBOUNCE_MS } from './grid-constants'
import { createDebouncedSave, saveGridState } from './grid-state-store'

/**
 * The grid's columns as the user arranged them (spec 1 §4): order, widths and frozen columns, starting from
 * what was saved and saved as they change — a resize after a 500 ms quiet period, the rest at once. A column
 * added, renamed or dropped (the table is read again) joins or leaves; the others keep their arrangement.
 */
export function useGridColumns({
  projectRef,
  tableId,
  columns,
  saved,
}: {
  projectRef: string
  tableId: number
  columns: readonly PgColumn[]
  saved: readonly GridColumnState[] | undefined
}) {
  const [gridColumns, setGridColumns] = useState(() => initialGridColumns(columns, saved))
  const [columnsShown, setColumnsShown] = useState(columns)
  if (columnsShown !== columns) {
    setColumnsShown(columns)
    setGridColumns((current) => initialGridColumns(columns, current))
  }
  const widthSaver = useMemo(
    () => createDebouncedSave(COLUMN_RESIZE_DEBOUNCE_MS, (patch) => saveGridState(projectRef, tableId, patch)),
    [projectRef, tableId],
  )
  // A resize still waiting is saved when the grid goes (another table opened, the page left).
  useEffect(() => () => widthSaver.flush(), [widthSaver])

  const change = useCallback(
    (update: (current: GridColumnState[]) => GridColumnState[], debounce = false) => {
      setGridColumns((current) => {
        const next = update(current)
        if (debounce) widthSaver.schedule({ gridColumns: next })
        else {
          widthSaver.cancel()
          saveGridState(projectRef, tableId, { gridColumns: next })
        }
        return next
      })
    },
    [projectRef, tableId, widthSaver],
  )

  return {
    gridColumns,
    onColumnResize: useCallback(
      (key: string, width: number) => change((c) => resizeColumn(c, key, width), true),
      [change],
    ),
    onColumnsReorder: useCallback(
      (source: string, target: string) => change((c) => reorderColumns(c, source, target)),
      [change],
    ),
    onFrozenChange: useCallback(
      (key: string, frozen: boolean) => change((c) => setColumnFrozen(c, key, frozen)),
      [change],
    ),
  }
}
