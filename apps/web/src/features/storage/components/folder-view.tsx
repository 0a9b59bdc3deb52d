import { useMemo, useState, type DragEvent, type ReactNode } from 'react'
import { AlertTriangle, ChevronRight, File, FileImage, FileText, Folder, Upload } from 'lucide-react'
import type { StorageItem } from '@basalt/contracts'
import { formatDateTime } from '../../../lib/format'
import { cn } from '../../../lib/cn'
import { Spinner } from '../../../ui/spinner'
import { STORAGE_MESSAGES as M } from '../messages'
import { formatBytes } from '../../../lib/format'
import { droppedFiles } from '../state/dropped-files'
import { itemStatus, itemType, totalSize } from '../state/items'
import { useExplorer } from './explorer-context'
import { InlineName } from './inline-name'
import { ItemMenu } from './item-menu'

/** Row height of the explorer (spec 3 §9: 37). */
const ROW = 'h-[37px]'

function ItemIcon({ item }: { item: StorageItem }) {
  const cls = 'size-4 shrink-0 text-muted-foreground'
  if (item.kind === 'folder') return <Folder aria-hidden className={cls} />
  if (item.mimetype?.startsWith('image/')) return <FileImage aria-hidden className={cls} />
  if (item.mimetype?.startsWith('text/')) return <FileText aria-hidden className={cls} />
  return <File aria-hidden className={cls} />
}

/** The items a folder shows, with the new folder's row on top while it is being named. */
export interface FolderViewProps {
  column: number
  prefix: string
  items: readonly StorageItem[]
  label: string
  loading: boolean
  error: unknown
  hasMore: boolean
  loadingMore: boolean
  onLoadMore: () => void
  /** The search term when these are search results (the empty state says so). */
  searchTerm?: string
  layout: 'column' | 'list'
  /** Whether this column is the last one (it takes the rest of the width). */
  last: boolean
}

/**
 * One folder of the explorer: a column in the columns view, the whole list in the list view (spec 3 §2).
 * Files dropped on it upload into it; scrolling near the end reads the next page; clicking its empty space
 * closes what is open to its right.
 */
