import type { ReactNode } from 'react'
import { DropdownMenu as Menu } from 'radix-ui'
import { Check } from 'lucide-react'
import { cn } from '../lib/cn'

/**
 * A menu item, for every Radix menu (dropdown, context, radio). The highlighted item shows a ring as well as a
 * background: the background alone differs from the menu's by far less than 3:1 (WCAG 1.4.11).
 */
export const MENU_ITEM =
  'flex cursor-default items-center gap-2 rounded px-2 py-1.5 text-sm outline-none select-none ' +
  'data-[highlighted]:bg-muted data-[highlighted]:outline-2 data-[highlighted]:outline-solid ' +
  'data-[highlighted]:-outline-offset-2 data-[highlighted]:outline-ring data-[disabled]:opacity-50'

export function DropdownMenu({
  trigger,
  children,
  align = 'end',
  label,
  open,
  onOpenChange,
}: {
  trigger: ReactNode
  children: ReactNode
  align?: 'start' | 'end'
  label?: string
  /**
   * Controlled: opened by something other than its trigger (a key on a grid's header, say). Opened by a key,
   * Radix starts it on its first item.
   */
  open?: boolean
  onOpenChange?: (open: boolean) => void
}) {
  return (
    // Not modal: a modal menu hides the page with aria-hidden while it stays focusable (axe: aria-hidden-focus).
    <Menu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align={align}
          sideOffset={6}
          aria-label={label}
          className="z-50 min-w-48 rounded-md border border-border bg-surface-raised p-1 shadow-lg"
        >
          {children}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  )
}

export function DropdownMenuItem({
  children,
  onSelect,
  asChild,
  disabled,
  className,
}: {
  children: ReactNode
  onSelect?: () => void
  asChild?: boolean
  disabled?: boolean
  className?: string
}) {
  return (
    <Menu.Item asChild={asChild} disabled={disabled} onSelect={onSelect} className={cn(MENU_ITEM, className)}>
      {children}
    </Menu.Item>
  )
}

export function DropdownMenuLabel({ children }: { children: ReactNode }) {
  return <Menu.Label className="px-2 py-1.5 text-xs text-muted-foreground">{children}</Menu.Label>
}

export function DropdownMenuSeparator() {
  return <Menu.Separator className="my-1 h-px bg-border" />
}

export function DropdownMenuRadioGroup<T extends string>({
  value,
  onValueChange,
  options,
}: {
  value: T
  onValueChange: (value: T) => void
  options: ReadonlyArray<{ value: T; label: string }>
}) {
  return (
    <Menu.RadioGroup value={value} onValueChange={(v) => onValueChange(v as T)}>
      {options.map((o) => (
        <Menu.RadioItem key={o.value} value={o.value} className={cn(MENU_ITEM, 'pl-7 relative')}>
          <Menu.ItemIndicator className="absolute left-2.5 size-1.5 rounded-full bg-foreground" />
          {o.label}
        </Menu.RadioItem>
      ))}
    </Menu.RadioGroup>
  )
}

/** A setting turned on and off from a menu (its state is announced; the menu stays open to show it). */
export function DropdownMenuCheckboxItem({
  checked,
  onCheckedChange,
  children,
}: {
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  children: ReactNode
}) {
  return (
    <Menu.CheckboxItem
      checked={checked}
      onCheckedChange={onCheckedChange}
      onSelect={(event) => event.preventDefault()}
      className={cn(MENU_ITEM, 'relative pl-7')}
    >
      <Menu.ItemIndicator className="absolute left-2">
        <Check aria-hidden className="size-3.5" />
      </Menu.ItemIndicator>
      {children}
    </Menu.CheckboxItem>
  )
}
