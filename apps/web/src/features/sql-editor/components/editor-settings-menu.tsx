import { Settings2 } from 'lucide-react'
import { Button } from '../../../ui/button'
import { DropdownMenu, DropdownMenuCheckboxItem, DropdownMenuLabel } from '../../../ui/dropdown-menu'
import { useIntellisensePreference } from '../intellisense'
import { EDITOR_MESSAGES } from './messages'

/** The editor's settings (spec 2 §9): the 'intellisense' preference, on by default, kept in this browser. */
export function EditorSettingsMenu() {
  const [intellisense, setIntellisense] = useIntellisensePreference()
  return (
    <DropdownMenu
      label={EDITOR_MESSAGES.settings}
      trigger={
        <Button size="icon" variant="ghost" aria-label={EDITOR_MESSAGES.settings}>
          <Settings2 aria-hidden className="size-4" />
        </Button>
      }
    >
      <DropdownMenuLabel>{EDITOR_MESSAGES.settings}</DropdownMenuLabel>
      <DropdownMenuCheckboxItem checked={intellisense} onCheckedChange={setIntellisense}>
        {EDITOR_MESSAGES.intellisense}
      </DropdownMenuCheckboxItem>
    </DropdownMenu>
  )
}
