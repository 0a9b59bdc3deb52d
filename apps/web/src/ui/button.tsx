import type { ButtonHTMLAttributes, Ref } from 'react'
import { Slot } from 'radix-ui'
import { cn } from '../lib/cn'
import { Spinner } from './spinner'

const VARIANTS = {
  primary: 'bg-brand text-brand-foreground hover:bg-brand/90',
  default: 'border border-input bg-surface-raised text-foreground hover:bg-muted',
  ghost: 'text-foreground hover:bg-muted',
  danger: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
  link: 'text-brand underline-offset-4 hover:underline px-0',
} as const

const SIZES = { sm: 'h-7 px-2.5 text-xs', md: 'h-9 px-3.5 text-sm', icon: 'h-8 w-8 justify-center' } as const

export type ButtonVariant = keyof typeof VARIANTS

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  size?: keyof typeof SIZES
  /** Renders the child element (e.g. a router Link) with button styles. */
  asChild?: boolean
  loading?: boolean
  ref?: Ref<HTMLButtonElement>
}

export function buttonClasses(variant: ButtonVariant = 'default', size: keyof typeof SIZES = 'md') {
  return cn(
    'inline-flex items-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
    'disabled:pointer-events-none disabled:opacity-50 aria-disabled:opacity-50',
    VARIANTS[variant],
    SIZES[size],
  )
}

export function Button({
  variant = 'default',
  size = 'md',
  asChild,
  loading,
  className,
  disabled,
  children,
  type,
  ...props
}: ButtonProps) {
  if (asChild) {
    return (
      <Slot.Root className={cn(buttonClasses(variant, size), className)} {...props}>
        {children}
      </Slot.Root>
    )
  }
  // While loading the button stays enabled (aria-disabled) and ignores clicks: a disabled button drops the
  // keyboard focus to <body> (issue 18), and a second submit would repeat the action.
  return (
    <button
      type={type ?? 'button'}
      className={cn(buttonClasses(variant, size), className)}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      {...props}
      onClick={(event) => {
        if (loading) event.preventDefault()
        else props.onClick?.(event)
      }}
    >
      {loading && <Spinner size={14} />}
      {children}
    </button>
  )
}
