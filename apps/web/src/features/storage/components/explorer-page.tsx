import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Link } from 'react-router'
import { useIsFetching, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { Bucket, StorageItem } from '@basalt/contracts'
import { isApiError } from '../../../lib/api-client'
import { errorMessage } from '../../../lib/format'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { usePermission } from '../../../project/use-permission'
import { copyToClipboard } from '../../../ui/data-grid/clipboard'
import { Button } from '../../../ui/button'
import { EmptyState, ErrorState } from '../../../ui/empty-state'
import { PageSpinner } from '../../../ui/spinner'
import { useBucket } from '../api/get-bucket'
import { useFolder, useSearch } from '../api/list-objects'
import {
  absoluteUrl,
  downloadable,
  downloadUrl,
  publicUrl,
  signObject,
  startDownload,
  zipUrl,
} from '../api/object-links'
import { createFolder, deleteObjects, moveObjects, renameObject, useObjectWrite } from '../api/object-writes'
import { objectsKey } from '../api/storage-path'
import { STORAGE_MESSAGES as M } from '../messages'
import { useExplorerPreferences } from '../state/explorer-preferences'
import { checkNewFolderName, checkRename } from '../state/folder-name'
import { moveDestination, pathParts, prefixOf } from '../state/paths'
import { EMPTY_SELECTION, toggleAll, toggleItem, type SelectionState } from '../state/selection'
import { ExplorerContext, useExplorer as useContextExplorer, type Explorer } from './explorer-context'
import { ExplorerHeader, SelectionBar } from './explorer-header'
import { FolderView } from './folder-view'
import { CustomExpiryDialog, DeleteItemsDialog, MoveItemsDialog } from './item-dialogs'
import { PreviewPane } from './preview-pane'
import { CreateShareLinkDialog, ShareLinksPanel } from './share-links'
import { useUploads } from './use-uploads'

/** Folder-name errors stay 6 seconds (spec 3 §9). */
const FOLDER_ERROR_MS = 6000

/** /project/{ref}/storage/buckets/{bucketId}: the file explorer of one bucket (spec 3 §2). */
export function ExplorerPage({ projectRef, bucketId }: { projectRef: string; bucketId: string }) {
  const bucket = useBucket(projectRef, bucketId)
  if (bucket.isPending) return <PageSpinner />
  if (bucket.isError) {
    const missing = isApiError(bucket.error) && bucket.error.status === 404
    return (
      <div className="mx-auto max-w-xl p-8">
        {missing ? (
          <EmptyState
            title={M.notFoundBucket(bucketId)}
            action={
              <Button asChild>
                <Link to={`/project/${projectRef}/storage/buckets`}>{M.back}</Link>
              </Button>
            }
          />
        ) : (
          <ErrorState title={M.fetchBucketsFailed} error={bucket.error} />
        )}
      </div>
    )
  }
  return <BucketExplorer key={bucket.data.id} projectRef={projectRef} bucket={bucket.data} />
}

function BucketExplorer({ projectRef, bucket }: { projectRef: string; bucket: Bucket }) {
  const queryClient = useQueryClient()
  const [preferences, setPreferences] = useExplorerPreferences(projectRef)
  const canWrite = usePermission('storage:write')
  const [openPath, setOpenPath] = useState<string[]>([])
  const [preview, setPreview] = useState<StorageItem | null>(null)
  const [selection, setSelection] = useState<SelectionState>(EMPTY_SELECTION)
  const [renaming, setRenaming] = useState<string | null>(null)
  const [newFolderIn, setNewFolderIn] = useState<string | null>(null)
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set())
  const [searchOpen, setSearchOpen] = useState(false)
  const [searchText, setSearchText] = useState('')
  const term = useDebouncedValue(searchText.trim(), 300)
  const [deleting, setDeleting] = useState<StorageItem[] | null>(null)
  const [moving, setMoving] = useState<StorageItem[] | null>(null)
  const [moveError, setMoveError] = useState<string | null>(null)
  const [expiryItem, setExpiryItem] = useState<StorageItem | null>(null)
  const [signing, setSigning] = useState(false)
  const [sharing, setSharing] = useState<StorageItem | null>(null)
  const [shareLinksOpen, setShareLinksOpen] = useState(false)
  /** The items each shown folder lists, by prefix: what the selection's paths are. */
  const shown = useRef(new Map<string, readonly StorageItem[]>())

  const upload = useUploads(projectRef, bucket)
  const create = useObjectWrite(projectRef, bucket.id, createFolder)
  const rename = useObjectWrite(projectRef, bucket.id, renameObject)
  const remove = useObjectWrite(projectRef, bucket.id, deleteObjects)
  const move = useObjectWrite(projectRef, bucket.id, moveObjects)
  const reloading = useIsFetching({ queryKey: objectsKey(projectRef, bucket.id) }) > 0

  const setBusyPath = (path: string, on: boolean) =>
    setBusy((current) => {
      const next = new Set(current)
      if (on) next.add(path)
      else next.delete(path)
      return next
    })

  const clearSelection = () => setSelection(EMPTY_SELECTION)

  const navigate = useCallback((target: string[] | string) => {
    const parts = typeof target === 'string' ? pathParts(target) : target
    if (typeof target === 'string' && parts.length > 0) toast(M.navigating(parts.join('/')), { duration: 1500 })
    setOpenPath(parts)
    setPreview(null)
    setSelection(EMPTY_SELECTION)
    setSearchOpen(false)
    setSearchText('')
  }, [])

  /** Forgets what a removed or renamed path leaves behind: its open columns, its preview. */
  const forget = (paths: readonly string[]) => {
    const open = openPath.join('/')
    const hit = paths.find((p) => open === p || open.startsWith(`${p}/`))
    if (hit !== undefined) setOpenPath(pathParts(hit).slice(0, -1))
    if (preview && paths.some((p) => preview.path === p || preview.path.startsWith(`${p}/`))) setPreview(null)
  }

  const selectedItems = useMemo(() => {
    const items = shown.current.get(selection.prefix ?? '') ?? []
    return selection.paths.map((p) => items.find((i) => i.path === p)).filter((i): i is StorageItem => i !== undefined)
  }, [selection])

  const explorer: Explorer = {
    projectRef,
    bucket,
    canWrite,
    preferences,
    openPath,
    previewPath: preview?.path ?? null,
    selection,
    renaming,
    newFolderIn,
    busy,
    openFolder: (column, item) => {
      setOpenPath([...openPath.slice(0, column), item.name])
      setPreview(null)
      clearSelection()
    },
    openFile: (column, item) => {
      setOpenPath(openPath.slice(0, column))
      setPreview(item)
      clearSelection()
    },
    clickEmpty: (column) => {
      setOpenPath(openPath.slice(0, column))
      setPreview(null)
      clearSelection()
    },
    toggleSelect: (prefix, path, order, shift) => setSelection((s) => toggleItem(s, prefix, path, order, shift)),
    toggleAll: (prefix, files) => setSelection((s) => toggleAll(s, prefix, files)),
    startRename: (item) => {
      setNewFolderIn(null)
      setRenaming(item.path)
    },
    cancelRename: () => setRenaming(null),
    submitRename: (item, typed, siblings) => {
      const check = checkRename(typed, item.name, siblings, item.kind === 'folder')
      if (check.kind === 'error') {
        toast.error(check.message, { duration: FOLDER_ERROR_MS })
        return false
      }
      setRenaming(null)
      if (check.kind === 'discard') return true
      const folder = item.path.slice(0, item.path.length - item.name.length)
      setBusyPath(item.path, true)
      rename.mutate(
        { from: item.path, to: folder + check.name, kind: item.kind },
        {
          onSuccess: () => {
            toast.success(M.renamed(check.name))
            forget([item.path])
          },
          onError: (error) => toast.error(M.renameFailed(errorMessage(error))),
          onSettled: () => setBusyPath(item.path, false),
        },
      )
      return true
    },
    submitNewFolder: (prefix, typed, siblings) => {
      const check = checkNewFolderName(typed, siblings)
      if (check.kind === 'error') {
        toast.error(check.message, { duration: FOLDER_ERROR_MS })
        return false
      }
      setNewFolderIn(null)
      if (check.kind === 'discard') return true
      create.mutate(prefix + check.name, {
        onError: (error) => toast.error(errorMessage(error), { duration: FOLDER_ERROR_MS }),
      })
      return true
    },
    cancelNewFolder: () => setNewFolderIn(null),
    requestDelete: (items) => setDeleting(items),
    requestMove: (items) => {
      setMoveError(null)
      setMoving(items)
    },
    download: (items) => {
      if (items.length === 0) return
      const one = items[0]!
      // Asked first with HEAD, so that a refusal is the spec's toast rather than a failed browser download.
      const start = (url: string, failed: string, started?: string) =>
        void downloadable(url).then((ok) => {
          if (!ok) return void toast.error(failed)
          if (started) toast(started, { duration: 3000 })
          startDownload(url)
        })
      if (items.length === 1 && one.kind === 'file') {
        start(downloadUrl(projectRef, bucket.id, one.path, true), M.downloadFailed(one.name))
        return
      }
      const name = items.length === 1 ? one.name : bucket.name
      const paths = items.map((i) => (i.kind === 'folder' ? `${i.path}/` : i.path))
      start(zipUrl(projectRef, bucket.id, paths, name), M.downloadFolderFailed(name), M.downloadStarted(`${name}.zip`))
    },
    copyUrl: (item, expiresIn) => {
      const url =
        expiresIn === null
          ? publicUrl(projectRef, bucket.id, item.path).then((r) => r.publicUrl)
          : signObject(projectRef, bucket.id, item.path, expiresIn).then((r) => r.signedUrl)
      return void url.then(
        async (link) => {
          if (await copyToClipboard(absoluteUrl(link))) toast.success(M.copiedUrl(item.name))
        },
        () => toast.error(bucket.public ? M.previewPublicFailed : M.previewSignedFailed),
      )
    },
    requestCustomExpiry: (item) => setExpiryItem(item),
    requestShareLink: (item) => setSharing(item),
    openShareLinks: () => setShareLinksOpen(true),
    copyFolderPath: (item) => {
      void copyToClipboard(item.path).then((ok) => ok && toast.success(M.copiedFolderPath(item.name)))
    },
    upload: (prefix, files) => upload(prefix, files),
  }

  const prefixes = ['', ...openPath.map((_, i) => prefixOf(openPath.slice(0, i + 1)))]
  const currentPrefix = prefixes[prefixes.length - 1]!
  const searching = searchOpen && term !== ''
  const view = preferences.view

  // Escape leaves the selection (when no dialog or field took it).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && selection.paths.length > 0) setSelection(EMPTY_SELECTION)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [selection])

  return (
    <ExplorerContext.Provider value={explorer}>
      <div className="flex h-full min-h-0 flex-col">
        <h1 className="sr-only">{bucket.name}</h1>
        {selectedItems.length > 0 ? (
          <SelectionBar items={selectedItems} onClear={clearSelection} />
        ) : (
          <ExplorerHeader
            onNavigate={navigate}
            onReload={() => void queryClient.invalidateQueries({ queryKey: objectsKey(projectRef, bucket.id) })}
            reloading={reloading}
            onCreateFolder={() => {
              setRenaming(null)
              setSearchOpen(false)
              setSearchText('')
              setNewFolderIn(currentPrefix)
            }}
            search={searchText}
            onSearchChange={setSearchText}
            searchOpen={searchOpen}
            onSearchOpenChange={(open) => {
              setSearchOpen(open)
              if (!open) setSearchText('')
            }}
            setPreferences={setPreferences}
          />
        )}
        <div className="flex min-h-0 flex-1">
          <div className="flex min-w-0 flex-1 overflow-x-auto">
            {searching ? (
              <SearchColumn
                prefix={currentPrefix}
                term={term}
                shown={shown.current}
                onOpen={(hit) => {
                  navigate(pathParts(hit.path).slice(0, -1))
                  setPreview(hit)
                }}
              />
            ) : view === 'list' ? (
              <FolderColumn column={openPath.length} prefix={currentPrefix} layout="list" last shown={shown.current} />
            ) : (
              prefixes.map((prefix, column) => (
                <FolderColumn
                  key={prefix}
                  column={column}
                  prefix={prefix}
                  layout="column"
                  last={column === prefixes.length - 1}
                  shown={shown.current}
                />
              ))
            )}
          </div>
          {preview && <PreviewPane item={preview} onClose={() => setPreview(null)} />}
        </div>
      </div>

      <DeleteItemsDialog
        items={deleting}
        pending={remove.isPending}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return
          const items = deleting
          remove.mutate(
            { items: items.map((i) => ({ path: i.path, kind: i.kind })) },
            {
              onSuccess: () => {
                toast.success(M.deletedItems(items.length))
                forget(items.map((i) => i.path))
                clearSelection()
                setDeleting(null)
              },
              onError: (error) => toast.error(M.deleteItemsFailed(errorMessage(error))),
            },
          )
        }}
      />
      <MoveItemsDialog
        items={moving}
        pending={move.isPending}
        error={moveError}
        onOpenChange={(open) => !open && setMoving(null)}
        onConfirm={(typed) => {
          if (!moving) return
          const items = moving
          move.mutate(
            { items: items.map((i) => ({ path: i.path, kind: i.kind })), destination: moveDestination(typed) },
            {
              onSuccess: () => {
                toast.success(M.moved(items.length))
                forget(items.map((i) => i.path))
                clearSelection()
                setMoving(null)
              },
              onError: (error) => {
                setMoveError(errorMessage(error))
                toast.error(items.length === 1 ? M.moveOneFailed(items[0]!.path) : M.moveFailed)
              },
            },
          )
        }}
      />
      <CreateShareLinkDialog
        projectRef={projectRef}
        bucketId={bucket.id}
        item={sharing}
        onClose={() => setSharing(null)}
      />
      <ShareLinksPanel
        projectRef={projectRef}
        bucket={bucket}
        canWrite={canWrite}
        open={shareLinksOpen}
        onOpenChange={setShareLinksOpen}
      />
      <CustomExpiryDialog
        item={expiryItem}
        pending={signing}
        onOpenChange={(open) => !open && setExpiryItem(null)}
        onConfirm={(seconds) => {
          if (!expiryItem) return
          const item = expiryItem
          setSigning(true)
          void signObject(projectRef, bucket.id, item.path, seconds)
            .then(async (r) => {
              if (await copyToClipboard(absoluteUrl(r.signedUrl))) toast.success(M.copiedUrl(item.name))
              setExpiryItem(null)
            })
            .catch(() => toast.error(M.previewSignedFailed))
            .finally(() => setSigning(false))
        }}
      />
    </ExplorerContext.Provider>
  )
}

