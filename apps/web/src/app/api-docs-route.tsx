import { lazy, Suspense } from 'react'
import { useSearchParams } from 'react-router'
import { PageSpinner } from '../ui/spinner'
import { ProjectPage } from './project-page'

const StorageApiDocs = lazy(() =>
  import('../features/storage/routes').then((m) => ({ default: m.StorageApiDocsRoute })),
)

/**
 * `/project/{ref}/api`: the API docs are one page whose query says which part. API docs › Storage
 * (`?page=storage`) is built; the other parts show the "not available yet" notice under their titles.
 */
export function ApiDocsRoute() {
  const [search] = useSearchParams()
  if (search.get('page') !== 'storage') return <ProjectPage />
  return (
    <Suspense fallback={<PageSpinner />}>
      <StorageApiDocs />
    </Suspense>
  )
}
