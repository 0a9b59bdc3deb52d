import { useOutletContext } from 'react-router'
import type { Mode, ProjectDetail } from '@basalt/contracts'

/** What the project layout hands every page of a project area (its outlet context). */
export interface ProjectContext {
  project: ProjectDetail
  mode: Mode
}

/**
 * The project the page belongs to, and the mode, as the project layout hands them to its outlet. Only for
 * pages rendered under /project/:ref (the layout's outlet); nested layouts pass the context on.
 *
 * @example
 *   const { project } = useProject()
 *   return <h1>{project.name}</h1>
 */
export const useProject = () => useOutletContext<ProjectContext>()
