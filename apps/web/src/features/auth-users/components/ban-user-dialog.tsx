import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { AUTH_USER_MESSAGES, BAN_DURATION_CHOICES, banDurationSeconds, type AuthUser } from '@basalt/contracts'
import { errorMessage } from '../../../lib/format'
import { Button } from '../../../ui/button'
import { Dialog, DialogFooter } from '../../../ui/dialog'
import { FormField } from '../../../ui/form-field'
import { Input, NativeSelect } from '../../../ui/input'
import { useBanAuthUser } from '../api/ban-auth-user'
import { AUTH_USERS_TEXT as TEXT } from '../messages'

const CUSTOM = 'custom'

/** Bans a user for a chosen duration (or one typed as GoTrue writes them: 24h, 90m, 1h30m). */
export function BanUserDialog({
  projectRef,
  user,
  onOpenChange,
}: {
  projectRef: string
  user: AuthUser | null
  onOpenChange: (open: boolean) => void
}) {
  const [choice, setChoice] = useState<string>('24h')
  const [custom, setCustom] = useState('')
  const [error, setError] = useState<string | null>(null)
  const ban = useBanAuthUser(projectRef)
  const name = user?.email ?? user?.phone ?? user?.id ?? ''

  const change = (next: boolean) => {
    if (!next) {
      setChoice('24h')
      setCustom('')
      setError(null)
    }
    onOpenChange(next)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!user) return
    const duration = choice === CUSTOM ? custom.trim() : choice
    if (banDurationSeconds(duration) === null) {
      setError(AUTH_USER_MESSAGES.banDurationInvalid(duration))
      return
    }
    ban.mutate(
      { id: user.id, duration },
      {
        onSuccess: () => {
          toast.success(TEXT.banned(name))
          change(false)
        },
        onError: (e) => setError(errorMessage(e)),
      },
    )
  }

  return (
    <Dialog
      open={user !== null}
      onOpenChange={change}
      title={`Ban ${name}`}
      description="A banned user cannot sign in until the ban ends or is lifted."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField label="Ban duration" error={choice === CUSTOM ? undefined : (error ?? undefined)}>
          <NativeSelect
            value={choice}
            onChange={(e) => {
              setChoice(e.target.value)
              setError(null)
            }}
          >
            {BAN_DURATION_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
            <option value={CUSTOM}>Other duration…</option>
          </NativeSelect>
        </FormField>
        {choice === CUSTOM && (
          <FormField
            label="Duration"
            description="Hours, minutes and seconds, such as 12h or 1h30m."
            error={error ?? undefined}
          >
            <Input
              value={custom}
              onChange={(e) => {
                setCustom(e.target.value)
                setError(null)
              }}
              autoComplete="off"
              spellCheck={false}
            />
          </FormField>
        )}
        <DialogFooter>
          <Button onClick={() => change(false)}>Cancel</Button>
          <Button type="submit" variant="danger" loading={ban.isPending}>
            Ban user
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  )
}
