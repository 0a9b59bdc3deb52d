import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react'
import { cn } from '../lib/cn'
import { ScrollRegion } from './scroll-region'

/** A table in a box that scrolls sideways when it does not fit, and then takes the keyboard focus. */
export function Table({ className, label, ...props }: HTMLAttributes<HTMLTableElement> & { label?: string }) {
  return (
    <ScrollRegion
      label={label ?? props['aria-label'] ?? 'Table'}
      className="overflow-x-auto rounded-lg border border-border focus-visible:outline-2 focus-visible:outline-ring"
    >
      <table className={cn('w-full border-collapse text-sm', className)} {...props} />
    </ScrollRegion>
  )
}
export const THead = (props: HTMLAttributes<HTMLTableSectionElement>) => (
  <thead className="bg-surface text-left text-xs text-muted-foreground" {...props} />
)
export const TBody = (props: HTMLAttributes<HTMLTableSectionElement>) => <tbody {...props} />
export const Tr = ({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) => (
  <tr className={cn('border-b border-border last:border-b-0', className)} {...props} />
)
export const Th = ({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) => (
  <th scope="col" className={cn('px-4 py-2 font-medium', className)} {...props} />
)
export const Td = ({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) => (
  <td className={cn('px-4 py-2.5 align-middle', className)} {...props} />
)
