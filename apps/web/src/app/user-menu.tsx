import { Link, useNavigate } from 'react-router'
import { CircleUser, LogOut, Settings, LayoutGrid } from 'lucide-react'
import { toast } from 'sonner'
import { useSession, useSignOut } from '../lib/auth'
import { errorMessage } from '../lib/format'
import { Button } from '../ui/button'
import { DropdownMenu, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from '../ui/dropdown-menu'

export function UserMenu() {
  const session = useSession()
  const signOut = useSignOut()
  const navigate = useNavigate()
  const user = session.data?.user
  if (!user) return null
  const hosted = session.data?.mode === 'hosted'
  return (
    <DropdownMenu
      label="Account"
      trigger={
        <Button variant="ghost" size="icon" aria-label="User menu">
          <CircleUser className="size-5" aria-hidden />
        </Button>
      }
    >
      <DropdownMenuLabel>
        <span className="block font-medium text-foreground">{user.displayName ?? user.email}</span>
        {user.displayName && <span className="block">{user.email}</span>}
      </DropdownMenuLabel>
      <DropdownMenuSeparator />
      {hosted && (
        <>
          <DropdownMenuItem asChild>
            <Link to="/projects">
              <LayoutGrid className="size-4" aria-hidden />
              All projects
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/account/me">
              <Settings className="size-4" aria-hidden />
              Account preferences
            </Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
        </>
      )}
      <DropdownMenuItem
        onSelect={() =>
          signOut.mutate(undefined, {
            onSuccess: () => navigate('/sign-in', { replace: true }),
            onError: (e) => toast.error(`Failed to sign out: ${errorMessage(e)}`),
          })
        }
      >
        <LogOut className="size-4" aria-hidden />
        Sign out
      </DropdownMenuItem>
    </DropdownMenu>
  )
}
