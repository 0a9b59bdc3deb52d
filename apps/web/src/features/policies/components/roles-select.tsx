import { ChevronDown, X } from 'lucide-react'
import { useRoles } from '../../../project/pg-meta/get-roles'
import { Button } from '../../../ui/button'
import { Popover } from '../../../ui/popover'
import { Spinner } from '../../../ui/spinner'
import { POLICIES_MESSAGES, EDITOR_MESSAGES } from '../messages'

/**
 * The target roles of a policy (spec 1 §5): several may be chosen; none means public, which is therefore
 * not offered, and the server's roles list already leaves out the reserved roles (spec 1 §6) and Basalt's own
 * logins of the project (the server knows their names; nothing here repeats them).
 */
export function RolesSelect({
  projectRef,
  value,
  onChange,
  id,
  labelledBy,
}: {
  projectRef: string
  value: string[]
  onChange: (roles: string[]) => void
  id: string
  /** The id of the field's label: the button is named by it and by the roles it shows. */
  labelledBy?: string
}) {
  const roles = useRoles(projectRef)
  const toggle = (name: string, on: boolean) => onChange(on ? [...value, name] : value.filter((r) => r !== name))
  const options = (roles.data ?? []).filter((r) => r.name !== 'public')
  return (
    <div className="space-y-2">
      <Popover
        label={EDITOR_MESSAGES.rolesLabel}
        trigger={
          <Button
            id={id}
            className="w-full justify-between font-normal"
            aria-labelledby={labelledBy ? `${labelledBy} ${id}-value` : undefined}
          >
            <span id={`${id}-value`} className={value.length === 0 ? 'text-muted-foreground' : ''}>
              {value.length === 0 ? EDITOR_MESSAGES.rolesPlaceholder : value.join(', ')}
            </span>
            <ChevronDown aria-hidden className="size-4" />
          </Button>
        }
      >
        {roles.isPending ? (
          <Spinner label="Loading roles" />
        ) : roles.error ? (
          <p role="alert" className="text-sm text-destructive">
            {POLICIES_MESSAGES.rolesError}
          </p>
        ) : (
          <fieldset className="max-h-64 space-y-1 overflow-y-auto">
            <legend className="sr-only">{EDITOR_MESSAGES.rolesLabel}</legend>
            {options.map((role) => (
              <label key={role.id} className="flex items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-muted">
                <input
                  type="checkbox"
                  checked={value.includes(role.name)}
                  onChange={(e) => toggle(role.name, e.target.checked)}
                  className="size-4 accent-brand"
                />
                <code>{role.name}</code>
              </label>
            ))}
          </fieldset>
        )}
      </Popover>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Chosen roles">
          {value.map((role) => (
            <li key={role} className="flex items-center gap-1 rounded bg-muted px-1.5 py-0.5 text-xs">
              <code>{role}</code>
              <button
                type="button"
                aria-label={`Remove ${role}`}
                onClick={() => toggle(role, false)}
                className="rounded text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X aria-hidden className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
