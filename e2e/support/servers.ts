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

/**
 * The main server's AI provider (docs/ai.md): an OpenAI-compatible endpoint that the AI journey starts
 * itself on this port (apps/server/test/fake-openai.ts). Until it does, AI calls fail as with a provider
 * that cannot be reached; no journey but that one asks the assistant anything.
 */
export const aiPort = Number(process.env.E2E_AI_PORT ?? port + 2)
export const aiBaseURL = `http://127.0.0.1:${aiPort}/v1`
export const AI_MODEL = 'e2e-fake-model'
