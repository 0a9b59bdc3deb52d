import { useMemo, useState } from 'react'
import { Lock, Pencil, Trash2, UserCog } from 'lucide-react'
import { toast } from 'sonner'
import { RESERVED_ROLES, roleDefinitionSchema, type DatabaseRole, type RoleDefinition } from '@basalt/contracts'
import { buildDropRole, createRoleStatements, roleReviewSql, updateRoleStatements } from '@basalt/sql'
import { usePermission } from '../../../project/use-permission'
import { Badge } from '../../../ui/badge'
import { Button } from '../../../ui/button'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { Table, TBody, Td, Th, THead, Tr } from '../../../ui/table'
import { Tooltip } from '../../../ui/tooltip'
import { useDeleteDatabaseRole, useSaveDatabaseRole } from '../api/change-database-role'
import { useDatabaseRoles, useRoleDependents } from '../api/get-database-roles'
import { ROLE_MESSAGES as MESSAGES } from '../messages'
import { ChangePanel, type FieldOfError } from './change-panel'
import { DropDialog } from './drop-dialog'
import { ListPage } from './list-page'
import { matches, useListParams } from './page-toolbar'

const ATTRIBUTES = [
  ['can_login', 'Can log in'],
  ['can_create_role', 'Create roles'],
  ['can_create_db', 'Create databases'],
  ['can_bypass_rls', 'Bypass RLS'],
] as const

function attributeBadges(role: DatabaseRole): string[] {
  return [
    role.is_superuser && 'superuser',
    ...ATTRIBUTES.filter(([key]) => role[key]).map(([, label]) => label.toLowerCase()),
    role.is_replication_role && 'replication',
  ].filter((x): x is string => typeof x === 'string')
}

/**
 * Database › Roles: every role with its sessions against its limit, its attributes, expiry and memberships;
 * create, edit and delete for members who may change the database. Basalt's own logins, the reserved roles,
 * the project's API roles and superusers are shown locked, with why.
 */
