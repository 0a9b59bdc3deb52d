import { Dialog } from '../../../ui/dialog'
import { ScrollRegion } from '../../../ui/scroll-region'

/** The keys the grid's cells name in their tooltips. */
export const GRID_KEYS = {
  expandRow: 'Shift+Enter',
  followForeignKey: 'Ctrl+Enter',
  columnMenu: 'Enter, or the context-menu key / Shift+F10',
} as const

export const GRID_SHORTCUTS_TITLE = 'Keyboard shortcuts'

/** Every key of the table editor's grid, as the '?' sheet lists them (docs/accessibility.md repeats it). */
export const GRID_SHORTCUTS: ReadonlyArray<{ group: string; keys: ReadonlyArray<readonly [string, string]> }> = [
  {
    group: 'Moving',
    keys: [
      ['Tab / Shift+Tab', 'Enter the grid at the last active cell; leave it (to the footer, or back to the toolbar)'],
      ['Arrow keys', 'Move between cells, the column headers included'],
      ['Home / End', 'First / last cell of the row'],
      ['Ctrl+Home / Ctrl+End', 'First / last cell of the grid'],
      ['Page Up / Page Down', 'A screenful up / down'],
    ],
  },
  {
    group: 'Cells and rows',
    keys: [
      ['Enter, or start typing', 'Edit the cell'],
      ['Enter / Tab (editing)', 'Save the value; Tab moves on'],
      ['Escape (editing)', 'Cancel the edit, whatever the editor'],
      [GRID_KEYS.expandRow, 'Expand the row in a side panel'],
      [GRID_KEYS.followForeignKey, 'View the row a foreign key refers to'],
      ['Space (on the select cell)', 'Select or deselect the row'],
      ['Context-menu key / Shift+F10', 'Row menu: copy the cell, edit or delete the row'],
      ['Ctrl+C', 'Copy the cell'],
      ['Escape', 'Deselect the selected rows'],
    ],
  },
  {
    group: 'Column headers',
    keys: [
      [GRID_KEYS.columnMenu, 'Column menu: edit, freeze or delete the column'],
      ['Enter (on +)', 'Add a column'],
    ],
  },
  { group: 'Help', keys: [['?', 'Show these shortcuts']] },
]

/** The '?' sheet: the grid's keys, in a dialog that gives the focus back to the cell it was opened from. */
export function GridShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={GRID_SHORTCUTS_TITLE}>
      <ScrollRegion label={GRID_SHORTCUTS_TITLE} className="max-h-[60vh] space-y-4 overflow-y-auto">
        {GRID_SHORTCUTS.map(({ group, keys }) => (
          <section key={group} aria-label={group}>
            <h3 className="mb-1.5 text-xs font-semibold text-muted-foreground uppercase">{group}</h3>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
              {keys.map(([key, what]) => (
                <div key={key} className="contents">
                  <dt>
                    <kbd className="rounded border border-border bg-muted px-1.5 py-0.5 font-mono text-xs">{key}</kbd>
                  </dt>
                  <dd className="text-muted-foreground">{what}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </ScrollRegion>
    </Dialog>
  )
}
