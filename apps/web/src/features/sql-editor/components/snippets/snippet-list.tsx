import { useState, type MouseEvent } from 'react'
import { Link, NavLink, useNavigate, useParams } from 'react-router'
import { FileText, LayoutTemplate, MoreHorizontal, Plus, Rocket, Search, Star, Users, X } from 'lucide-react'
import type { ContentItem } from '@basalt/contracts'
import { cn } from '../../../../lib/cn'
import { Button } from '../../../../ui/button'
import { ConfirmDialog } from '../../../../ui/confirm-dialog'
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from '../../../../ui/dropdown-menu'
import { ErrorState } from '../../../../ui/empty-state'
import { Input } from '../../../../ui/input'
import { Skeleton } from '../../../../ui/skeleton'
import { Tooltip } from '../../../../ui/tooltip'
import { useSnippets } from '../../api/get-snippets'
import { SNIPPET_MESSAGES } from '../../snippet-messages'
import { FRESH_QUERY_STATE } from '../../state/snippet-document'
import { filterSnippets, selectSnippet, snippetPreview, snippetSections } from '../../state/snippet-list'
import { RenameSnippetDialog } from './rename-snippet-dialog'
import { useSnippetActions } from './use-snippet-actions'

type Selection = { ids: ReadonlySet<string>; anchor: string | null }
const NO_SELECTION: Selection = { ids: new Set(), anchor: null }

/**
 * The SQL editor's sidebar (spec 2 §2): 'New query', templates and quickstarts, search, and the member's
 * snippets in three sections (favourites, shared, own), each with its menu; the member's own snippets can be
 * selected (shift-click for a range) and deleted together.
 */
export function SnippetList({ projectRef }: { projectRef: string }) {
  const navigate = useNavigate()
  const { id: openId } = useParams()
  const snippets = useSnippets(projectRef)
  const actions = useSnippetActions(projectRef)
  const [search, setSearch] = useState('')
  const [selection, setSelection] = useState<Selection>(NO_SELECTION)
  const [renaming, setRenaming] = useState<ContentItem | null>(null)
  const [deleting, setDeleting] = useState<ContentItem[] | null>(null)
  const base = `/project/${encodeURIComponent(projectRef)}/sql`

  const shown = filterSnippets(snippets.data ?? [], search)
  const sections = snippetSections(shown)
  const ordered = [...sections.favorites, ...sections.shared, ...sections.own]
  // Only the member's own snippets can be deleted, so only they can be selected.
  const selectable = ordered.filter((s) => actions.canManage(s)).map((s) => s.id)
  const selected = ordered.filter((s) => selection.ids.has(s.id))

  const toggle = (id: string, event: MouseEvent) =>
    setSelection((s) => selectSnippet(s, selectable, id, event.shiftKey))

  const confirmDelete = async () => {
    if (!deleting) return
    const ids = deleting.map((s) => s.id)
    const done = await actions.delete(ids)
    setDeleting(null)
    if (done) setSelection(NO_SELECTION)
  }

  return (
    <aside aria-label="Queries" className="flex w-64 shrink-0 flex-col border-r border-border">
      <div className="space-y-2 border-b border-border p-3">
        <Button
          size="sm"
          variant="primary"
          className="w-full justify-center"
          onClick={() => navigate(`${base}/new`, { state: FRESH_QUERY_STATE })}
        >
          <Plus aria-hidden className="size-3.5" />
          {SNIPPET_MESSAGES.newQuery}
        </Button>
        <nav aria-label="Examples" className="flex gap-1">
          <ExampleLink to={`${base}/templates`} icon={<LayoutTemplate aria-hidden className="size-3.5" />}>
            {SNIPPET_MESSAGES.templates}
          </ExampleLink>
          <ExampleLink to={`${base}/quickstarts`} icon={<Rocket aria-hidden className="size-3.5" />}>
            {SNIPPET_MESSAGES.quickstarts}
          </ExampleLink>
        </nav>
        <div className="relative">
          <Search aria-hidden className="absolute top-2 left-2 size-3.5 text-muted-foreground" />
          <Input
            type="search"
            aria-label={SNIPPET_MESSAGES.searchLabel}
            placeholder="Search queries…"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="h-7 pl-7 text-xs"
          />
        </div>
      </div>
      {selected.length > 0 && (
        <div
          role="toolbar"
          aria-label="Selected queries"
          className="flex items-center gap-2 border-b border-border px-3 py-2 text-xs"
        >
          <span className="flex-1">{selected.length} selected</span>
          <Button size="sm" variant="danger" onClick={() => setDeleting(selected)}>
            Delete
          </Button>
          <Button
            size="icon"
            variant="ghost"
            className="size-7"
            aria-label="Clear selection"
            onClick={() => setSelection(NO_SELECTION)}
          >
            <X aria-hidden className="size-3.5" />
          </Button>
        </div>
      )}
      <nav aria-label="Snippets" className="min-h-0 flex-1 overflow-y-auto p-2">
        {snippets.isPending ? (
          <div role="status" aria-label="Loading queries" className="space-y-1.5 px-1">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-5 w-full" />
            ))}
          </div>
        ) : snippets.error ? (
          <ErrorState title="Failed to retrieve queries" error={snippets.error} />
        ) : shown.length === 0 ? (
          <p className="px-2 py-4 text-center text-sm text-muted-foreground">{SNIPPET_MESSAGES.emptyList}</p>
        ) : (
          <div className="space-y-3">
            {(
              [
                ['Favorites', sections.favorites, <Star key="i" aria-hidden className="size-3" />],
                ['Shared', sections.shared, <Users key="i" aria-hidden className="size-3" />],
                ['Private', sections.own, <FileText key="i" aria-hidden className="size-3" />],
              ] as const
            ).map(([title, items, icon]) =>
              items.length === 0 ? null : (
                <section key={title} aria-label={title}>
                  <h3 className="flex items-center gap-1.5 px-2 pb-1 text-[11px] font-medium tracking-wide text-muted-foreground uppercase">
                    {icon}
                    {title} ({items.length})
                  </h3>
                  <ul>
                    {items.map((snippet) => (
                      <SnippetRow
                        key={snippet.id}
                        snippet={snippet}
                        href={`${base}/${snippet.id}`}
                        active={openId === snippet.id}
                        selectable={selectable.includes(snippet.id)}
                        selected={selection.ids.has(snippet.id)}
                        selecting={selected.length > 0}
                        onToggle={(event) => toggle(snippet.id, event)}
                        actions={actions}
                        onRename={() => setRenaming(snippet)}
                        onDelete={() => setDeleting([snippet])}
                      />
                    ))}
                  </ul>
                </section>
              ),
            )}
          </div>
        )}
      </nav>
      {renaming && (
        <RenameSnippetDialog
          snippet={renaming}
          onClose={() => setRenaming(null)}
          onRename={(name) => actions.rename(renaming, name)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting && deleting.length > 1 ? `Delete ${deleting.length} queries` : 'Delete query'}
        description={
          deleting && deleting.length === 1
            ? `Are you sure you want to delete '${deleting[0]!.name}'? This cannot be undone.`
            : 'Are you sure you want to delete the selected queries? This cannot be undone.'
        }
        confirmLabel="Delete"
        loading={actions.pending.remove}
        onConfirm={() => void confirmDelete()}
      />
    </aside>
  )
}

