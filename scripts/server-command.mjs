// How every launcher runs the server — `npm start` (start.mjs), the journeys' server (e2e/serve.mjs) and the
// bench, which must measure what `npm start` runs: main.ts under tsx, with V8's young generation capped at
// 8 MB a semi-space. Node 24 sizes it up to 32 MB, and a streamed answer (an SQL result, a CSV export) then
// grows the server's RSS by 50 to 90 MB of short-lived garbage before a collection; capped, by about 5 MB,
// with the same throughput (docs/performance.md, "Server memory").
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Node's arguments for the server process. */
export const SERVER_ARGS = [
  '--max-semi-space-size=8',
  '--import',
  'tsx',
  path.join(root, 'apps', 'server', 'src', 'main.ts'),
]