function FolderColumn({
  column,
  prefix,
  layout,
  last,
  shown,
}: {
  column: number
  prefix: string
  layout: 'column' | 'list'
  last: boolean
  shown: Map<string, readonly StorageItem[]>
}) {
  const x = useContextExplorer()
  const folder = useFolder(x.projectRef, x.bucket.id, prefix, {
    sortBy: x.preferences.sortBy,
    order: x.preferences.sortByOrder,
  })
  const items = useMemo(() => folder.data?.pages.flatMap((p) => p.items) ?? [], [folder.data])
  shown.set(prefix, items)
  const name = prefix === '' ? x.bucket.name : (pathParts(prefix).at(-1) ?? '')

  useEffect(() => {
    if (folder.isError && !(folder.error instanceof DOMException)) {
      toast.error(M.fetchFolderFailed(name, errorMessage(folder.error)))
    }
  }, [folder.isError, folder.error, name])

  return (
    <FolderView
      column={column}
      prefix={prefix}
      items={items}
      label={M.columnLabel(name)}
      loading={folder.isPending}
      error={folder.isError ? folder.error : null}
      hasMore={folder.hasNextPage}
      loadingMore={folder.isFetchingNextPage}
      onLoadMore={() => void folder.fetchNextPage()}
      layout={layout}
      last={last}
    />
  )
}

function SearchColumn({
  prefix,
  term,
  shown,
  onOpen,
}: {
  prefix: string
  term: string
  shown: Map<string, readonly StorageItem[]>
  onOpen: (hit: StorageItem) => void
}) {
  const x = useContextExplorer()
  const search = useSearch(x.projectRef, x.bucket.id, term, prefix)
  const items = useMemo(() => search.data?.pages.flatMap((p) => p.items) ?? [], [search.data])
  shown.set(`search:${prefix}`, items)
  // A hit opens where it lives: its folder's columns and its preview.
  const scoped: Explorer = { ...x, openFile: (_column, item) => onOpen(item) }
  return (
    <ExplorerContext.Provider value={scoped}>
      <FolderView
        column={0}
        prefix={`search:${prefix}`}
        items={items}
        label={M.search}
        loading={search.isPending}
        error={search.isError ? search.error : null}
        hasMore={search.hasNextPage}
        loadingMore={search.isFetchingNextPage}
        onLoadMore={() => void search.fetchNextPage()}
        searchTerm={term}
        layout={x.preferences.view === 'list' ? 'list' : 'column'}
        last
      />
    </ExplorerContext.Provider>
  )
}
