import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { emailProblem, passwordProblem } from '@basalt/contracts'
import { errorMessage } from '../../../lib/format'
import { Button } from '../../../ui/button'
import { Dialog, DialogFooter } from '../../../ui/dialog'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { SwitchField } from '../../../ui/switch-field'
import { useCreateAuthUser } from '../api/create-auth-user'
import { AUTH_USERS_TEXT as TEXT } from '../messages'

/**
 * Adds an e-mail user with a password (hashed by the server as GoTrue hashes), confirmed at once unless the
 * switch is off. The address and password are checked here with the server's own rules, and the server's
 * refusal (an address already used) is shown in the form, which keeps what was typed.
 */
export function CreateUserDialog({
  projectRef,
  open,
  onOpenChange,
  onCreated,
}: {
  projectRef: string
  open: boolean
  onOpenChange: (open: boolean) => void
  onCreated: (id: string) => void
}) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [autoConfirm, setAutoConfirm] = useState(true)
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({})
  const create = useCreateAuthUser(projectRef)

  const change = (next: boolean) => {
    if (!next) {
      setEmail('')
      setPassword('')
      setAutoConfirm(true)
      setErrors({})
      create.reset()
    }
    onOpenChange(next)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = { email: emailProblem(email) ?? undefined, password: passwordProblem(password) ?? undefined }
    setErrors(found)
    if (found.email || found.password) return
    create.mutate(
      { email, password, autoConfirm },
      {
        onSuccess: (user) => {
          toast.success(TEXT.created(user.email ?? user.id))
          change(false)
          onCreated(user.id)
        },
        onError: (error) => setErrors({ form: errorMessage(error) }),
      },
    )
  }

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title="Add user"
      description="An e-mail user who signs in with a password."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField label="Email address" error={errors.email}>
          <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
        </FormField>
        <FormField label="Password" error={errors.password} description="At least 6 characters.">
          <Input
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
          />
        </FormField>
        <SwitchField
          label="Auto-confirm user"
          description="Confirmed at once; otherwise the user must confirm their address before GoTrue signs them in."
          checked={autoConfirm}
          onCheckedChange={setAutoConfirm}
        />
        {errors.form && (
          <p role="alert" className="text-sm text-destructive">
            {errors.form}
          </p>
        )}
        <DialogFooter>
          <Button onClick={() => change(false)}>Cancel</Button>
          <Button type="submit" variant="primary" loading={create.isPending}>
            Create user
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  )
}
