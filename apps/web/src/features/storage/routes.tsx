import { useParams } from 'react-router'
import { useProject } from '../../project/use-project'
import { BucketsPage } from './components/buckets-page'
import { ExplorerPage } from './components/explorer-page'
import { StorageApiDocsPage } from './components/storage-api-docs-page'
import { StorageSettingsPage } from './components/storage-settings-page'

/** Storage › Buckets (the areas table loads this module for /project/{ref}/storage/buckets). */
export function BucketsRoute() {
  const { project } = useProject()
  return <BucketsPage projectRef={project.ref} />
}

/** /project/{ref}/storage/buckets/{bucketId}: one bucket's file explorer. */
export function ExplorerRoute() {
  const { project } = useProject()
  const { bucketId = '' } = useParams()
  return <ExplorerPage key={bucketId} projectRef={project.ref} bucketId={bucketId} />
}

/** /project/{ref}/settings/storage: the project's upload limit (spec 3 "Storage Settings"). */
export function StorageSettingsRoute() {
  const { project } = useProject()
  return <StorageSettingsPage project={project} />
}

/** API docs › Storage (`/project/{ref}/api?page=storage`). */
export function StorageApiDocsRoute() {
  const { project } = useProject()
  return <StorageApiDocsPage project={project} />
}