export function FolderView(props: FolderViewProps) {
  const x = useExplorer()
  const { column, prefix, items, layout } = props
  const [dragging, setDragging] = useState(false)
  const order = useMemo(() => items.map((i) => i.path), [items])
  const files = useMemo(
    () => items.filter((i) => i.kind === 'file' && itemStatus(i) !== 'loading').map((i) => i.path),
    [items],
  )
  const siblings = useMemo(() => new Set(items.map((i) => i.name)), [items])
  const selectionHere = x.selection.prefix === prefix && x.selection.paths.length > 0
  const allSelected =
    files.length > 0 && files.every((f) => x.selection.prefix === prefix && x.selection.paths.includes(f))

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    if (!x.canWrite || props.searchTerm) return
    const promise = droppedFiles(event.dataTransfer)
    void promise.then((picked) => x.upload(prefix, picked))
  }

  const dropProps = {
    onDragOver: (event: DragEvent) => {
      if (!x.canWrite || props.searchTerm || !Array.from(event.dataTransfer.types).includes('Files')) return
      event.preventDefault()
      setDragging(true)
    },
    onDragLeave: (event: DragEvent) => {
      if (!(event.currentTarget as Node).contains(event.relatedTarget as Node | null)) setDragging(false)
    },
    onDrop,
  }

  const onScroll = (event: React.UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget
    if (props.hasMore && !props.loadingMore && el.scrollTop + el.clientHeight > el.scrollHeight - 300)
      props.onLoadMore()
  }

  const newFolderRow =
    x.newFolderIn === prefix && !props.searchTerm ? (
      <NewFolderRow layout={layout} onSubmit={(typed) => x.submitNewFolder(prefix, typed, siblings)} />
    ) : null

  let body: ReactNode
  if (props.loading) {
    body = (
      <div className="flex items-center justify-center p-6">
        <Spinner label={M.loading} />
      </div>
    )
  } else if (props.error) {
    body = (
      <p role="alert" className="p-4 text-sm text-destructive">
        {M.fetchFoldersFailed}
      </p>
    )
  } else if (items.length === 0 && !newFolderRow) {
    body = props.searchTerm ? (
      <div className="space-y-1 p-6 text-center">
        <p className="text-sm font-medium">{M.noSearchResultsTitle}</p>
        <p className="text-sm text-muted-foreground">{M.noSearchResults(props.searchTerm)}</p>
      </div>
    ) : (
      <div className="flex flex-col items-center gap-1 p-6 text-center">
        <Upload aria-hidden className="size-5 text-muted-foreground" />
        <p className="text-sm font-medium">{M.emptyFolderTitle}</p>
        <p className="text-sm text-muted-foreground">{M.emptyFolderDescription}</p>
      </div>
    )
  } else if (layout === 'list') {
    body = (
      <table className="w-full table-fixed border-collapse text-sm">
        <thead className="sticky top-0 z-10 bg-surface text-left text-xs text-muted-foreground">
          <tr className="border-b border-border">
            <th scope="col" className="w-9 px-2 py-2">
              <input
                type="checkbox"
                aria-label={files.length ? M.selectAllFiles(files.length) : M.noFilesToSelect}
                checked={allSelected}
                disabled={files.length === 0}
                onChange={() => x.toggleAll(prefix, files)}
                className="size-4 accent-brand"
              />
            </th>
            <th scope="col" className="px-2 py-2 font-medium">
              {M.listHeaders.name}
            </th>
            <th scope="col" className="w-28 px-2 py-2 font-medium">
              {M.listHeaders.size}
            </th>
            <th scope="col" className="w-36 px-2 py-2 font-medium">
              {M.listHeaders.type}
            </th>
            <th scope="col" className="w-48 px-2 py-2 font-medium">
              {M.listHeaders.created}
            </th>
            <th scope="col" className="w-48 px-2 py-2 font-medium">
              {M.listHeaders.updated}
            </th>
            <th scope="col" className="w-10 px-2 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {newFolderRow}
          {items.map((item) => (
            <ItemRow
              key={item.path}
              item={item}
              column={column}
              prefix={prefix}
              order={order}
              siblings={siblings}
              layout="list"
            />
          ))}
        </tbody>
      </table>
    )
  } else {
    body = (
      <ul className="py-1">
        {newFolderRow}
        {items.map((item) => (
          <ItemRow
            key={item.path}
            item={item}
            column={column}
            prefix={prefix}
            order={order}
            siblings={siblings}
            layout="column"
          />
        ))}
      </ul>
    )
  }

  return (
    <section
      aria-label={props.label}
      className={cn(
        'relative flex min-h-0 flex-col border-r border-border',
        layout === 'list' || props.last ? 'min-w-64 flex-1' : 'w-64 shrink-0',
      )}
      {...dropProps}
    >
      {layout === 'column' && selectionHere && (
        <label className="flex h-9 items-center gap-2 border-b border-border px-3 text-xs">
          <input
            type="checkbox"
            checked={allSelected}
            disabled={files.length === 0}
            onChange={() => x.toggleAll(prefix, files)}
            className="size-4 accent-brand"
          />
          {files.length ? M.selectAllFiles(files.length) : M.noFilesToSelect}
        </label>
      )}
      <div
        className="min-h-0 flex-1 overflow-y-auto"
        onScroll={onScroll}
        onClick={(event) => {
          if (event.target === event.currentTarget) x.clickEmpty(column)
        }}
      >
        {body}
        {props.loadingMore && (
          <p role="status" className="flex items-center gap-2 px-3 py-2 text-xs text-muted-foreground">
            <Spinner size={12} /> {M.loadingMore}
          </p>
        )}
        {layout === 'column' && !props.loading && (
          // The space under the rows: clicking it closes what is open to the right (spec 3 §4).
          <div aria-hidden className="min-h-16 flex-1" onClick={() => x.clickEmpty(column)} />
        )}
      </div>
      {layout === 'list' && !props.loading && items.length > 0 && (
        <p className="border-t border-border px-3 py-2 text-xs text-muted-foreground">
          {M.listFooter(formatBytes(totalSize(items)), items.length)}
        </p>
      )}
      {dragging && (
        <div className="pointer-events-none absolute inset-0 z-20 flex items-center justify-center border-2 border-dashed border-brand bg-surface/90 p-4 text-center text-sm font-medium">
          {M.dropToUpload}
        </div>
      )}
    </section>
  )
}

