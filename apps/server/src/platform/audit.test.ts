import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import { AUDIT_PAGE_SIZE } from '@basalt/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../test/databases.ts'
import { listOrganizationAudit, listUserAudit, writeAudit } from './audit.ts'
import { createPlatformPool, migratePlatform } from './store.ts'

describe('audit log pages', () => {
  let db: pg.Pool
  let drop: () => Promise<void>
  const userId = randomUUID()
  const organization = { id: randomUUID(), slug: 'acme' }

  beforeAll(async () => {
    const database = await createTestDatabase('audit')
    drop = database.drop
    db = createPlatformPool(database.url, 2)
    const client = await db.connect()
    await migratePlatform(client)
    client.release()
    // More than ten entries, so that ids of one and two digits (and more than a page) are compared.
    for (let i = 1; i <= AUDIT_PAGE_SIZE + 5; i++) {
      await writeAudit(db, {
        action: `step.${i}`,
        actor: { id: userId, email: 'owner@example.com', ip: '127.0.0.1' },
        organization,
      })
    }
  })
  afterAll(async () => {
    await db?.end()
    await drop?.()
  })

  it('opens on the newest entries, oldest last, for the account and the organisation', async () => {
    for (const list of [() => listUserAudit(db, userId, 1), () => listOrganizationAudit(db, organization.id, 1)]) {
      const first = await list()
      expect(first.total).toBe(AUDIT_PAGE_SIZE + 5)
      expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE)
      expect(first.entries.slice(0, 3).map((e) => e.action)).toEqual([
        `step.${AUDIT_PAGE_SIZE + 5}`,
        `step.${AUDIT_PAGE_SIZE + 4}`,
        `step.${AUDIT_PAGE_SIZE + 3}`,
      ])
      const ids = first.entries.map((e) => BigInt(e.id))
      expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)))
    }
    const second = await listUserAudit(db, userId, 2)
    expect(second.entries.map((e) => e.action)).toEqual(['step.5', 'step.4', 'step.3', 'step.2', 'step.1'])
  })
})
