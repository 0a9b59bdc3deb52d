import type { ProjectStatus } from '@basalt/contracts'
import { Badge, type BadgeTone } from './badge'

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  coming_up: 'Coming up',
  active: 'Active',
  inactive: 'Paused',
  failed: 'Failed',
}

const TONES: Record<ProjectStatus, BadgeTone> = {
  coming_up: 'warning',
  active: 'success',
  inactive: 'neutral',
  failed: 'danger',
}

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return <Badge tone={TONES[status]}>{PROJECT_STATUS_LABELS[status]}</Badge>
}
