import { useEffect, useId, useState, type ReactNode } from 'react'
import { toast } from 'sonner'
import { AUTH_USER_MESSAGES, type AuthUserDetail } from '@basalt/contracts'
import { errorMessage, formatDateTime } from '../../../lib/format'
import { usePermission } from '../../../project/use-permission'
import { Button } from '../../../ui/button'
import { CopyButton } from '../../../ui/copy-button'
import { ErrorState } from '../../../ui/empty-state'
import { SidePanel } from '../../../ui/side-panel'
import { SkeletonList } from '../../../ui/skeleton'
import { useAuthUser } from '../api/get-auth-user'
import { useBanAuthUser } from '../api/ban-auth-user'
import { useUpdateAuthUser } from '../api/update-auth-user'
import { AUTH_USERS_TEXT as TEXT } from '../messages'
import { isBanned, UserStatus } from './user-status'

const json = (value: unknown) => JSON.stringify(value, null, 2)

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  )
}

/** Reads a metadata text box: a JSON object, or the sentence saying what is wrong. */
function parseMetadata(text: string): { value: Record<string, unknown> } | { error: string } {
  try {
    const value = JSON.parse(text) as unknown
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      return { value: value as Record<string, unknown> }
    }
  } catch {
    // not JSON: said below
  }
  return { error: AUTH_USER_MESSAGES.metadataNotObject }
}

function MetadataEditor({
  label,
  value,
  editable,
  onChange,
  error,
}: {
  label: string
  value: string
  editable: boolean
  onChange: (text: string) => void
  error: string | undefined
}) {
  const id = useId()
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        readOnly={!editable}
        onChange={(e) => onChange(e.target.value)}
        spellCheck={false}
        rows={Math.min(12, Math.max(3, value.split('\n').length))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="w-full rounded-md border border-input bg-background p-2 font-mono text-xs focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive"
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

/**
 * One user (spec: ids, providers and identities, last sign-in, confirmation, raw metadata as JSON), with the
 * changes the member's role allows: metadata, ban or unban, delete.
 */
export function UserDetailPanel({
  projectRef,
  userId,
  onClose,
  onBan,
  onDelete,
}: {
  projectRef: string
  userId: string | null
  onClose: () => void
  onBan: (user: AuthUserDetail) => void
  onDelete: (user: AuthUserDetail) => void
}) {
  const user = useAuthUser(projectRef, userId)
  const canWrite = usePermission('auth:write')
  const update = useUpdateAuthUser(projectRef)
  const unban = useBanAuthUser(projectRef)
  const [userMeta, setUserMeta] = useState('')
  const [appMeta, setAppMeta] = useState('')
  const [errors, setErrors] = useState<{ user?: string; app?: string; form?: string }>({})

  const data = user.data
  useEffect(() => {
    if (!data) return
    setUserMeta(json(data.user_metadata))
    setAppMeta(json(data.app_metadata))
    setErrors({})
  }, [data])

  const dirty = data !== undefined && (userMeta !== json(data.user_metadata) || appMeta !== json(data.app_metadata))

  const save = () => {
    if (!data) return
    const u = parseMetadata(userMeta)
    const a = parseMetadata(appMeta)
    setErrors({ user: 'error' in u ? u.error : undefined, app: 'error' in a ? a.error : undefined })
    if ('error' in u || 'error' in a) return
    update.mutate(
      { id: data.id, body: { user_metadata: u.value, app_metadata: a.value } },
      {
        onSuccess: () => toast.success(TEXT.updated),
        onError: (e) => setErrors({ form: errorMessage(e) }),
      },
    )
  }

  const lift = () => {
    if (!data) return
    unban.mutate(
      { id: data.id, duration: null },
      {
        onSuccess: () => toast.success(TEXT.unbanned(data.email ?? data.id)),
        onError: (e) => toast.error(errorMessage(e)),
      },
    )
  }

  const title = data ? (data.email ?? data.phone ?? data.id) : 'User'
  return (
    <SidePanel
      open={userId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={data ? <UserStatus user={data} /> : undefined}
      footer={
        data &&
        canWrite && (
          <>
            <Button variant="danger" onClick={() => onDelete(data)}>
              Delete user
            </Button>
            {isBanned(data) ? (
              <Button onClick={lift} loading={unban.isPending}>
                Unban user
              </Button>
            ) : (
              <Button onClick={() => onBan(data)}>Ban user</Button>
            )}
            <Button variant="primary" onClick={save} disabled={!dirty} loading={update.isPending}>
              Save metadata
            </Button>
          </>
        )
      }
    >
      {user.isPending ? (
        <SkeletonList rows={6} />
      ) : user.error ? (
        <ErrorState title="Failed to retrieve the user" error={user.error} />
      ) : (
        data && (
          <>
            <section aria-labelledby="user-overview">
              <h3 id="user-overview" className="mb-1 text-sm font-semibold">
                Overview
              </h3>
              <dl className="divide-y divide-border">
                <Field label="User ID">
                  <span className="inline-flex items-center gap-1 font-mono text-xs">
                    {data.id}
                    <CopyButton value={data.id} name="Copy user ID" />
                  </span>
                </Field>
                <Field label="Email">{data.email ?? '—'}</Field>
                <Field label="Phone">{data.phone ?? '—'}</Field>
                <Field label="Providers">{data.providers.length ? data.providers.join(', ') : '—'}</Field>
                <Field label="Created at">{formatDateTime(data.created_at)}</Field>
                <Field label="Updated at">{formatDateTime(data.updated_at)}</Field>
                <Field label="Last signed in">{formatDateTime(data.last_sign_in_at)}</Field>
                <Field label="Email confirmed at">{formatDateTime(data.email_confirmed_at)}</Field>
                <Field label="Phone confirmed at">{formatDateTime(data.phone_confirmed_at)}</Field>
                <Field label="Banned until">{isBanned(data) ? formatDateTime(data.banned_until) : '—'}</Field>
                <Field label="Anonymous">{data.is_anonymous ? 'Yes' : 'No'}</Field>
              </dl>
            </section>
            <section aria-labelledby="user-identities">
              <h3 id="user-identities" className="mb-1 text-sm font-semibold">
                Identities
              </h3>
              {data.identities.length === 0 ? (
                <p className="text-sm text-muted-foreground">No identities.</p>
              ) : (
                <ul className="space-y-2">
                  {data.identities.map((i) => (
                    <li key={i.id} className="rounded-md border border-border p-2 text-sm">
                      <p className="font-medium">{i.provider}</p>
                      <p className="text-xs text-muted-foreground">
                        {i.email ?? i.provider_id} · created {formatDateTime(i.created_at)} · last signed in{' '}
                        {formatDateTime(i.last_sign_in_at)}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="user-metadata" className="space-y-3">
              <h3 id="user-metadata" className="text-sm font-semibold">
                Metadata
              </h3>
              <MetadataEditor
                label="User metadata (raw_user_meta_data)"
                value={userMeta}
                editable={canWrite}
                onChange={setUserMeta}
                error={errors.user}
              />
              <MetadataEditor
                label="App metadata (raw_app_meta_data)"
                value={appMeta}
                editable={canWrite}
                onChange={setAppMeta}
                error={errors.app}
              />
              {errors.form && (
                <p role="alert" className="text-sm text-destructive">
                  {errors.form}
                </p>
              )}
            </section>
          </>
        )
      )}
    </SidePanel>
  )
}
