import type { SqlNotice } from '@basalt/contracts'
import { cn } from '../../../../lib/cn'

/**
 * Notices and warnings a run raised (`RAISE NOTICE`, Postgres' warnings), each with its severity, detail and
 * hint; `place` says which statement raised it where the list is not already under that statement.
 */
export function NoticesList({
  notices,
  label,
  place,
}: {
  notices: readonly SqlNotice[]
  label: string
  place?: (notice: SqlNotice) => string
}) {
  if (notices.length === 0) return null
  return (
    <ul
      aria-label={label}
      className="max-h-32 shrink-0 overflow-auto border-b border-border px-3 py-1.5 font-mono text-xs"
    >
      {notices.map((notice, i) => (
        <li key={i} className="py-0.5">
          {place && <span className="mr-2 text-muted-foreground">{place(notice)}</span>}
          {place && ' '}
          <span
            className={cn(
              'mr-2 font-semibold',
              notice.severity === 'WARNING' ? 'text-warning' : 'text-muted-foreground',
            )}
          >
            {notice.severity}:
          </span>{' '}
          <span className="whitespace-pre-wrap">{notice.message}</span>
          {notice.detail && (
            <div className="whitespace-pre-wrap pl-4 text-muted-foreground">DETAIL: {notice.detail}</div>
          )}
          {notice.hint && <div className="whitespace-pre-wrap pl-4 text-muted-foreground">HINT: {notice.hint}</div>}
        </li>
      ))}
    </ul>
  )
}
