export { ProjectsPage as ProjectsRoute } from '../../features/projects/components/projects-page'
export { NewProjectPage as NewProjectRoute } from '../../features/projects/components/new-project-page'
export { NewOrganizationPage as NewOrganizationRoute } from '../../features/organization/components/new-organization-page'
