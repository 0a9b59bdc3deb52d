import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { NO_ROW_UPDATED_MESSAGE, type CellInput, type PgColumn, type TableRow } from '@basalt/contracts'
import { ApiError } from '../../../lib/api-client'
import { errorMessage } from '../../../lib/format'
import type { GridTable } from '../api/get-grid-table'
import { getTableCell } from '../api/get-table-cell'
import { applyRowValues, primaryKeyMatch, updateTableRow } from '../api/update-table-row'
import { TABLE_EDITOR_MESSAGES as M } from '../messages'
import { cellEditability } from '../state/cell-editing'
import { cellText } from '../../../ui/data-grid/cell-text'
import { primaryKeyValue } from '../state/cell-value'
import type { ImpersonationParam } from '../../../project/role-impersonation/role-impersonation-store'
import { createWriteQueue } from '../state/write-queue'
import type { GridEditing } from './cell-editors/cell-editor'
import { copyToClipboard } from '../../../ui/data-grid/clipboard'

/**
 * The grid's writes: one queue per open table (spec 1 §9: concurrency 1), its status for the Refresh button,
 * and the cell edit — shown at once in every cached page holding the row, written under the impersonated
 * role (so RLS applies), then confirmed with the stored row or put back with the Postgres error as a toast.
 */
export function useGridWrites({
  projectRef,
  table,
  impersonation,
  writable,
}: {
  projectRef: string
  table: GridTable
  impersonation: ImpersonationParam | undefined
  writable: boolean
}) {
  const queryClient = useQueryClient()
  const [queue] = useState(() => createWriteQueue())
  useEffect(() => () => queue.dispose(), [queue])
  const saveStatus = useSyncExternalStore(queue.subscribe, queue.status)

  const { schema, name, primaryKeys } = table
  const impersonationKey = JSON.stringify(impersonation ?? null)

  const saveCell = useCallback(
    (row: TableRow, column: PgColumn, value: CellInput) => {
      const target = { schema, table: name }
      const match = primaryKeyMatch(row.data, primaryKeys)
      const role = impersonation ? { impersonation } : {}
      applyRowValues(queryClient, projectRef, target, match, { data: { [column.name]: value }, truncated: [] })
      void queue.editCell({
        rowKey: JSON.stringify(match),
        column: column.name,
        previous: { value: row.data[column.name], truncated: row.truncated.includes(column.name) },
        write: async () => {
          const result = await updateTableRow(projectRef, {
            schema,
            table: name,
            match,
            values: { [column.name]: value },
            ...role,
          })
          const [stored] = result.rows
          if (!stored) throw new ApiError('not_found', NO_ROW_UPDATED_MESSAGE, 404)
          return stored
        },
        apply: (stored) => applyRowValues(queryClient, projectRef, target, match, stored),
        onError: (error) => toast.error(M.writeFailed, { description: errorMessage(error) }),
      })
    },
    // impersonationKey stands for impersonation, a new object on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, queue, projectRef, schema, name, primaryKeys, impersonationKey],
  )

  const editing = useMemo((): GridEditing | undefined => {
    if (!writable) return undefined
    return {
      projectRef,
      schema,
      table: name,
      primaryKeys,
      impersonation,
      editability: (column) => cellEditability(column, { primaryKeys, encrypted: column.is_encrypted }),
      saveCell,
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [writable, projectRef, schema, name, primaryKeys, impersonationKey, saveCell])

  /** Copy cell content (spec 1 §2): the whole value, loaded first when the grid holds it truncated. */
  const copyCell = useCallback(
    async (row: TableRow, column: PgColumn) => {
      let value = row.data[column.name]
      if (row.truncated.includes(column.name) && primaryKeys.length > 0) {
        try {
          const full = await getTableCell(projectRef, {
            schema,
            table: name,
            column: column.name,
            primaryKey: Object.fromEntries(primaryKeys.map((k) => [k, primaryKeyValue(row.data[k])])),
            ...(impersonation ? { impersonation } : {}),
          })
          value = full.value
        } catch (error) {
          toast.error(M.fullValueError, { description: errorMessage(error) })
          return
        }
      }
      if (await copyToClipboard(cellText(value) ?? '')) toast.success(M.copied)
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [projectRef, schema, name, primaryKeys, impersonationKey],
  )

  return { queue, saveStatus, editing, copyCell }
}
