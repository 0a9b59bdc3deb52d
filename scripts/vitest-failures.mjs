// A vitest reporter for `npm test` (scripts/test.mjs): writes what failed the run — failed tests, files that
// failed outside a test (a hook, an import) and unhandled errors — to one text file, which test.mjs prints
// again at the very end. A CI log is often read from its tail, and vitest's own account of a failure is
// scrolled away by the journeys that run after it; an unhandled error fails the run with every test passed.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** Where the account is written; test.mjs removes it before a run. */
export const FAILURES_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'test-results',
  'vitest-failures.txt',
)

/** The lines that say what one error was and where it came from. */
function describe(error) {
  const lines = [`${error.name ?? 'Error'}: ${error.message}`]
  const stack = (error.stack ?? '')
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .slice(0, 8)
  lines.push(...stack)
  if (error.VITEST_TEST_PATH) lines.push(`  while running ${error.VITEST_TEST_PATH}`)
  if (error.VITEST_TEST_NAME) lines.push(`  in or after the test "${error.VITEST_TEST_NAME}"`)
  if (error.cause) lines.push('  caused by:', ...describe(error.cause).map((l) => `  ${l}`))
  return lines
}

export default class FailuresReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    const lines = []
    for (const module of testModules) {
      if (module.state() !== 'failed') continue
      const where = `${module.project.name} ${module.relativeModuleId}`
      for (const error of module.errors()) lines.push(`File ${where} failed outside its tests:`, ...describe(error), '')
      for (const test of module.children.allTests('failed')) {
        lines.push(`Test failed: ${where} > ${test.fullName}`)
        for (const error of test.result().errors ?? []) lines.push(...describe(error))
        lines.push('')
      }
    }
    for (const error of unhandledErrors) lines.push('Unhandled error:', ...describe(error), '')
    mkdirSync(path.dirname(FAILURES_FILE), { recursive: true })
    writeFileSync(FAILURES_FILE, lines.join('\n'))
  }
}
