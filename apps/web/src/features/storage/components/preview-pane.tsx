import { useQuery } from '@tanstack/react-query'
import Papa from 'papaparse'
import { Download, Trash2, X } from 'lucide-react'
import { PREVIEW_MAX_BYTES, type StorageItem } from '@basalt/contracts'
import { formatDateTime } from '../../../lib/format'
import { Button } from '../../../ui/button'
import { Spinner } from '../../../ui/spinner'
import { downloadUrl } from '../api/object-links'
import { STORAGE_MESSAGES as M } from '../messages'
import { formatBytes } from '../../../lib/format'
import { itemStatus, previewKind } from '../state/items'
import { useExplorer } from './explorer-context'
import { ItemMenu } from './item-menu'
import { PermissionGate } from './permission-tooltip'

/** Bytes of a text file the preview reads (by Range): the head of the file, never the whole of a big one. */
export const TEXT_PREVIEW_BYTES = 64 * 1024
const CSV_PREVIEW_ROWS = 50

async function readHead(url: string, signal: AbortSignal): Promise<{ text: string; truncated: boolean }> {
  const response = await fetch(url, {
    headers: { range: `bytes=0-${TEXT_PREVIEW_BYTES - 1}` },
    signal,
    credentials: 'same-origin',
  })
  if (!response.ok) throw new Error(`${response.status}`)
  const text = await response.text()
  // 206 with a total larger than what came: the file goes on.
  const total = Number(/\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1] ?? NaN)
  return { text, truncated: response.status === 206 && total > TEXT_PREVIEW_BYTES }
}

function TextPreview({ url, kind, etag }: { url: string; kind: 'text' | 'json' | 'csv'; etag: string | null }) {
  const head = useQuery({
    queryKey: ['storage-preview', url, etag],
    queryFn: ({ signal }) => readHead(url, signal),
    staleTime: 30_000,
  })
  if (head.isPending) return <Spinner label={M.loading} />
  if (head.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {M.previewSignedFailed}
      </p>
    )
  const { text, truncated } = head.data
  const note = truncated ? (
    <p className="text-xs text-muted-foreground">{M.previewHeadNote(formatBytes(TEXT_PREVIEW_BYTES))}</p>
  ) : null
  if (kind === 'csv') {
    // A cut file ends mid-line: that last line is left out.
    const body = truncated ? text.slice(0, text.lastIndexOf('\n')) : text
    const rows = Papa.parse<string[]>(body, { skipEmptyLines: true }).data.slice(0, CSV_PREVIEW_ROWS + 1)
    const [header = [], ...rest] = rows
    return (
      <div className="space-y-2">
        <div
          tabIndex={0}
          role="region"
          aria-label="CSV preview"
          className="max-h-96 overflow-auto rounded border border-border focus-visible:outline-2 focus-visible:outline-ring"
        >
          <table className="w-full border-collapse text-xs">
            <thead className="sticky top-0 bg-surface text-left">
              <tr>
                {header.map((cell, i) => (
                  <th key={i} scope="col" className="border-b border-border px-2 py-1 font-medium whitespace-nowrap">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rest.map((row, r) => (
                <tr key={r} className="border-b border-border last:border-b-0">
                  {row.map((cell, c) => (
                    <td key={c} className="px-2 py-1 whitespace-nowrap">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {note}
      </div>
    )
  }
  let shown = text
  if (kind === 'json' && !truncated) {
    try {
      shown = JSON.stringify(JSON.parse(text), null, 2)
    } catch {
      // Not valid JSON: shown as it is.
    }
  }
  return (
    <div className="space-y-2">
      <pre
        tabIndex={0}
        aria-label="Text preview"
        className="max-h-96 overflow-auto rounded border border-border bg-surface p-2 text-xs whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-ring"
      >
        {shown}
      </pre>
      {note}
    </div>
  )
}

function Preview({ item, url }: { item: StorageItem; url: string }) {
  const kind = previewKind(item.mimetype, item.name)
  if ((item.size ?? 0) > PREVIEW_MAX_BYTES) {
    return <p className="text-sm text-muted-foreground">{M.previewTooLarge}</p>
  }
  switch (kind) {
    case 'image':
      return <img src={url} alt={item.name} className="max-h-80 w-full rounded border border-border object-contain" />
    case 'video':
      return <video src={url} controls aria-label={item.name} className="max-h-80 w-full rounded" />
    case 'audio':
      return <audio src={url} controls aria-label={item.name} className="w-full" />
    case 'pdf':
      return <iframe src={url} title={item.name} className="h-96 w-full rounded border border-border" />
    case 'csv':
    case 'json':
    case 'text':
      return <TextPreview url={url} kind={kind} etag={item.etag ?? item.updated_at} />
    default:
      return <p className="text-sm text-muted-foreground">{M.previewUnavailable}</p>
  }
}

/** The preview pane (spec 3 §2: 450 px on the right): the file, its details and what can be done with it. */
export function PreviewPane({ item, onClose }: { item: StorageItem; onClose: () => void }) {
  const x = useExplorer()
  const status = itemStatus(item)
  // Answers of /api are never cached (no-store): the URL always shows the file as it is now.
  const url = downloadUrl(x.projectRef, x.bucket.id, item.path, false)
  return (
    <aside
      aria-label={M.previewTitle}
      className="flex w-[450px] shrink-0 flex-col border-l border-border bg-surface-raised"
    >
      <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-2">
        <h2 className="truncate text-sm font-semibold" title={item.name}>
          {item.name}
        </h2>
        <Button variant="ghost" size="icon" aria-label={M.closePreview} onClick={onClose}>
          <X aria-hidden className="size-4" />
        </Button>
      </div>
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto p-4">
        {status === 'corrupted' ? (
          <p role="alert" className="text-sm text-destructive">
            {M.corrupted}
          </p>
        ) : status === 'loading' ? (
          <Spinner label={M.loading} />
        ) : (
          <Preview item={item} url={url} />
        )}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{M.previewFields.type}</dt>
          <dd className="truncate">{item.mimetype ?? '—'}</dd>
          <dt className="text-muted-foreground">{M.previewFields.size}</dt>
          <dd>{formatBytes(item.size)}</dd>
          <dt className="text-muted-foreground">{M.previewFields.added}</dt>
          <dd>{formatDateTime(item.created_at)}</dd>
          <dt className="text-muted-foreground">{M.previewFields.updated}</dt>
          <dd>{formatDateTime(item.updated_at)}</dd>
        </dl>
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" disabled={status !== 'ready'} onClick={() => x.download([item])}>
            <Download aria-hidden className="size-3.5" />
            {M.download}
          </Button>
          <PermissionGate allowed={x.canWrite} reason={M.noDeleteFile}>
            <Button size="sm" variant="danger" disabled={!x.canWrite} onClick={() => x.requestDelete([item])}>
              <Trash2 aria-hidden className="size-3.5" />
              {M.delete}
            </Button>
          </PermissionGate>
          <ItemMenu item={item} />
        </div>
      </div>
    </aside>
  )
}
