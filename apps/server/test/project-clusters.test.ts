import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent, createTestApp, waitForProject } from './platform-app.ts'

/** On the embedded default a project's cluster follows the project: paused, restored, deleted. */
describe("a project's own cluster", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let owner: Agent
  let ref: string
  const clusterDir = () => path.join(t.clustersDir!, ref)
  const postmaster = () => {
    const pidFile = path.join(clusterDir(), 'cluster', 'postmaster.pid')
    if (!existsSync(pidFile)) return null
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
    try {
      process.kill(pid, 0)
      return pid
    } catch {
      return null
    }
  }

  beforeAll(async () => {
    t = await createTestApp({ clusters: true })
    owner = new Agent(t.app)
    await owner.signUp('owner@example.com')
    const [org] = (await owner.get('/api/organizations')).json()
    ref = (await owner.post(`/api/organizations/${org.slug}/projects`, { name: 'Own' })).json().ref
    expect(await waitForProject(owner, ref)).toMatchObject({ status: 'active' })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('stops when the project is paused, starts again when it is restored, and goes when it is deleted', async () => {
    const running = postmaster()
    expect(running).not.toBeNull()
    expect((await owner.post(`/api/projects/${ref}/pause`)).statusCode).toBe(200)
    expect(postmaster()).toBeNull()

    expect((await owner.post(`/api/projects/${ref}/restore`)).statusCode).toBe(200)
    expect(await waitForProject(owner, ref)).toMatchObject({ status: 'active' })
    expect(postmaster()).not.toBeNull()
    const rows = await owner.post(`/api/platform/pg-meta/${ref}/table-rows`, { schema: 'auth', table: 'users' })
    expect(rows.statusCode).toBe(200)

    expect((await owner.delete(`/api/projects/${ref}`, { confirm: 'Own' })).statusCode).toBe(204)
    expect(existsSync(clusterDir())).toBe(false)
  })
})
