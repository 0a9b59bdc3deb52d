import { useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import {
  ArrowLeft,
  Columns3,
  Download,
  FolderPlus,
  Link2,
  List,
  Move,
  RefreshCw,
  Search,
  Trash2,
  Upload,
  X,
} from 'lucide-react'
import type { StorageItem } from '@basalt/contracts'
import { Button } from '../../../ui/button'
import {
  DropdownMenu,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuSeparator,
} from '../../../ui/dropdown-menu'
import { Input } from '../../../ui/input'
import { STORAGE_MESSAGES as M } from '../messages'
import { SHARE_LINK_UI } from '../share-link-messages'
import { relativePathOf, type PickedFile } from '../state/dropped-files'
import type { ExplorerPreferences, ExplorerView, SortBy, SortOrder } from '../state/explorer-preferences'
import { breadcrumbs } from '../state/paths'
import { useExplorer } from './explorer-context'
import { PermissionGate } from './permission-tooltip'

const VIEW_OPTIONS: ReadonlyArray<{ value: ExplorerView; label: string }> = [
  { value: 'columns', label: M.viewAsColumns },
  { value: 'list', label: M.viewAsList },
]
const SORT_OPTIONS: ReadonlyArray<{ value: SortBy; label: string }> = [
  { value: 'name', label: M.sortName },
  { value: 'created_at', label: M.sortCreated },
  { value: 'updated_at', label: M.sortUpdated },
  { value: 'last_accessed_at', label: M.sortAccessed },
]
const ORDER_OPTIONS: ReadonlyArray<{ value: SortOrder; label: string }> = [
  { value: 'asc', label: M.ascending },
  { value: 'desc', label: M.descending },
]

/**
 * The path: the bucket and its open folders; a click opens the field to type a path (spec 3 §2). The field and
 * its two buttons keep their width: where the header is too narrow for them, its other buttons wrap below.
 */
function PathDisplay({ onNavigate }: { onNavigate: (parts: string[] | string) => void }) {
  const x = useExplorer()
  const [editing, setEditing] = useState(false)
  const [typed, setTyped] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setEditing(false)
    onNavigate(typed)
  }
  if (editing) {
    return (
      <form onSubmit={submit} className="flex min-w-[22rem] flex-1 items-center gap-2">
        <Input
          aria-label={M.editPath}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && (e.preventDefault(), setEditing(false))}
          placeholder={M.pathPlaceholder}
          className="h-8 min-w-40 flex-1"
          autoFocus
          spellCheck={false}
        />
        <Button size="sm" onClick={() => setEditing(false)}>
          {M.cancel}
        </Button>
        <Button size="sm" type="submit" variant="primary">
          {M.goToFolder}
        </Button>
      </form>
    )
  }
  const crumbs = breadcrumbs(x.openPath)
  return (
    <nav aria-label={M.breadcrumbs} className="flex min-w-0 flex-1 items-center gap-1 text-sm">
      <button
        type="button"
        className="shrink-0 rounded px-1 font-medium hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        onClick={() => onNavigate([])}
      >
        {x.bucket.name}
      </button>
      {x.preferences.view === 'list'
        ? crumbs.map((crumb, i) => (
            <span key={i} className="flex min-w-0 items-center gap-1">
              <span aria-hidden className="text-muted-foreground">
                /
              </span>
              {crumb.index === null ? (
                <span className="text-muted-foreground">{M.collapsed}</span>
              ) : (
                <button
                  type="button"
                  className="truncate rounded px-1 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                  aria-current={crumb.index === x.openPath.length - 1 ? 'page' : undefined}
                  onClick={() => onNavigate(x.openPath.slice(0, crumb.index! + 1))}
                >
                  {crumb.label}
                </button>
              )}
            </span>
          ))
        : x.openPath.length > 0 && <span className="truncate text-muted-foreground">/ {x.openPath.join(' / ')}</span>}
      <Button
        size="sm"
        variant="ghost"
        className="ml-1 text-muted-foreground"
        onClick={() => {
          setTyped(x.openPath.join('/'))
          setEditing(true)
        }}
      >
        {M.editPath}
      </Button>
    </nav>
  )
}

