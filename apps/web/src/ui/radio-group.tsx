import type { ReactNode } from 'react'
import { RadioGroup as Radix } from 'radix-ui'
import { cn } from '../lib/cn'

export interface RadioOption<T extends string> {
  value: T
  label: string
  description?: ReactNode
}

/** Radio cards: arrow keys move between options (Radix roving focus). */
export function RadioGroup<T extends string>({
  value,
  onValueChange,
  options,
  label,
}: {
  value: T
  onValueChange: (value: T) => void
  options: ReadonlyArray<RadioOption<T>>
  label: string
}) {
  return (
    <Radix.Root
      value={value}
      onValueChange={(v) => onValueChange(v as T)}
      aria-label={label}
      className="grid gap-2 sm:grid-cols-2"
    >
      {options.map((o) => (
        <label
          key={o.value}
          className={cn(
            'flex cursor-pointer gap-3 rounded-lg border p-3 text-sm',
            value === o.value ? 'border-brand bg-brand/5' : 'border-border hover:bg-muted',
          )}
        >
          <Radix.Item
            value={o.value}
            className="mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full border border-input focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <Radix.Indicator className="size-2 rounded-full bg-brand" />
          </Radix.Item>
          <span className="space-y-0.5">
            <span className="block font-medium">{o.label}</span>
            {o.description && <span className="block text-xs text-muted-foreground">{o.description}</span>}
          </span>
        </label>
      ))}
    </Radix.Root>
  )
}
