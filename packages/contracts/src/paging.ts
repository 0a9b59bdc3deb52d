import { z } from 'zod'

/**
 * The highest page number any list accepts. A page's offset (page × at most 1000 rows) then stays far
 * inside both Postgres' bigint and JavaScript's exact integers, so a page past it is refused with this
 * message instead of failing in the database.
 */
export const MAX_PAGE = 1_000_000_000
export const PAGE_OUT_OF_RANGE = `Page must be a whole number from 1 to ${MAX_PAGE}`

/**
 * A 1-based page number in a JSON body.
 *
 * @example
 *   z.object({ page: pageNumberSchema.default(1) })
 */
export const pageNumberSchema = z
  .number({ error: PAGE_OUT_OF_RANGE })
  .int(PAGE_OUT_OF_RANGE)
  .min(1, PAGE_OUT_OF_RANGE)
  .max(MAX_PAGE, PAGE_OUT_OF_RANGE)

/**
 * A 1-based page number in a query string (`?page=2`).
 *
 * @example
 *   z.object({ page: pageQueryParamSchema.default(1) })
 */
export const pageQueryParamSchema = z.coerce.number({ error: PAGE_OUT_OF_RANGE }).pipe(pageNumberSchema)
