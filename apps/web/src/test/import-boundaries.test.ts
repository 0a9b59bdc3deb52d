import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The import boundaries of DESIGN.md "Layout", as `npm run lint` enforces them (eslint.config.js at the
 * repository's root): each case is a file at a real place with one import, linted as it would be there.
 */
const root = path.resolve(import.meta.dirname, '../../../..')
const eslint = new ESLint({ cwd: root })

async function refused(file: string, source: string): Promise<boolean> {
  const [result] = await eslint.lintText(`${source}\n`, { filePath: path.join(root, file) })
  return result!.messages.some((m) => m.ruleId === 'no-restricted-imports')
}

const use = (spec: string) => `import { x } from '${spec}'\nexport const y = x`

describe('import boundaries', () => {
  it('a feature imports no other feature, at any depth, but its own files and the shared kit', async () => {
    expect(await refused('apps/web/src/features/account/api/x.ts', use('../../organization/api/get-members'))).toBe(
      true,
    )
    expect(await refused('apps/web/src/features/account/messages2.ts', use('../organization/messages'))).toBe(true)
    expect(
      await refused(
        'apps/web/src/features/table-editor/components/cell-editors/x.tsx',
        use('../../../account/messages'),
      ),
    ).toBe(true)
    expect(await refused('apps/web/src/features/account/components/x.tsx', use('../../../app/router'))).toBe(true)
    expect(
      await refused('apps/web/src/features/table-editor/components/cell-editors/x.tsx', use('../../state/cell-value')),
    ).toBe(false)
    expect(await refused('apps/web/src/features/account/components/x.tsx', use('../../../project/use-project'))).toBe(
      false,
    )
    expect(await refused('apps/web/src/features/account/components/x.tsx', use('../../../ui/button'))).toBe(false)
    // A feature's tests render the routes as the app composes them.
    expect(await refused('apps/web/src/features/account/components/x.test.tsx', use('../../../app/router'))).toBe(false)
  })

  it('src/project imports no feature and no part of src/app; src/ui and src/lib import neither nor src/project', async () => {
    expect(await refused('apps/web/src/project/pg-meta/x.ts', use('../../features/table-editor/messages'))).toBe(true)
    expect(await refused('apps/web/src/project/x.ts', use('../app/project-areas'))).toBe(true)
    expect(await refused('apps/web/src/project/x.ts', use('../lib/api-client'))).toBe(false)
    expect(await refused('apps/web/src/ui/data-grid/x.ts', use('../../project/messages'))).toBe(true)
    expect(await refused('apps/web/src/lib/x.ts', use('../features/auth/messages'))).toBe(true)
  })

  it('packages never import an app', async () => {
    expect(await refused('packages/sql/src/x.ts', use('../../../apps/server/src/config.ts'))).toBe(true)
    expect(await refused('packages/contracts/src/x.ts', use('@basalt/web'))).toBe(true)
    expect(await refused('packages/sql/src/x.ts', use('@basalt/contracts'))).toBe(false)
  })

  it("the server's db/ imports none of pg-meta/, platform/, routes/", async () => {
    expect(await refused('apps/server/src/db/x.ts', use('../platform/context.ts'))).toBe(true)
    expect(await refused('apps/server/src/db/x.ts', use('../pg-meta/catalog.ts'))).toBe(true)
    expect(await refused('apps/server/src/db/bootstrap/x.ts', use('../../routes/types.ts'))).toBe(true)
    expect(await refused('apps/server/src/db/x.ts', use('./pools.ts'))).toBe(false)
    // No file of db/ is an exception any more (the executor, which joins the platform and db/, is in http/).
    expect(await refused('apps/server/src/db/connections.ts', use('../platform/projects.ts'))).toBe(true)
    expect(await refused('apps/server/src/db/connections.ts', use('../pg-meta/relation-lookup.ts'))).toBe(true)
    expect(await refused('apps/server/src/http/project-executor.ts', use('../platform/projects.ts'))).toBe(false)
  })
})
