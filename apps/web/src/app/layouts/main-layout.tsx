import { Outlet } from 'react-router'
import { AppHeader } from '../app-header'

/** /projects and the wizards: the app header above the page. */
export function MainLayout() {
  return (
    <div className="flex h-full flex-col">
      <AppHeader />
      <main className="min-h-0 flex-1 overflow-y-auto">
        <Outlet />
      </main>
    </div>
  )
}
