// The journeys' servers (playwright.config.ts starts them): where each listens, from the environment.

export const port = Number(process.env.E2E_PORT ?? 8400)
export const pgPort = Number(process.env.E2E_PG_PORT ?? 54500)
export const baseURL = `http://localhost:${port}`

/**
 * A second, untouched installation for journey 1, which signs up the first owner through the pages: on the
 * main server the fixtures may have made the owner already. Its Postgres ports sit 50 above the main
 * server's, clear of the clusters the main server's projects take (each the next port up).
 */
export const firstRunPort = Number(process.env.E2E_FIRST_RUN_PORT ?? port + 1)
export const firstRunPgPort = pgPort + 50
export const firstRunURL = `http://localhost:${firstRunPort}`
