import { useState } from 'react'
import { Check } from 'lucide-react'
import { RadioGroup } from 'radix-ui'
import { cn } from '../../lib/cn'
import { Button } from '../../ui/button'
import { Input } from '../../ui/input'
import { Spinner } from '../../ui/spinner'
import { errorMessage } from '../../lib/format'
import { useAuthUsers, type AuthUser } from '../pg-meta/get-auth-users'
import { PROJECT_MESSAGES } from '../messages'
import { UserAvatar } from '../user-avatar'
import { NO_DISPLAY_NAME, userDisplayName, userLabel } from '../user-display'
import { USER_LIST_MAX_HEIGHT_PX, USER_SEARCH_DEBOUNCE_MS } from './constants'
import {
  IMPERSONATION_OPTIONS,
  isAwaitingUser,
  roleLabel,
  useImpersonation,
  type ImpersonationAction,
  type ImpersonationOption,
  type ImpersonationState,
} from './role-impersonation-store'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import { ToolbarPopover } from '../../ui/toolbar-popover'

/** Spec 2 §6: what each role means. */
const ROLE_DESCRIPTIONS: Record<ImpersonationOption, string> = {
  service_role: 'The default Postgres role: a superuser that bypasses row-level security.',
  anon: 'For users who are not logged in; respects row-level security.',
  authenticated: 'For a logged-in user; respects row-level security. Pick the user below.',
}

/**
 * The role button and its panel (spec 2 §2): the project's data calls — the table editor's grid, and the SQL
 * editor's and storage's once built — run as service_role (default), anon, or authenticated as a chosen user.
 * The choice is the project's, kept for the browser session (role-impersonation-store).
 */
export function RoleImpersonationPopover({ projectRef }: { projectRef: string }) {
  const [open, setOpen] = useState(false)
  const [state, dispatch] = useImpersonation(projectRef)
  const label = roleLabel(state.role)
  return (
    <ToolbarPopover
      label={PROJECT_MESSAGES.roleSettingsTitle}
      open={open}
      onOpenChange={setOpen}
      className="w-96"
      trigger={
        <Button
          size="sm"
          variant={state.role ? 'default' : 'ghost'}
          aria-label={`${PROJECT_MESSAGES.roleButton} ${label}`}
        >
          <span className="text-muted-foreground">{PROJECT_MESSAGES.roleButton}</span>{' '}
          <code className={cn('max-w-56 truncate text-xs', state.role && 'text-brand')}>{label}</code>
        </Button>
      }
    >
      <div className="space-y-3 p-3">
        <h3 className="text-sm font-semibold">{PROJECT_MESSAGES.roleSettingsTitle}</h3>
        <RoleImpersonationPicker projectRef={projectRef} state={state} dispatch={dispatch} />
        {state.role && (
          <div className="flex justify-end border-t border-border pt-3">
            <Button size="sm" onClick={() => dispatch({ type: 'stop' })}>
              {PROJECT_MESSAGES.stopImpersonating}
            </Button>
          </div>
        )}
      </div>
    </ToolbarPopover>
  )
}

/**
 * The role choice and user picker of the role panel, on any impersonation state: the project's own (the
 * popover above) or one a screen keeps to itself, such as the policy editor's 'Test as a user'. `options`
 * limits the roles offered (service_role bypasses RLS, so testing a policy leaves it out).
 */
export function RoleImpersonationPicker({
  projectRef,
  state,
  dispatch,
  options = IMPERSONATION_OPTIONS,
}: {
  projectRef: string
  state: ImpersonationState
  dispatch: (action: ImpersonationAction) => void
  options?: readonly ImpersonationOption[]
}) {
  return (
    <div className="space-y-3">
      <RadioGroup.Root
        aria-label="Database role"
        value={state.option}
        onValueChange={(option) => dispatch({ type: 'choose', option: option as ImpersonationOption })}
        className="space-y-1.5"
      >
        {options.map((option) => (
          <label
            key={option}
            className={cn(
              'flex cursor-pointer gap-3 rounded-md border p-2.5 text-sm',
              state.option === option ? 'border-brand bg-brand/5' : 'border-border hover:bg-muted',
            )}
          >
            <RadioGroup.Item
              value={option}
              aria-label={option}
              className="mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full border border-input focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <RadioGroup.Indicator className="size-2 rounded-full bg-brand" />
            </RadioGroup.Item>
            <span className="space-y-0.5">
              <code className="block font-medium">{option}</code>
              <span className="block text-xs text-muted-foreground">{ROLE_DESCRIPTIONS[option]}</span>
            </span>
          </label>
        ))}
      </RadioGroup.Root>
      {state.option === 'authenticated' && (
        <UserPicker
          projectRef={projectRef}
          selectedId={state.role?.role === 'authenticated' ? state.role.user.id : undefined}
          onPick={(user) =>
            dispatch({
              type: 'pickUser',
              user: { id: user.id, email: user.email ?? null, phone: user.phone ?? null },
            })
          }
        />
      )}
      {isAwaitingUser(state) && <p className="text-xs text-muted-foreground">Pick a user to run queries as them.</p>}
    </div>
  )
}

function UserPicker({
  projectRef,
  selectedId,
  onPick,
}: {
  projectRef: string
  selectedId: string | undefined
  onPick: (user: AuthUser) => void
}) {
  const [search, setSearch] = useState('')
  const keywords = useDebouncedValue(search.trim(), USER_SEARCH_DEBOUNCE_MS)
  const users = useAuthUsers(projectRef, { keywords }, { enabled: true })
  return (
    <div className="space-y-2">
      <Input
        type="search"
        aria-label="Search users"
        placeholder="Search by email, phone or id"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="h-8 text-xs"
      />
      <div className="overflow-y-auto rounded-md border border-border" style={{ maxHeight: USER_LIST_MAX_HEIGHT_PX }}>
        {users.isPending ? (
          <div className="flex justify-center p-3 text-muted-foreground">
            <Spinner label="Loading users" />
          </div>
        ) : users.error ? (
          <div role="alert" className="p-3 text-sm">
            <p className="font-medium">{PROJECT_MESSAGES.usersError}</p>
            <p className="text-xs text-muted-foreground">{errorMessage(users.error)}</p>
          </div>
        ) : users.data.users.length === 0 ? (
          <p className="p-3 text-sm text-muted-foreground">{PROJECT_MESSAGES.noUsersFound}</p>
        ) : (
          <ul aria-label="Users">
            {users.data.users.map((user) => (
              <li key={user.id}>
                <button
                  type="button"
                  aria-pressed={user.id === selectedId}
                  onClick={() => onPick(user)}
                  className="flex w-full items-center gap-2 px-3 py-1.5 text-left text-sm hover:bg-muted"
                >
                  <UserAvatar user={user} className="size-5" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate">{userLabel(user)}</span>
                    {userDisplayName(user.user_metadata) !== NO_DISPLAY_NAME && ' '}
                    {userDisplayName(user.user_metadata) !== NO_DISPLAY_NAME && (
                      <span className="block truncate text-xs text-muted-foreground">
                        {user.email || user.phone || user.id}
                      </span>
                    )}
                  </span>
                  {user.id === selectedId && <Check aria-hidden className="size-3.5 text-brand" />}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
