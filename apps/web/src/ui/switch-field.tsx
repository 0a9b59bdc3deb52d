import { useId, type ReactNode } from 'react'
import { Switch } from 'radix-ui'
import { ControlLabel, describedBy } from './control-label'

/**
 * A setting that is on or off: its label and description on the left, a switch on the right, wired together
 * for assistive technology (the switch is named by the label and described by the description).
 */
export function SwitchField({
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
}: {
  label: ReactNode
  description?: ReactNode
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  disabled?: boolean
}) {
  const id = useId()
  return (
    <div className="flex items-start justify-between gap-4">
      <ControlLabel id={id} label={label} description={description} />
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={describedBy(id, description)}
        className="relative mt-0.5 inline-flex h-5 w-9 shrink-0 items-center rounded-full border border-input bg-muted transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:border-brand data-[state=checked]:bg-brand"
      >
        <Switch.Thumb className="block size-3.5 translate-x-0.5 rounded-full bg-foreground shadow transition-transform data-[state=checked]:translate-x-[1.1rem] data-[state=checked]:bg-brand-foreground" />
      </Switch.Root>
    </div>
  )
}