function NewFolderRow({ layout, onSubmit }: { layout: 'column' | 'list'; onSubmit: (name: string) => boolean }) {
  const x = useExplorer()
  const field = (
    <div className="flex min-w-0 flex-1 items-center gap-2">
      <Folder aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      <InlineName
        initial={M.untitledFolder}
        label={M.folderNameLabel}
        selectExtension
        onSubmit={onSubmit}
        onCancel={x.cancelNewFolder}
      />
    </div>
  )
  if (layout === 'list') {
    return (
      <tr className={cn(ROW, 'border-b border-border')}>
        <td />
        <td colSpan={6} className="px-2">
          {field}
        </td>
      </tr>
    )
  }
  return <li className={cn(ROW, 'flex items-center px-3')}>{field}</li>
}

function ItemRow({
  item,
  column,
  prefix,
  order,
  siblings,
  layout,
}: {
  item: StorageItem
  column: number
  prefix: string
  order: readonly string[]
  siblings: ReadonlySet<string>
  layout: 'column' | 'list'
}) {
  const x = useExplorer()
  const status = x.busy.has(item.path) ? 'loading' : itemStatus(item)
  const editing = x.renaming === item.path
  const selected = x.selection.prefix === prefix && x.selection.paths.includes(item.path)
  const open =
    item.kind === 'folder' ? x.openPath.slice(0, column + 1).join('/') === item.path : x.previewPath === item.path
  const folder = item.kind === 'folder'

  const checkbox = (
    <input
      type="checkbox"
      aria-label={M.selectItem(item.name)}
      checked={selected}
      disabled={status === 'loading'}
      onChange={() => undefined}
      onClick={(e) => x.toggleSelect(prefix, item.path, order, e.shiftKey)}
      className={cn(
        'size-4 shrink-0 accent-brand',
        layout === 'column' &&
          !selected &&
          x.selection.paths.length === 0 &&
          'opacity-0 group-hover:opacity-100 focus-visible:opacity-100',
      )}
    />
  )

  const name = editing ? (
    <InlineName
      initial={item.name}
      label={folder ? M.folderNameLabel : M.fileNameLabel}
      onSubmit={(typed) => x.submitRename(item, typed, siblings)}
      onCancel={x.cancelRename}
    />
  ) : (
    <button
      type="button"
      disabled={status === 'loading'}
      aria-current={open ? 'true' : undefined}
      title={item.name}
      onClick={() => (folder ? x.openFolder(column, item) : x.openFile(column, item))}
      className="flex min-w-0 flex-1 items-center gap-2 rounded text-left focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-default"
    >
      {status === 'loading' ? <Spinner size={14} label={M.loading} /> : <ItemIcon item={item} />}
      <span className={cn('truncate', status === 'corrupted' && 'text-muted-foreground line-through')}>
        {item.name}
      </span>
      {status === 'corrupted' && (
        <span className="flex items-center" title={M.corrupted}>
          <AlertTriangle aria-hidden className="size-3.5 text-warning" />
          <span className="sr-only">{M.corrupted}</span>
        </span>
      )}
      {'folder' in item && typeof item.folder === 'string' && (
        <span className="truncate text-xs text-muted-foreground">{M.searchHitIn(item.folder)}</span>
      )}
    </button>
  )

  const menu = !editing && status !== 'loading' ? <ItemMenu item={item} /> : null

  if (layout === 'list') {
    return (
      <tr className={cn(ROW, 'group border-b border-border hover:bg-muted/50', (open || selected) && 'bg-muted')}>
        <td className="w-9 px-2">{checkbox}</td>
        <td className="px-2">{name}</td>
        <td className="truncate px-2 whitespace-nowrap text-muted-foreground">
          {folder ? '—' : formatBytes(item.size)}
        </td>
        <td className="truncate px-2 whitespace-nowrap text-muted-foreground" title={itemType(item)}>
          {itemType(item)}
        </td>
        <td className="px-2 whitespace-nowrap text-muted-foreground">{formatDateTime(item.created_at)}</td>
        <td className="px-2 whitespace-nowrap text-muted-foreground">{formatDateTime(item.updated_at)}</td>
        <td className="w-10 px-1">{menu}</td>
      </tr>
    )
  }
  return (
    <li className={cn(ROW, 'group flex items-center gap-2 px-3 hover:bg-muted/50', (open || selected) && 'bg-muted')}>
      {checkbox}
      {name}
      {menu}
      {folder && !editing && <ChevronRight aria-hidden className="size-4 shrink-0 text-muted-foreground" />}
    </li>
  )
}
