import { Eye, Globe, Layers, Table2, TableProperties, type LucideIcon } from 'lucide-react'
import type { EntityType } from '@basalt/contracts'
import { cn } from '../../../lib/cn'

const ICONS: Record<EntityType, LucideIcon> = {
  table: Table2,
  'partitioned table': TableProperties,
  view: Eye,
  'materialized view': Layers,
  'foreign table': Globe,
}

/** The icon of an entity type, named for screen readers. */
export function EntityIcon({ type, className }: { type: EntityType; className?: string }) {
  const Icon = ICONS[type]
  return <Icon role="img" aria-label={type} className={cn('size-3.5 shrink-0 text-muted-foreground', className)} />
}
