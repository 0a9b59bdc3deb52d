import { useOutletContext } from 'react-router'
import type { Mode, ProjectDetail } from '@basalt/contracts'

/** What the project layout hands its pages. */
export interface ProjectOutletContext {
  project: ProjectDetail
  mode: Mode
}

export const useProjectOutlet = () => useOutletContext<ProjectOutletContext>()
