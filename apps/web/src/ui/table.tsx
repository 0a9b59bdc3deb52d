import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react'
import { cn } from '../lib/cn'

export function Table({ className, ...props }: HTMLAttributes<HTMLTableElement>) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className={cn('w-full border-collapse text-sm', className)} {...props} />
    </div>
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
