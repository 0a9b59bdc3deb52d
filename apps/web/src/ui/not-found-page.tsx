import { Link } from 'react-router'
import { Button } from './button'
import { NOT_FOUND_MESSAGES } from './messages'

export function NotFoundPage() {
  return (
    <main className="flex min-h-full items-center justify-center px-6 py-16">
      <div className="max-w-md space-y-4 text-center">
        <p className="font-mono text-sm text-muted-foreground">404</p>
        <h1 className="text-2xl font-semibold tracking-tight">{NOT_FOUND_MESSAGES.title}</h1>
        <p className="text-sm text-muted-foreground">{NOT_FOUND_MESSAGES.body}</p>
        <Button asChild variant="primary">
          <Link to="/projects">{NOT_FOUND_MESSAGES.headBack}</Link>
        </Button>
      </div>
    </main>
  )
}
