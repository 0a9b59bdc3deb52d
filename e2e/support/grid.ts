// Finding things in the table editor's grid (react-data-grid: ARIA grid with row and column indexes).
import { expect, type Locator, type Page } from '@playwright/test'

export const grid = (page: Page, table: string, schema = 'public') =>
  page.getByRole('grid', { name: `Rows of ${schema}.${table}` })

export const footer = (page: Page) => page.locator('footer').filter({ has: page.getByLabel('Page number') })

/** The grid shows `n` rows (react-data-grid counts the header row in aria-rowcount; rows are virtualised). */
export async function expectRows(page: Page, n: number, table: string): Promise<void> {
  await expect(grid(page, table)).toHaveAttribute('aria-rowcount', String(n + 1))
}

/** The footer's total: '250 records'. */
export async function expectRecords(page: Page, n: number): Promise<void> {
  await expect(
    footer(page).getByText(`${n.toLocaleString('en-US')} ${n === 1 ? 'record' : 'records'}`, { exact: true }),
  ).toBeVisible()
}

export function header(page: Page, column: string, table: string): Locator {
  return grid(page, table)
    .getByRole('columnheader')
    .filter({ has: page.getByRole('button', { name: `Column ${column} menu`, exact: true }) })
}

/** The cell of a column in the n-th data row (1-based), located by its header's column index. */
export async function cell(page: Page, row: number, column: string, table: string): Promise<Locator> {
  const colIndex = await header(page, column, table).getAttribute('aria-colindex')
  return grid(page, table).locator(`[role="row"][aria-rowindex="${row + 1}"] [aria-colindex="${colIndex}"]`)
}

/** Opens a table from the entity list of the editor page the browser is on. */
export async function openTable(page: Page, table: string): Promise<void> {
  const tables = page.getByRole('navigation', { name: 'Tables' })
  await tables.getByRole('link', { name: `table ${table}`, exact: true }).click()
  await expect(tables.getByRole('link', { name: `table ${table}`, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  )
}

/** Scrolls the grid back to its first columns (columns scrolled out of view are not rendered). */
export async function scrollToStart(page: Page, table: string): Promise<void> {
  await grid(page, table).evaluate((el) => el.scrollTo({ left: 0, top: 0 }))
}
