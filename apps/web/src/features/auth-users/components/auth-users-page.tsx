import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { Plus, Search, Users } from 'lucide-react'
import { toast } from 'sonner'
import {
  AUTH_USER_FILTERS,
  AUTH_USER_SORTS,
  type AuthUser,
  type AuthUserFilter,
  type AuthUserSort,
} from '@basalt/contracts'
import { errorMessage, formatDateTime } from '../../../lib/format'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { useAuthUsersPages } from '../../../project/pg-meta/get-auth-users'
import { PROJECT_MESSAGES } from '../../../project/messages'
import { USER_SEARCH_DEBOUNCE_MS } from '../../../project/role-impersonation/constants'
import { usePermission } from '../../../project/use-permission'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { EmptyState, ErrorState } from '../../../ui/empty-state'
import { Input, NativeSelect } from '../../../ui/input'
import { PageHeader } from '../../../ui/page-header'
import { SkeletonList } from '../../../ui/skeleton'
import { Table, TBody, Td, Th, THead, Tr } from '../../../ui/table'
import { useDeleteAuthUser } from '../api/delete-auth-user'
import { AUTH_USERS_TEXT as TEXT } from '../messages'
import { BanUserDialog } from './ban-user-dialog'
import { CreateUserDialog } from './create-user-dialog'
import { UserDetailPanel } from './user-detail-panel'
import { UserStatus } from './user-status'

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback

/** The sort order each field starts in: newest first for times, A to Z for e-mails. */
const ORDER_OF: Record<AuthUserSort, 'asc' | 'desc'> = { created_at: 'desc', last_sign_in_at: 'desc', email: 'asc' }

/**
 * Auth › Users: the project's auth users 50 at a time (keyset pages; 'Load more' reads the next), searched by
 * e-mail, phone or id, sorted and filtered — all in the URL (`?search=&sort=&filter=`) — with one user's
 * panel, and adding, banning and deleting users when the member's role allows it.
 */
export function AuthUsersPage({ projectRef }: { projectRef: string }) {
  const [params, setParams] = useSearchParams()
  const search = params.get('search') ?? ''
  const sort = pick(params.get('sort'), AUTH_USER_SORTS, 'created_at')
  const filter = pick(params.get('filter'), AUTH_USER_FILTERS, 'all')
  const keywords = useDebouncedValue(search.trim(), USER_SEARCH_DEBOUNCE_MS)
  const users = useAuthUsersPages(projectRef, { keywords, sort, order: ORDER_OF[sort], filter })
  const canWrite = usePermission('auth:write')

  const [selected, setSelected] = useState<string | null>(null)
  const [creating, setCreating] = useState(false)
  const [banning, setBanning] = useState<AuthUser | null>(null)
  const [deleting, setDeleting] = useState<AuthUser | null>(null)
  const remove = useDeleteAuthUser(projectRef)

  const setParam = (key: string, value: string, fallback: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (value && value !== fallback) next.set(key, value)
        else next.delete(key)
        return next
      },
      { replace: key === 'search' },
    )

  const confirmDelete = () => {
    if (!deleting) return
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(TEXT.deleted(deleting.email ?? deleting.id))
        setDeleting(null)
        setSelected(null)
      },
    })
  }

  const list = users.data?.pages.flatMap((p) => p.users) ?? []
  return (
    <div className="mx-auto w-full max-w-6xl px-6 py-8">
      <PageHeader
        title={TEXT.title}
        description={TEXT.description}
        actions={
          canWrite && (
            <Button variant="primary" onClick={() => setCreating(true)}>
              <Plus aria-hidden className="size-4" />
              {TEXT.addUser}
            </Button>
          )
        }
      />
      {!canWrite && <p className="mb-4 text-sm text-muted-foreground">{TEXT.readOnly}</p>}
      <div role="search" className="mb-4 flex flex-wrap items-center gap-2">
        <div className="relative min-w-64 flex-1">
          <Search aria-hidden className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
          <Input
            type="search"
            aria-label={TEXT.searchLabel}
            placeholder={TEXT.searchPlaceholder}
            value={search}
            onChange={(e) => setParam('search', e.target.value, '')}
            className="pl-8"
          />
        </div>
        <div className="w-44">
          <NativeSelect
            aria-label="Filter users"
            value={filter}
            onChange={(e) => setParam('filter', e.target.value, 'all')}
          >
            {AUTH_USER_FILTERS.map((f) => (
              <option key={f} value={f}>
                {TEXT.filters[f as AuthUserFilter]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="w-44">
          <NativeSelect
            aria-label="Sort users by"
            value={sort}
            onChange={(e) => setParam('sort', e.target.value, 'created_at')}
          >
            {AUTH_USER_SORTS.map((s) => (
              <option key={s} value={s}>
                Sort by {TEXT.sorts[s].toLowerCase()}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      {users.isPending ? (
        <SkeletonList rows={8} />
      ) : users.error ? (
        <ErrorState title={PROJECT_MESSAGES.usersError} error={users.error} />
      ) : list.length === 0 ? (
        <EmptyState icon={<Users aria-hidden className="size-6" />} title={PROJECT_MESSAGES.noUsersFound} />
      ) : (
        <>
          <Table aria-label="Users" className={users.isPlaceholderData ? 'opacity-60' : undefined}>
            <THead>
              <Tr>
                <Th>Email or phone</Th>
                <Th>Providers</Th>
                <Th>Created</Th>
                <Th>Last sign-in</Th>
                <Th>Status</Th>
              </Tr>
            </THead>
            <TBody>
              {list.map((u) => (
                <Tr key={u.id}>
                  <Td>
                    <button
                      type="button"
                      onClick={() => setSelected(u.id)}
                      className="text-left font-medium text-foreground underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      {u.email ?? u.phone ?? (u.is_anonymous ? 'Anonymous user' : u.id)}
                    </button>
                    <p className="font-mono text-xs text-muted-foreground">{u.id}</p>
                  </Td>
                  <Td>{u.providers.join(', ') || '—'}</Td>
                  <Td className="whitespace-nowrap">{formatDateTime(u.created_at)}</Td>
                  <Td className="whitespace-nowrap">{formatDateTime(u.last_sign_in_at)}</Td>
                  <Td>
                    <UserStatus user={u} />
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
          <div className="mt-4 flex items-center justify-between text-sm text-muted-foreground">
            <span aria-live="polite">
              {list.length} {list.length === 1 ? 'user' : 'users'} shown{users.hasNextPage ? '' : ', all of them'}
            </span>
            {users.hasNextPage && (
              <Button onClick={() => users.fetchNextPage()} loading={users.isFetchingNextPage}>
                {TEXT.loadMore}
              </Button>
            )}
          </div>
        </>
      )}

      <UserDetailPanel
        projectRef={projectRef}
        userId={selected}
        onClose={() => setSelected(null)}
        onBan={setBanning}
        onDelete={setDeleting}
      />
      <CreateUserDialog projectRef={projectRef} open={creating} onOpenChange={setCreating} onCreated={setSelected} />
      <BanUserDialog projectRef={projectRef} user={banning} onOpenChange={(open) => !open && setBanning(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null)
            remove.reset()
          }
        }}
        title={`Delete ${deleting?.email ?? deleting?.phone ?? 'this user'}`}
        description="The user and their identities are deleted for good; they can no longer sign in."
        confirmLabel="Delete user"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        error={remove.error ? errorMessage(remove.error) : null}
        typeToConfirm={deleting?.email ?? deleting?.phone ?? deleting?.id ?? ''}
      />
    </div>
  )
}
