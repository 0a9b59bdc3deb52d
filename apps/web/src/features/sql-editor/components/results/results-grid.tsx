import { useMemo, useRef, useState } from 'react'
import { ContextMenu } from 'radix-ui'
import { Copy } from 'lucide-react'
import { toast } from 'sonner'
import type { SqlColumn } from '@basalt/contracts'
import { DataGrid, type Column } from '../../../../ui/data-grid/data-grid'
import { cellText } from '../../../../ui/data-grid/cell-text'
import { copyToClipboard } from '../../../../ui/data-grid/clipboard'
import { MENU_ITEM } from '../../../../ui/dropdown-menu'
import { RESULTS_MESSAGES as M } from './results-messages'

/** Spec 2 §9: the result grid's columns are at least 120 px wide. */
export const RESULT_COLUMN_MIN_WIDTH = 120
const RESULT_COLUMN_MAX_START_WIDTH = 360
/** Estimated pixels per character of a header (name and type) and of a cell, and their padding. */
const CHARACTER_WIDTH = 8
const CELL_PADDING = 24
/** Rows whose text sizes a column at first (measuring all 100,000 would cost what virtualising saves). */
const WIDTH_SAMPLE_ROWS = 50

type ResultRow = readonly unknown[]

/**
 * One result set's rows in the virtualised grid: columns by position (names may repeat), each header with
 * its type, cells as the table editor shows them (NULL marked). A cell copies with Ctrl/⌘+C or its
 * right-click menu. Rows stay the arrays the run answered, so 100,000 of them render without copying.
 */
export function ResultsGrid({
  columns,
  rows,
  label,
}: {
  columns: readonly SqlColumn[]
  rows: readonly ResultRow[]
  label: string
}) {
  const gridColumns = useMemo(() => columns.map((column, i) => gridColumn(column, i, rows)), [columns, rows])
  const menuCell = useRef<string | null>(null)
  const [hasCell, setHasCell] = useState(false)
  return (
    <ContextMenu.Root>
      <ContextMenu.Trigger
        asChild
        onContextMenu={(event) => {
          // Only a data cell has a menu (the header and the empty space keep the browser's).
          if (menuCell.current === null) event.preventDefault()
          setHasCell(menuCell.current !== null)
        }}
      >
        <div className="size-full" onContextMenuCapture={() => (menuCell.current = null)}>
          <DataGrid<ResultRow>
            aria-label={label}
            columns={gridColumns}
            rows={rows as ResultRow[]}
            defaultColumnOptions={{ minWidth: RESULT_COLUMN_MIN_WIDTH, resizable: true }}
            onCellCopy={({ row, column }, event) => {
              event.clipboardData.setData('text/plain', cellText(row[Number(column.key)]) ?? '')
              event.preventDefault()
            }}
            onCellContextMenu={({ row, column }) => {
              menuCell.current = cellText(row[Number(column.key)]) ?? ''
            }}
          />
        </div>
      </ContextMenu.Trigger>
      <ContextMenu.Portal>
        <ContextMenu.Content
          aria-label="Cell menu"
          className="z-50 min-w-48 rounded-md border border-border bg-surface-raised p-1 shadow-lg"
        >
          {hasCell && (
            <ContextMenu.Item
              className={MENU_ITEM}
              onSelect={async () => {
                if (await copyToClipboard(menuCell.current ?? '')) toast.success(M.cellCopied)
              }}
            >
              <Copy aria-hidden className="size-3.5" />
              {M.copyCell}
            </ContextMenu.Item>
          )}
        </ContextMenu.Content>
      </ContextMenu.Portal>
    </ContextMenu.Root>
  )
}

function gridColumn(column: SqlColumn, index: number, rows: readonly ResultRow[]): Column<ResultRow> {
  let characters = column.name.length + column.type.length + 3
  for (const row of rows.slice(0, WIDTH_SAMPLE_ROWS))
    characters = Math.max(characters, cellText(row[index])?.length ?? 4)
  return {
    key: String(index),
    name: column.name,
    width: Math.min(
      Math.max(characters * CHARACTER_WIDTH + CELL_PADDING, RESULT_COLUMN_MIN_WIDTH),
      RESULT_COLUMN_MAX_START_WIDTH,
    ),
    renderHeaderCell: () => (
      <span className="flex min-w-0 items-baseline gap-1.5" title={`${column.name} ${column.type}`}>
        <span className="truncate font-medium">{column.name}</span>{' '}
        <span className="shrink-0 text-xs font-normal text-muted-foreground">{column.type}</span>
      </span>
    ),
    renderCell: ({ row }) => {
      const text = cellText(row[index])
      return text === null ? (
        <span className="text-muted-foreground">{M.null}</span>
      ) : (
        <span className="block truncate">{text}</span>
      )
    },
  }
}