function ExampleLink({ to, icon, children }: { to: string; icon: React.ReactNode; children: string }) {
  return (
    <NavLink
      to={to}
      className={({ isActive }) =>
        cn(
          'flex flex-1 items-center justify-center gap-1.5 rounded-md px-2 py-1 text-xs',
          'focus-visible:outline-2 focus-visible:outline-ring',
          isActive
            ? 'bg-muted font-medium text-foreground'
            : 'text-muted-foreground hover:bg-muted hover:text-foreground',
        )
      }
    >
      {icon}
      {children}
    </NavLink>
  )
}

function SnippetRow({
  snippet,
  href,
  active,
  selectable,
  selected,
  selecting,
  onToggle,
  actions,
  onRename,
  onDelete,
}: {
  snippet: ContentItem
  href: string
  active: boolean
  selectable: boolean
  selected: boolean
  selecting: boolean
  onToggle: (event: MouseEvent) => void
  actions: ReturnType<typeof useSnippetActions>
  onRename: () => void
  onDelete: () => void
}) {
  const manage = actions.canManage(snippet)
  const menuLabel = `Actions for ${snippet.name}`
  return (
    <li className="group flex h-7 items-center gap-1">
      {selectable && (
        <input
          type="checkbox"
          aria-label={`Select ${snippet.name}`}
          checked={selected}
          // The click carries the shift key (a range); the change event does not.
          onClick={onToggle}
          onChange={() => {}}
          className={cn(
            'ml-1 size-3.5 shrink-0 accent-brand',
            selecting || selected ? 'opacity-100' : 'opacity-0 group-hover:opacity-100 focus-visible:opacity-100',
          )}
        />
      )}
      <Tooltip content={<span className="font-mono whitespace-pre-wrap">{snippetPreview(snippet.content.sql)}</span>}>
        <Link
          to={href}
          aria-current={active ? 'page' : undefined}
          className={cn(
            'flex h-full min-w-0 flex-1 items-center gap-2 rounded px-2 text-sm',
            'focus-visible:outline-2 focus-visible:outline-ring',
            active
              ? 'bg-muted font-medium text-foreground'
              : 'text-muted-foreground hover:bg-muted hover:text-foreground',
          )}
        >
          <span className="truncate">{snippet.name}</span>
        </Link>
      </Tooltip>
      {actions.canCreate && (
        <DropdownMenu
          label={menuLabel}
          trigger={
            <button
              type="button"
              aria-label={menuLabel}
              className="shrink-0 rounded p-1 text-muted-foreground opacity-0 group-hover:opacity-100 hover:bg-muted hover:text-foreground focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-ring data-[state=open]:opacity-100"
            >
              <MoreHorizontal aria-hidden className="size-3.5" />
            </button>
          }
        >
          {manage && <DropdownMenuItem onSelect={onRename}>Rename query</DropdownMenuItem>}
          {manage && snippet.visibility === 'user' && (
            <DropdownMenuItem onSelect={() => void actions.share(snippet)}>Share query with project</DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => void actions.toggleFavorite(snippet)}>
            {snippet.content.favorite ? 'Remove from favorites' : 'Add to favorites'}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void actions.duplicate(snippet)}>
            {manage ? 'Duplicate query' : 'Duplicate personal copy'}
          </DropdownMenuItem>
          {manage && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={onDelete} className="text-destructive">
                Delete query
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenu>
      )}
    </li>
  )
}
