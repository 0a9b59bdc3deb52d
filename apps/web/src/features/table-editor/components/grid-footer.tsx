import { useState } from 'react'
import { Check, ChevronLeft, ChevronRight, RefreshCw } from 'lucide-react'
import { ROW_PAGE_SIZES } from '@basalt/contracts'
import { cn } from '../../../lib/cn'
import { Button } from '../../../ui/button'
import { Input, NativeSelect } from '../../../ui/input'
import { Skeleton } from '../../../ui/skeleton'
import { Spinner } from '../../../ui/spinner'
import { TABLE_EDITOR_MESSAGES } from '../messages'
import { lastPage, parsePageInput } from '../state/pagination'
import type { RowPageSize } from '../state/grid-paging'
import type { GridView } from '../state/url-state'
import type { WriteStatus } from '../state/write-queue'

/**
 * Pagination, the total, Refresh and the Data / Definition toggle (spec 1 §2 footer). The Refresh button also
 * shows the write queue (spec 1 §4): idle, saving while writes are queued, then 'Changes saved' for 2 seconds.
 */
export function GridFooter({
  view,
  onViewChange,
  page,
  pageSize,
  loadedRows,
  count,
  countPending,
  countError,
  onPageChange,
  onPageSizeChange,
  onLoadExactCount,
  exactCountPending,
  onRefresh,
  refreshing,
  saveStatus = 'idle',
}: {
  view: GridView
  onViewChange: (view: GridView) => void
  page: number
  pageSize: RowPageSize
  loadedRows: number
  count: { count: number; is_estimate: boolean } | undefined
  countPending: boolean
  countError: boolean
  onPageChange: (page: number) => void
  onPageSizeChange: (size: RowPageSize) => void
  onLoadExactCount: () => void
  exactCountPending: boolean
  onRefresh: () => void
  refreshing: boolean
  saveStatus?: WriteStatus
}) {
  const total = count?.count
  const pages = total === undefined ? undefined : lastPage(total, pageSize)
  const hasNext = pages === undefined ? loadedRows >= pageSize : page < pages
  return (
    <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-3 py-1.5 text-xs">
      {view === 'data' ? (
        <div className="flex flex-wrap items-center gap-3">
          <nav aria-label="Pagination" className="flex items-center gap-1">
            <Button
              size="icon"
              variant="ghost"
              className="size-7"
              aria-label="Previous page"
              disabled={page <= 1}
              onClick={() => onPageChange(page - 1)}
            >
              <ChevronLeft aria-hidden className="size-3.5" />
            </Button>
            <span className="text-muted-foreground">Page</span>
            <PageInput key={page} page={page} total={total} pageSize={pageSize} onPageChange={onPageChange} />
            {pages !== undefined && (
              <span className="whitespace-nowrap text-muted-foreground">of {pages.toLocaleString()}</span>
            )}
            <Button
              size="icon"
              variant="ghost"
              className="size-7"
              aria-label="Next page"
              disabled={!hasNext}
              onClick={() => onPageChange(page + 1)}
            >
              <ChevronRight aria-hidden className="size-3.5" />
            </Button>
          </nav>
          <label className="flex items-center gap-1.5 whitespace-nowrap text-muted-foreground">
            Rows per page
            <span className="w-24">
              <NativeSelect
                className="h-7 text-xs"
                value={pageSize}
                onChange={(e) => onPageSizeChange(Number(e.target.value) as RowPageSize)}
              >
                {ROW_PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </NativeSelect>
            </span>
          </label>
          <span className="flex items-center gap-1.5" aria-live="polite">
            {countError ? (
              <span role="alert" className="text-destructive">
                {TABLE_EDITOR_MESSAGES.countError}
              </span>
            ) : countPending || total === undefined ? (
              <Skeleton className="h-3 w-20" />
            ) : (
              <>
                <span>
                  {total.toLocaleString()} {total === 1 ? 'record' : 'records'}
                </span>
                {count?.is_estimate && (
                  <>
                    <span className="text-muted-foreground">{TABLE_EDITOR_MESSAGES.estimated}</span>
                    <Button size="sm" variant="link" loading={exactCountPending} onClick={onLoadExactCount}>
                      {TABLE_EDITOR_MESSAGES.exactCount}
                    </Button>
                  </>
                )}
              </>
            )}
          </span>
        </div>
      ) : (
        <span />
      )}
      <div className="flex items-center gap-2">
        {view === 'data' && (
          <span aria-live="polite">
            {saveStatus === 'saving' ? (
              <Button size="sm" variant="ghost" disabled aria-busy>
                <Spinner size={14} />
                {TABLE_EDITOR_MESSAGES.saving}
              </Button>
            ) : saveStatus === 'saved' ? (
              <Button size="sm" variant="ghost" onClick={onRefresh}>
                <Check aria-hidden className="size-3.5 text-success" />
                {TABLE_EDITOR_MESSAGES.changesSaved}
              </Button>
            ) : (
              // aria-disabled, not disabled: a disabled button drops the focus of whoever pressed it.
              <Button
                size="sm"
                variant="ghost"
                className="aria-disabled:cursor-default aria-disabled:opacity-50"
                aria-disabled={refreshing || undefined}
                onClick={() => {
                  if (!refreshing) onRefresh()
                }}
              >
                <RefreshCw aria-hidden className={cn('size-3.5', refreshing && 'animate-spin')} />
                {TABLE_EDITOR_MESSAGES.refresh}
              </Button>
            )}
          </span>
        )}
        <div role="group" aria-label="View" className="flex rounded-md border border-border p-0.5">
          {(['data', 'definition'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => onViewChange(v)}
              className={cn(
                'rounded px-2 py-0.5 capitalize',
                view === v ? 'bg-muted font-medium text-foreground' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {v}
            </button>
          ))}
        </div>
      </div>
    </footer>
  )
}

/** The page number field: applied on Enter or blur, clamped between 1 and the last page (spec 1 §5). */
function PageInput({
  page,
  total,
  pageSize,
  onPageChange,
}: {
  page: number
  total: number | undefined
  pageSize: number
  onPageChange: (page: number) => void
}) {
  const [text, setText] = useState(String(page))
  const apply = () => {
    const next = parsePageInput(text, total, pageSize)
    if (next === null || next === page) setText(String(page))
    else onPageChange(next)
  }
  return (
    <span className="w-14">
      <Input
        aria-label="Page number"
        inputMode="numeric"
        className="h-7 px-2 text-center text-xs"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply()
        }}
      />
    </span>
  )
}
