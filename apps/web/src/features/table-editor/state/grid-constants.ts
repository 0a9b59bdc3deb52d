/** Business constants of the grid (spec 1 §9, spec 2 §9). */
export const MIN_COLUMN_WIDTH = 100
/** Estimated pixels per character of a column header (name and type). */
export const HEADER_CHARACTER_WIDTH = 9
export const SELECT_COLUMN_WIDTH = 65
export const COLUMN_RESIZE_DEBOUNCE_MS = 500
/** Rows are retried every 5 seconds, up to 3 times (spec 1 §7, §9). */
export const ROWS_RETRY_DELAY_MS = 5000
export const ROWS_RETRY_COUNT = 3
/** The entity list search. */
export const ENTITY_SEARCH_DEBOUNCE_MS = 300
/** Spec 2 §9: table list item height. */
export const ENTITY_ITEM_HEIGHT_PX = 28