/** The explorer's header (spec 3 §2): back, path, reload, view menu, Upload files, Create folder, search. */
export function ExplorerHeader({
  onNavigate,
  onReload,
  reloading,
  onCreateFolder,
  search,
  onSearchChange,
  searchOpen,
  onSearchOpenChange,
  setPreferences,
}: {
  onNavigate: (parts: string[] | string) => void
  onReload: () => void
  reloading: boolean
  onCreateFolder: () => void
  search: string
  onSearchChange: (text: string) => void
  searchOpen: boolean
  onSearchOpenChange: (open: boolean) => void
  setPreferences: (change: Partial<ExplorerPreferences>) => void
}) {
  const x = useExplorer()
  const fileInput = useRef<HTMLInputElement>(null)
  const currentPrefix = x.openPath.length ? `${x.openPath.join('/')}/` : ''

  const onPick = (files: FileList | null) => {
    const picked: PickedFile[] = Array.from(files ?? []).map((file) => ({ file, relativePath: relativePathOf(file) }))
    x.upload(currentPrefix, picked)
    if (fileInput.current) fileInput.current.value = ''
  }

  return (
    <div className="flex min-h-12 shrink-0 flex-wrap items-center gap-2 border-b border-border px-3 py-1.5">
      <Button asChild variant="ghost" size="icon" aria-label={M.back}>
        <Link to={`/project/${x.projectRef}/storage/buckets`}>
          <ArrowLeft aria-hidden className="size-4" />
        </Link>
      </Button>
      <PathDisplay onNavigate={onNavigate} />
      <div className="flex shrink-0 items-center gap-1">
        <Button variant="ghost" size="sm" onClick={onReload} loading={reloading}>
          {!reloading && <RefreshCw aria-hidden className="size-3.5" />}
          {M.reload}
        </Button>
        <DropdownMenu
          label={M.viewMenu}
          trigger={
            <Button variant="ghost" size="sm">
              {x.preferences.view === 'list' ? (
                <List aria-hidden className="size-3.5" />
              ) : (
                <Columns3 aria-hidden className="size-3.5" />
              )}
              {M.viewMenu}
            </Button>
          }
        >
          <DropdownMenuRadioGroup
            value={x.preferences.view}
            onValueChange={(view) => setPreferences({ view })}
            options={VIEW_OPTIONS}
          />
          <DropdownMenuSeparator />
          <DropdownMenuLabel>{M.sortBy}</DropdownMenuLabel>
          <DropdownMenuRadioGroup
            value={x.preferences.sortBy}
            onValueChange={(sortBy) => setPreferences({ sortBy })}
            options={SORT_OPTIONS}
          />
          <DropdownMenuSeparator />
          <DropdownMenuLabel>{M.sortOrder}</DropdownMenuLabel>
          <DropdownMenuRadioGroup
            value={x.preferences.sortByOrder}
            onValueChange={(sortByOrder) => setPreferences({ sortByOrder })}
            options={ORDER_OPTIONS}
          />
        </DropdownMenu>
        <Button variant="ghost" size="sm" onClick={x.openShareLinks}>
          <Link2 aria-hidden className="size-3.5" />
          {SHARE_LINK_UI.panelButton}
        </Button>
        <PermissionGate allowed={x.canWrite} reason={M.noUpload}>
          <Button size="sm" disabled={!x.canWrite} onClick={() => fileInput.current?.click()}>
            <Upload aria-hidden className="size-3.5" />
            {M.uploadFiles}
          </Button>
        </PermissionGate>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          aria-hidden
          tabIndex={-1}
          data-testid="upload-input"
          onChange={(e) => onPick(e.target.files)}
        />
        <PermissionGate allowed={x.canWrite} reason={M.noCreateFolders}>
          <Button size="sm" disabled={!x.canWrite} onClick={onCreateFolder}>
            <FolderPlus aria-hidden className="size-3.5" />
            {M.createFolder}
          </Button>
        </PermissionGate>
        {searchOpen ? (
          <div className="flex items-center gap-1">
            <Input
              aria-label={M.search}
              placeholder={M.searchPlaceholder}
              value={search}
              onChange={(e) => onSearchChange(e.target.value)}
              onKeyDown={(e) => e.key === 'Escape' && (e.preventDefault(), onSearchOpenChange(false))}
              className="h-8 w-56"
              autoFocus
            />
            <Button variant="ghost" size="icon" aria-label={M.closeSearch} onClick={() => onSearchOpenChange(false)}>
              <X aria-hidden className="size-4" />
            </Button>
          </div>
        ) : (
          <Button variant="ghost" size="icon" aria-label={M.search} onClick={() => onSearchOpenChange(true)}>
            <Search aria-hidden className="size-4" />
          </Button>
        )}
      </div>
    </div>
  )
}

/** Replaces the header while items are selected (spec 3 §2): '{n} items selected', Download, Delete, Move, clear. */
export function SelectionBar({ items, onClear }: { items: StorageItem[]; onClear: () => void }) {
  const x = useExplorer()
  return (
    <div
      role="toolbar"
      aria-label={M.selectionToolbar}
      className="flex h-12 shrink-0 items-center gap-2 border-b border-border bg-muted/40 px-3"
    >
      <Button variant="ghost" size="icon" aria-label={M.clearSelection} onClick={onClear}>
        <X aria-hidden className="size-4" />
      </Button>
      <p className="text-sm font-medium" role="status">
        {M.itemsSelected(items.length)}
      </p>
      <div className="ml-auto flex items-center gap-1">
        <Button size="sm" onClick={() => x.download(items)}>
          <Download aria-hidden className="size-3.5" />
          {M.download}
        </Button>
        {x.canWrite && (
          <>
            <Button size="sm" onClick={() => x.requestMove(items)}>
              <Move aria-hidden className="size-3.5" />
              {M.move}
            </Button>
            <Button size="sm" variant="danger" onClick={() => x.requestDelete(items)}>
              <Trash2 aria-hidden className="size-3.5" />
              {M.delete}
            </Button>
          </>
        )}
      </div>
    </div>
  )
}
