import { useEffect, useState } from 'react'
import { Monitor, Moon, Sun } from 'lucide-react'
import type { Theme } from '@basalt/contracts'
import { readStoredTheme } from '../lib/theme'
import { Button } from '../ui/button'
import { DropdownMenu, DropdownMenuLabel, DropdownMenuRadioGroup } from '../ui/dropdown-menu'
import { useChooseTheme } from '../features/account/api/update-me'

const OPTIONS = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
] as const

/** Header theme switch: applies at once, then saves the preference to the account. */
export function ThemeMenu() {
  const [theme, setTheme] = useState<Theme>(readStoredTheme)
  const chooseTheme = useChooseTheme()
  useEffect(() => {
    const sync = (e: Event) => setTheme((e as CustomEvent<Theme>).detail)
    window.addEventListener('basalt-theme', sync)
    return () => window.removeEventListener('basalt-theme', sync)
  }, [])
  const Icon = theme === 'dark' ? Moon : theme === 'light' ? Sun : Monitor
  return (
    <DropdownMenu
      label="Theme"
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Theme: ${theme}`}>
          <Icon className="size-4" aria-hidden />
        </Button>
      }
    >
      <DropdownMenuLabel>Theme</DropdownMenuLabel>
      <DropdownMenuRadioGroup value={theme} options={OPTIONS} onValueChange={chooseTheme} />
    </DropdownMenu>
  )
}
