import { useReducer, useState } from 'react'
import { CheckCircle2, FlaskConical, XCircle } from 'lucide-react'
import type { StoragePolicyTrialBody, StorageTrialOperation } from '@basalt/contracts'
import { errorMessage } from '../../../lib/format'
import { RoleImpersonationPicker } from '../../../project/role-impersonation/role-impersonation-popover'
import {
  impersonationParam,
  impersonationReducer,
  roleLabel,
  type ImpersonationState,
} from '../../../project/role-impersonation/role-impersonation-store'
import { Button } from '../../../ui/button'
import { Input, NativeSelect } from '../../../ui/input'
import { useTestStoragePolicy } from '../api/test-storage-policy'
import { STORAGE_POLICY_MESSAGES as MESSAGES, STORAGE_TRIAL_LABELS } from '../messages'

const OPERATIONS = Object.keys(STORAGE_TRIAL_LABELS) as StorageTrialOperation[]
const START: ImpersonationState = { option: 'anon', role: { type: 'postgrest', role: 'anon' } }

/** Claims typed as JSON, when they are an object whose role is anon or authenticated; null otherwise. */
function parseClaims(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text)
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null
    const role = (parsed as { role?: unknown }).role
    return role === 'anon' || role === 'authenticated' ? (parsed as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/**
 * 'Test as a user' for storage (beyond the spec, the table policies' test step for a bucket): the same role
 * picker (anon, or a user of auth.users) or JWT claims typed as JSON, an operation and a path; the server
 * applies the pending policies (none: the saved ones) in a transaction it always rolls back, runs the
 * operation as the Storage API would, and says whether it passed and which policies said what.
 */
export function StoragePolicyTestPanel({
  projectRef,
  bucket,
  pending,
  defaultOperation = 'upload',
}: {
  projectRef: string
  bucket: string
  pending?: StoragePolicyTrialBody['pending']
  defaultOperation?: StorageTrialOperation
}) {
  const [who, dispatch] = useReducer(impersonationReducer, START)
  const [useClaims, setUseClaims] = useState(false)
  const [claimsText, setClaimsText] = useState('{"role": "authenticated", "sub": ""}')
  const [operation, setOperation] = useState<StorageTrialOperation>(defaultOperation)
  const [path, setPath] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const test = useTestStoragePolicy(projectRef)
  const impersonation = impersonationParam(who.role)

  const run = () => {
    let as: StoragePolicyTrialBody['as']
    if (useClaims) {
      const claims = parseClaims(claimsText)
      if (!claims) return setProblem(MESSAGES.testClaimsInvalid)
      as = { claims }
    } else {
      if (!impersonation) return
      as = impersonation
    }
    if (path.trim() === '') return setProblem(MESSAGES.testPathRequired)
    setProblem(null)
    test.mutate({ ...(pending ? { pending } : {}), as, operation, bucket_id: bucket, path: path.trim() })
  }

  const result = test.data
  const label = useClaims ? MESSAGES.testClaimsLabel : roleLabel(who.role)
  const id = `storage-test-${bucket}`
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-md border border-border p-3">
      <div className="space-y-0.5">
        <h3 id={`${id}-title`} className="flex items-center gap-1.5 text-sm font-semibold">
          <FlaskConical aria-hidden className="size-4" />
          {MESSAGES.testTitle}
        </h3>
        <p className="text-xs text-muted-foreground">{MESSAGES.testDetail}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-2">
          {!useClaims && (
            <RoleImpersonationPicker
              projectRef={projectRef}
              state={who}
              dispatch={(action) => {
                test.reset()
                dispatch(action)
              }}
              options={['anon', 'authenticated']}
            />
          )}
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={useClaims}
              onChange={(e) => {
                test.reset()
                setUseClaims(e.target.checked)
              }}
              className="size-4 accent-[var(--color-brand)]"
            />
            {MESSAGES.testClaims}
          </label>
          {useClaims && (
            <label className="block space-y-1.5 text-sm">
              <span className="font-medium">{MESSAGES.testClaimsLabel}</span>
              <textarea
                value={claimsText}
                onChange={(e) => setClaimsText(e.target.value)}
                rows={3}
                spellCheck={false}
                className="w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-xs focus-visible:outline-2 focus-visible:outline-ring"
              />
            </label>
          )}
        </div>
        <div className="space-y-3">
          <label className="block space-y-1.5 text-sm">
            <span className="font-medium">{MESSAGES.testOperation}</span>
            <NativeSelect
              value={operation}
              onChange={(e) => {
                test.reset()
                setOperation(e.target.value as StorageTrialOperation)
              }}
            >
              {OPERATIONS.map((op) => (
                <option key={op} value={op}>
                  {STORAGE_TRIAL_LABELS[op]}
                </option>
              ))}
            </NativeSelect>
          </label>
          <label className="block space-y-1.5 text-sm">
            <span className="font-medium">{MESSAGES.testPath}</span>
            <Input
              value={path}
              onChange={(e) => {
                test.reset()
                setPath(e.target.value)
              }}
              placeholder="folder/file.png"
              autoComplete="off"
              spellCheck={false}
            />
          </label>
          <Button onClick={run} disabled={!useClaims && !impersonation} loading={test.isPending}>
            {MESSAGES.runTest}
          </Button>
          {!useClaims && !impersonation && <p className="text-xs text-muted-foreground">{MESSAGES.testPickUser}</p>}
        </div>
      </div>
      <div aria-live="polite" className="space-y-2">
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
        {test.error && (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(test.error)}
          </p>
        )}
        {result && (
          <div
            className={
              'space-y-2 rounded-md border px-3 py-2 text-sm ' +
              (result.allowed ? 'border-success/40' : 'border-destructive/40')
            }
          >
            <p className="flex items-center gap-1.5 font-medium">
              {result.allowed ? (
                <CheckCircle2 aria-hidden className="size-4 text-success" />
              ) : (
                <XCircle aria-hidden className="size-4 text-destructive" />
              )}
              {(result.allowed ? MESSAGES.testAllowed : MESSAGES.testRefused)(
                STORAGE_TRIAL_LABELS[result.operation],
                label,
                `${bucket}/${path.trim()}`,
              )}
            </p>
            {result.reason && (
              <pre className="overflow-auto font-mono text-xs whitespace-pre-wrap text-muted-foreground">
                {result.reason}
              </pre>
            )}
            <div className="space-y-1">
              <p className="text-xs font-medium">
                {MESSAGES.testPoliciesTitle} ({result.commands.join(' + ')})
              </p>
              {result.policies.length === 0 ? (
                <p className="text-xs text-muted-foreground">{MESSAGES.testNoPolicies}</p>
              ) : (
                <ul className="space-y-0.5 text-xs">
                  {result.policies.map((p) => (
                    <li key={`${p.id}-${p.name}`} className="flex flex-wrap items-baseline gap-1.5">
                      <code className="rounded bg-muted px-1 font-mono">{p.command}</code>
                      <span className="font-medium">{p.name}</span>
                      <span
                        className={
                          !p.applies ? 'text-muted-foreground' : p.passed ? 'text-success' : 'text-destructive'
                        }
                      >
                        {!p.applies
                          ? MESSAGES.testPolicyOtherRoles
                          : p.error
                            ? p.error
                            : p.passed === null
                              ? MESSAGES.testPolicyNull
                              : p.passed
                                ? MESSAGES.testPolicyPassed
                                : MESSAGES.testPolicyFailed}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {result.supposed === 'object' && (
              <p className="text-xs text-muted-foreground">{MESSAGES.testSupposedObject}</p>
            )}
            {result.supposed === 'no_object' && (
              <p className="text-xs text-muted-foreground">{MESSAGES.testSupposedNone}</p>
            )}
            {!result.rls_enabled && <p className="text-xs text-warning">{MESSAGES.testRlsOff}</p>}
            <p className="text-xs text-muted-foreground">{MESSAGES.testNothingKept}</p>
          </div>
        )}
      </div>
    </section>
  )
}