export function RolesPage({ projectRef }: { projectRef: string }) {
  const { search, setSearch } = useListParams()
  const roles = useDatabaseRoles(projectRef)
  const canWrite = usePermission('tenant_sql:write')
  const [open, setOpen] = useState<{ role: DatabaseRole | null } | null>(null)
  const [deleting, setDeleting] = useState<DatabaseRole | null>(null)
  const all = roles.data?.roles
  const rows = useMemo(() => (all ?? []).filter((r) => matches(search, r.name)), [all, search])
  const max = roles.data?.max_connections ?? 0

  return (
    <>
      <ListPage
        messages={MESSAGES}
        query={roles}
        shown={{ rows, total: all?.length ?? 0 }}
        search={search}
        onSearch={setSearch}
        readOnly={!canWrite}
        onCreate={canWrite ? () => setOpen({ role: null }) : undefined}
        icon={<UserCog aria-hidden className="size-6" />}
      >
        {(shown) => (
          <Table label="Roles">
            <THead>
              <Tr>
                <Th>Name</Th>
                <Th>Attributes</Th>
                <Th>Connections</Th>
                <Th>Valid until</Th>
                <Th>Member of</Th>
                <Th>
                  <span className="sr-only">Actions</span>
                </Th>
              </Tr>
            </THead>
            <TBody>
              {shown.map((r) => (
                <Tr key={r.id}>
                  <Td className="font-mono">{r.name}</Td>
                  <Td>
                    <span className="flex flex-wrap gap-1">
                      {attributeBadges(r).map((a) => (
                        <Badge key={a} tone={a === 'superuser' ? 'warning' : 'neutral'}>
                          {a}
                        </Badge>
                      ))}
                    </span>
                  </Td>
                  <Td className="tabular-nums">{MESSAGES.connections(r.connections, r.connection_limit, max)}</Td>
                  <Td className="font-mono text-xs">{r.valid_until ?? '–'}</Td>
                  <Td className="font-mono text-xs break-words">
                    {r.member_of.map((m) => (m.admin_option ? `${m.role} (admin)` : m.role)).join(', ') || '–'}
                  </Td>
                  <Td className="text-right whitespace-nowrap">
                    {r.locked_reason ? (
                      <Tooltip content={r.locked_reason}>
                        <span
                          tabIndex={0}
                          aria-label={`${MESSAGES.locked}: ${r.locked_reason}`}
                          className="inline-flex items-center gap-1 text-xs text-muted-foreground"
                        >
                          <Lock aria-hidden className="size-3.5" />
                          {MESSAGES.locked}
                        </span>
                      </Tooltip>
                    ) : (
                      canWrite && (
                        <>
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={MESSAGES.edit(r.name)}
                            onClick={() => setOpen({ role: r })}
                          >
                            <Pencil aria-hidden className="size-4" />
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={MESSAGES.remove(r.name)}
                            onClick={() => setDeleting(r)}
                          >
                            <Trash2 aria-hidden className="size-4" />
                          </Button>
                        </>
                      )
                    )}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </ListPage>
      {open && (
        <RolePanel
          projectRef={projectRef}
          role={open.role}
          grantable={(all ?? [])
            .filter((r) => r.grantable && (r.locked === null || r.locked === 'api'))
            .map((r) => r.name)}
          onClose={() => setOpen(null)}
        />
      )}
      {deleting && <DeleteRoleDialog projectRef={projectRef} role={deleting} onClose={() => setDeleting(null)} />}
    </>
  )
}

/**
 * Which field a refusal concerns: a reserved or taken name (42939, 42710), an expiry Postgres cannot read
 * (22007, 22008), an attribute the admin role may not give (42501), a membership (0LP01, 42704).
 */
const ROLE_FIELDS: FieldOfError<string> = {
  '42939': 'name',
  '42710': 'name',
  '22007': 'valid_until',
  '22008': 'valid_until',
  '42501': 'attributes',
  '0LP01': 'member_of',
  '42704': 'member_of',
}

function RolePanel({
  projectRef,
  role,
  grantable,
  onClose,
}: {
  projectRef: string
  role: DatabaseRole | null
  grantable: string[]
  onClose: () => void
}) {
  const save = useSaveDatabaseRole(projectRef, role?.id ?? null)
  const [form, setForm] = useState({
    name: role?.name ?? '',
    can_login: role?.can_login ?? false,
    can_create_role: role?.can_create_role ?? false,
    can_create_db: role?.can_create_db ?? false,
    can_bypass_rls: role?.can_bypass_rls ?? false,
    limit: role?.connection_limit?.toString() ?? '',
    valid_until: role?.valid_until ?? '',
    member_of: role?.member_of.map((m) => m.role) ?? [],
    password: '',
  })
  const [errors, setErrors] = useState<{ name?: string; limit?: string }>({})
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }))
  const choices = [...new Set([...grantable.filter((n) => n !== role?.name), ...form.member_of])]

  const prepare = () => {
    const found: typeof errors = {}
    const name = form.name.trim()
    if (name === '') found.name = MESSAGES.nameRequired
    else if ((RESERVED_ROLES as readonly string[]).includes(name)) found.name = MESSAGES.reservedName(name)
    if (form.limit.trim() !== '' && !/^\d+$/.test(form.limit.trim())) found.limit = MESSAGES.limitInvalid
    setErrors(found)
    if (Object.keys(found).length > 0) return null
    const body: RoleDefinition = {
      name,
      can_login: form.can_login,
      can_create_role: form.can_create_role,
      can_create_db: form.can_create_db,
      can_bypass_rls: form.can_bypass_rls,
      connection_limit: form.limit.trim() === '' ? null : Number(form.limit.trim()),
      valid_until: form.valid_until.trim() === '' ? null : form.valid_until.trim(),
      member_of: form.member_of,
      password: form.password === '' ? null : form.password,
    }
    const def = roleDefinitionSchema.parse(body)
    const statements = role ? updateRoleStatements({ before: role, after: def }) : createRoleStatements(def)
    return { body, sql: roleReviewSql(statements) || '-- nothing to change' }
  }

  return (
    <ChangePanel
      title={role ? MESSAGES.editTitle(role.name) : MESSAGES.createTitle}
      onClose={onClose}
      mutation={save}
      prepare={prepare}
      fields={ROLE_FIELDS}
      onDone={(saved) => {
        toast.success(MESSAGES.saved(saved.name))
        onClose()
      }}
    >
      {(refused) => (
        <>
          <FormField label="Name" error={errors.name ?? refused('name')}>
            <Input value={form.name} onChange={(e) => set('name', e.target.value)} spellCheck={false} />
          </FormField>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Attributes</legend>
            <div className="grid gap-2 text-sm sm:grid-cols-2">
              {ATTRIBUTES.map(([key, label]) => (
                <label key={key} className="flex items-center gap-2">
                  <input type="checkbox" checked={form[key]} onChange={(e) => set(key, e.target.checked)} />
                  {label}
                </label>
              ))}
            </div>
            {refused('attributes') && (
              <p role="alert" className="text-xs text-destructive">
                {refused('attributes')}
              </p>
            )}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Connection limit" description="Empty: no limit." error={errors.limit}>
              <Input inputMode="numeric" value={form.limit} onChange={(e) => set('limit', e.target.value)} />
            </FormField>
            <FormField
              label="Valid until"
              description="A timestamp, e.g. 2030-01-01; empty: no expiry."
              error={refused('valid_until')}
            >
              <Input value={form.valid_until} onChange={(e) => set('valid_until', e.target.value)} spellCheck={false} />
            </FormField>
          </div>
          <FormField label="Password" description={MESSAGES.passwordDescription}>
            <Input
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => set('password', e.target.value)}
            />
          </FormField>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Member of</legend>
            <div className="grid max-h-48 gap-1 overflow-auto text-sm sm:grid-cols-2">
              {choices.map((n) => (
                <label key={n} className="flex items-center gap-2 font-mono">
                  <input
                    type="checkbox"
                    checked={form.member_of.includes(n)}
                    onChange={(e) =>
                      set(
                        'member_of',
                        e.target.checked ? [...form.member_of, n] : form.member_of.filter((x) => x !== n),
                      )
                    }
                  />
                  {n}
                </label>
              ))}
            </div>
            {refused('member_of') && (
              <p role="alert" className="text-xs text-destructive">
                {refused('member_of')}
              </p>
            )}
          </fieldset>
        </>
      )}
    </ChangePanel>
  )
}

function DeleteRoleDialog({
  projectRef,
  role,
  onClose,
}: {
  projectRef: string
  role: DatabaseRole
  onClose: () => void
}) {
  return (
    <DropDialog
      title={MESSAGES.deleteTitle(role.name)}
      name={role.name}
      dependents={useRoleDependents(projectRef, role.id)}
      cascadable={false}
      mutation={useDeleteDatabaseRole(projectRef)}
      variables={() => role.id}
      sql={() => buildDropRole(role)}
      done={MESSAGES.deleted(role.name)}
      onClose={onClose}
    />
  )
}
