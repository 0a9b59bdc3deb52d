import type { InputHTMLAttributes, Ref, SelectHTMLAttributes } from 'react'
import { cn } from '../lib/cn'

const FIELD =
  'w-full rounded-md border border-input bg-background px-3 text-sm text-foreground placeholder:text-muted-foreground ' +
  'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring disabled:opacity-50 ' +
  'aria-[invalid=true]:border-destructive'

export function Input({
  className,
  ref,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input ref={ref} className={cn(FIELD, 'h-9', className)} {...props} />
}

/** A native select: keyboard- and screen-reader-friendly without a popover. */
export function NativeSelect({
  className,
  ref,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return <select ref={ref} className={cn(FIELD, 'h-9 pr-8', className)} {...props} />
}
