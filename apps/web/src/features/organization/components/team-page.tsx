import { useState } from 'react'
import { toast } from 'sonner'
import { Trash2, UserPlus } from 'lucide-react'
import { ORG_ROLE_LABELS, ORG_ROLES, type Member, type Organization, type OrgRole } from '@basalt/contracts'
import { errorMessage, formatDate } from '../../../lib/format'
import { PageContainer, PageHeader } from '../../../ui/page-header'
import { Button } from '../../../ui/button'
import { NativeSelect } from '../../../ui/input'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { EmptyState, ErrorState } from '../../../ui/empty-state'
import { SkeletonList } from '../../../ui/skeleton'
import { Badge } from '../../../ui/badge'
import { Table, TBody, Td, Th, THead, Tr } from '../../../ui/table'
import { useMembers } from '../api/get-members'
import { useUpdateMember } from '../api/update-member'
import { useRemoveMember } from '../api/remove-member'
import { useInvitations } from '../api/get-invitations'
import { useRevokeInvitation } from '../api/revoke-invitation'
import { InviteDialog } from './invite-dialog'

export function TeamPage({ organization, currentUserId }: { organization: Organization; currentUserId: string }) {
  const canManage = organization.permissions.includes('members:manage')
  const members = useMembers(organization.slug)
  const [inviting, setInviting] = useState(false)

  return (
    <PageContainer>
      <PageHeader
        title="Team"
        description={`Members of ${organization.name} and their roles.`}
        actions={
          canManage && (
            <Button variant="primary" onClick={() => setInviting(true)}>
              <UserPlus className="size-4" aria-hidden />
              Invite member
            </Button>
          )
        }
      />
      <section aria-label="Members" className="space-y-3">
        {members.error ? (
          <ErrorState title="Failed to retrieve members" error={members.error} />
        ) : members.isPending ? (
          <SkeletonList />
        ) : (
          <MembersTable
            slug={organization.slug}
            members={members.data}
            canManage={canManage}
            currentUserId={currentUserId}
          />
        )}
      </section>
      {canManage && <PendingInvitations slug={organization.slug} />}
      {canManage && <InviteDialog slug={organization.slug} open={inviting} onOpenChange={setInviting} />}
    </PageContainer>
  )
}

function MembersTable({
  slug,
  members,
  canManage,
  currentUserId,
}: {
  slug: string
  members: Member[]
  canManage: boolean
  currentUserId: string
}) {
  const update = useUpdateMember()
  const [removing, setRemoving] = useState<Member | null>(null)
  const changeRole = (member: Member, role: OrgRole) =>
    update.mutate(
      { slug, userId: member.userId, role },
      {
        onSuccess: () => toast.success(`${member.email} is now ${ORG_ROLE_LABELS[role]}`),
        onError: (e) => toast.error(`Failed to change role: ${errorMessage(e)}`),
      },
    )

  return (
    <>
      <Table label="Members">
        <THead>
          <Tr>
            <Th>Member</Th>
            <Th>Role</Th>
            <Th>Joined</Th>
            {canManage && (
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            )}
          </Tr>
        </THead>
        <TBody>
          {members.map((m) => (
            <Tr key={m.userId}>
              <Td>
                <div className="font-medium">
                  {m.displayName ?? m.email} {m.userId === currentUserId && <Badge>You</Badge>}
                </div>
                {m.displayName && <div className="text-xs text-muted-foreground">{m.email}</div>}
              </Td>
              <Td>
                {canManage ? (
                  <NativeSelect
                    aria-label={`Role of ${m.email}`}
                    // Its own width even in a squeezed table: a narrow screen scrolls the table instead.
                    className="w-40 min-w-40"
                    value={m.role}
                    onChange={(e) => changeRole(m, e.target.value as OrgRole)}
                  >
                    {ORG_ROLES.map((r) => (
                      <option key={r} value={r}>
                        {ORG_ROLE_LABELS[r]}
                      </option>
                    ))}
                  </NativeSelect>
                ) : (
                  ORG_ROLE_LABELS[m.role]
                )}
              </Td>
              <Td>{formatDate(m.joinedAt)}</Td>
              {canManage && (
                <Td className="text-right">
                  <Button size="icon" variant="ghost" aria-label={`Remove ${m.email}`} onClick={() => setRemoving(m)}>
                    <Trash2 className="size-4" aria-hidden />
                  </Button>
                </Td>
              )}
            </Tr>
          ))}
        </TBody>
      </Table>
      <RemoveMemberDialog slug={slug} member={removing} onClose={() => setRemoving(null)} />
    </>
  )
}

function RemoveMemberDialog({ slug, member, onClose }: { slug: string; member: Member | null; onClose: () => void }) {
  const remove = useRemoveMember()
  return (
    <ConfirmDialog
      open={member !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Remove member"
      description={member ? `${member.email} loses access to this organization and its projects.` : undefined}
      confirmLabel="Remove"
      loading={remove.isPending}
      onConfirm={() =>
        member &&
        remove.mutate(
          { slug, userId: member.userId },
          {
            onSuccess: () => {
              toast.success(`Removed ${member.email}`)
              onClose()
            },
            onError: (e) => toast.error(`Failed to remove member: ${errorMessage(e)}`),
          },
        )
      }
    />
  )
}

function PendingInvitations({ slug }: { slug: string }) {
  const invitations = useInvitations(slug)
  const revoke = useRevokeInvitation()
  return (
    <section aria-labelledby="pending-invitations" className="mt-10 space-y-3">
      <h2 id="pending-invitations" className="text-base font-semibold">
        Pending invitations
      </h2>
      {invitations.error ? (
        <ErrorState title="Failed to retrieve invitations" error={invitations.error} />
      ) : invitations.isPending ? (
        <SkeletonList rows={2} />
      ) : invitations.data.length === 0 ? (
        <EmptyState title="No pending invitations" />
      ) : (
        <Table>
          <THead>
            <Tr>
              <Th>Invitee</Th>
              <Th>Role</Th>
              <Th>Expires</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </Tr>
          </THead>
          <TBody>
            {invitations.data.map((inv) => (
              <Tr key={inv.id}>
                <Td>{inv.email ?? <span className="text-muted-foreground">Anyone with the link</span>}</Td>
                <Td>{ORG_ROLE_LABELS[inv.role]}</Td>
                <Td>{formatDate(inv.expiresAt)}</Td>
                <Td className="text-right">
                  <Button
                    size="sm"
                    loading={revoke.isPending && revoke.variables?.id === inv.id}
                    onClick={() =>
                      revoke.mutate(
                        { slug, id: inv.id },
                        {
                          onSuccess: () => toast.success('Invitation revoked'),
                          onError: (e) => toast.error(`Failed to revoke invitation: ${errorMessage(e)}`),
                        },
                      )
                    }
                  >
                    Revoke
                  </Button>
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </section>
  )
}
