import {
  createPoliciesBodySchema,
  createPolicyBodySchema,
  policiesQuerySchema,
  policyIdQuerySchema,
  policyTrialBodySchema,
  storagePolicyTrialBodySchema,
  updatePolicyBodySchema,
} from '@basalt/contracts'
import {
  createPolicies,
  createPolicy,
  deletePolicy,
  listPolicies,
  testPolicy,
  updatePolicy,
} from '../../pg-meta/policies.ts'
import { testStoragePolicy } from '../../storage/policy-trial.ts'
import { refParams, type App } from '../types.ts'
import { PG_META, policiesWrite, read } from './access.ts'
import { runChange } from './database-change.ts'

const policyName = (p: { schema: string; table: string; name: string }) => `${p.name} on ${p.schema}.${p.table}`

/**
 * RLS policies (spec 1 §7): list, create, update, delete — and 'Test as a user', which tries a pending
 * policy as anon or a chosen user in a transaction that is always rolled back.
 */
export function policyRoutes(app: App): void {
  app.get(
    `${PG_META}/policies`,
    { config: read, schema: { params: refParams, querystring: policiesQuerySchema } },
    async (req, reply) =>
      reply.result(
        await req.project.catalog((c) =>
          listPolicies(c, {
            includedSchemas: req.query.included_schemas,
            excludedSchemas: req.query.excluded_schemas,
            includeSystemSchemas: req.query.include_system_schemas,
          }),
        ),
      ),
  )

  app.post(
    `${PG_META}/policies`,
    { config: policiesWrite, schema: { params: refParams, body: createPolicyBodySchema } },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => createPolicy(c, req.body), { action: 'policy.create', target: policyName }),
        201,
      ),
  )

  // The storage policy modal's save (spec 3 §2): one policy per allowed operation, all in one transaction,
  // audited and recorded as one migration.
  app.post(
    `${PG_META}/policies/batch`,
    { config: policiesWrite, schema: { params: refParams, body: createPoliciesBodySchema } },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => createPolicies(c, req.body.policies), {
          action: 'policy.create',
          target: (created) => created.map(policyName).join(', '),
        }),
        201,
      ),
  )

  app.patch(
    `${PG_META}/policies`,
    {
      config: policiesWrite,
      schema: { params: refParams, querystring: policyIdQuerySchema, body: updatePolicyBodySchema },
    },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => updatePolicy(c, req.query.id, req.body), {
          action: 'policy.update',
          target: policyName,
        }),
      ),
  )

  app.delete(
    `${PG_META}/policies`,
    { config: policiesWrite, schema: { params: refParams, querystring: policyIdQuerySchema } },
    async (req, reply) =>
      reply.result(
        await runChange(req, (c) => deletePolicy(c, req.query.id), { action: 'policy.delete', target: policyName }),
      ),
  )

  app.post(
    `${PG_META}/policies/test`,
    { config: policiesWrite, schema: { params: refParams, body: policyTrialBodySchema } },
    async (req, reply) => reply.result(await req.project.trial((c) => testPolicy(c, req.body))),
  )

  // 'Test as a user' on the storage policies page: a Storage API operation on a bucket and a path.
  app.post(
    `${PG_META}/policies/storage-test`,
    { config: policiesWrite, schema: { params: refParams, body: storagePolicyTrialBodySchema } },
    async (req, reply) => reply.result(await req.project.trial((c) => testStoragePolicy(c, req.body))),
  )
}
