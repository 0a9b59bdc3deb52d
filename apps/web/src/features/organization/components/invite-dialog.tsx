import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { ORG_ROLE_LABELS, ORG_ROLES, orgRoleSchema, type CreatedInvitation } from '@basalt/contracts'
import { Dialog, DialogFooter } from '../../../ui/dialog'
import { FormField } from '../../../ui/form-field'
import { Input, NativeSelect } from '../../../ui/input'
import { Button } from '../../../ui/button'
import { FormError } from '../../../ui/form-error'
import { CopyField } from '../../../ui/copy-button'
import { useCreateInvitation } from '../api/create-invitation'
import { ORGANIZATION_MESSAGES } from '../messages'

const inviteFormSchema = z.object({
  email: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ message: 'Enter a valid e-mail address' })),
  ]),
  role: orgRoleSchema,
})

/** Creates an invitation and shows its link to copy: Basalt sends no e-mail. */
export function InviteDialog({
  slug,
  open,
  onOpenChange,
}: {
  slug: string
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const create = useCreateInvitation()
  const [created, setCreated] = useState<CreatedInvitation | null>(null)
  const form = useForm({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: { email: '', role: 'developer' as const },
  })

  const change = (next: boolean) => {
    if (!next) {
      setCreated(null)
      form.reset()
      create.reset()
    }
    onOpenChange(next)
  }

  return (
    <Dialog open={open} onOpenChange={change} title="Invite a member" description={ORGANIZATION_MESSAGES.inviteNoEmail}>
      {created ? (
        <div className="space-y-4">
          <p className="text-sm">{ORGANIZATION_MESSAGES.inviteLinkReady}</p>
          <CopyField label="Invite link" value={absoluteUrl(created.url)} />
          <DialogFooter>
            <Button variant="primary" onClick={() => change(false)}>
              Done
            </Button>
          </DialogFooter>
        </div>
      ) : (
        <form
          noValidate
          className="space-y-4"
          onSubmit={form.handleSubmit((v) =>
            create.mutate({ slug, role: v.role, email: v.email || undefined }, { onSuccess: setCreated }),
          )}
        >
          <FormField
            label="Email"
            description="Optional. When set, only this address can accept the invitation."
            error={form.formState.errors.email?.message}
          >
            <Input type="email" {...form.register('email')} />
          </FormField>
          <FormField label="Role">
            <NativeSelect {...form.register('role')}>
              {ORG_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ORG_ROLE_LABELS[r]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormError error={create.error} />
          <DialogFooter>
            <Button onClick={() => change(false)}>Cancel</Button>
            <Button type="submit" variant="primary" loading={create.isPending}>
              Create invite link
            </Button>
          </DialogFooter>
        </form>
      )}
    </Dialog>
  )
}

/** The server may answer a path (`/join?token=…`) or a full URL; the inviter needs a full one. */
function absoluteUrl(url: string): string {
  try {
    return new URL(url, window.location.origin).toString()
  } catch {
    return url
  }
}
