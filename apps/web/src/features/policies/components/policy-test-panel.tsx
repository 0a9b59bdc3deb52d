import { useReducer, useState } from 'react'
import { CheckCircle2, FlaskConical, XCircle } from 'lucide-react'
import type { PolicyTrialBody, PolicyTrialCommand } from '@basalt/contracts'
import { errorMessage } from '../../../lib/format'
import { RoleImpersonationPicker } from '../../../project/role-impersonation/role-impersonation-popover'
import {
  impersonationParam,
  impersonationReducer,
  roleLabel,
  type ImpersonationState,
} from '../../../project/role-impersonation/role-impersonation-store'
import { Button } from '../../../ui/button'
import { NativeSelect } from '../../../ui/input'
import { useTestPolicy } from '../api/test-policy'
import { EDITOR_MESSAGES as MESSAGES } from '../messages'

const OPERATIONS: PolicyTrialCommand[] = ['SELECT', 'INSERT', 'UPDATE', 'DELETE']
const START: ImpersonationState = { option: 'anon', role: { type: 'postgrest', role: 'anon' } }

/**
 * 'Test as a user' (beyond spec 1): in the review step, the pending policy is tried as anon or a chosen user
 * (the shared impersonation picker, with a choice of its own) for an operation, in a transaction the server
 * always rolls back; the answer says how many rows they would see, or whether the write would pass and
 * Postgres' refusal when not.
 */
export function PolicyTestPanel({
  projectRef,
  pending,
  defaultOperation,
}: {
  projectRef: string
  pending: PolicyTrialBody['pending']
  defaultOperation: PolicyTrialCommand
}) {
  const [who, dispatch] = useReducer(impersonationReducer, START)
  const [operation, setOperation] = useState<PolicyTrialCommand>(defaultOperation)
  const [valuesText, setValuesText] = useState('')
  const [valuesError, setValuesError] = useState<string | null>(null)
  const test = useTestPolicy(projectRef)
  const impersonation = impersonationParam(who.role)
  const takesValues = operation === 'INSERT' || operation === 'UPDATE'

  const run = () => {
    if (!impersonation) return
    let values: Record<string, never> = {}
    if (takesValues && valuesText.trim() !== '') {
      try {
        const parsed: unknown = JSON.parse(valuesText)
        if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object')
        values = parsed as Record<string, never>
      } catch {
        setValuesError(MESSAGES.testValuesInvalid)
        return
      }
    }
    setValuesError(null)
    test.mutate({ pending, impersonation, command: operation, values })
  }

  const result = test.data
  const label = roleLabel(who.role)
  return (
    <section aria-labelledby="policy-test-title" className="space-y-3 rounded-md border border-border p-3">
      <div className="space-y-0.5">
        <h3 id="policy-test-title" className="flex items-center gap-1.5 text-sm font-semibold">
          <FlaskConical aria-hidden className="size-4" />
          {MESSAGES.testTitle}
        </h3>
        <p className="text-xs text-muted-foreground">{MESSAGES.testDetail}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <RoleImpersonationPicker
          projectRef={projectRef}
          state={who}
          dispatch={(action) => {
            test.reset()
            dispatch(action)
          }}
          options={['anon', 'authenticated']}
        />
        <div className="space-y-3">
          <label className="block space-y-1.5 text-sm">
            <span className="font-medium">{MESSAGES.testOperation}</span>
            <NativeSelect
              value={operation}
              onChange={(e) => {
                test.reset()
                setOperation(e.target.value as PolicyTrialCommand)
              }}
            >
              {OPERATIONS.map((op) => (
                <option key={op} value={op}>
                  {op}
                </option>
              ))}
            </NativeSelect>
          </label>
          {takesValues && (
            <label className="block space-y-1.5 text-sm">
              <span className="font-medium">{MESSAGES.testValues}</span>
              <textarea
                value={valuesText}
                onChange={(e) => setValuesText(e.target.value)}
                aria-invalid={valuesError ? true : undefined}
                aria-describedby="policy-test-values-detail"
                rows={3}
                spellCheck={false}
                placeholder='{"title": "Buy milk"}'
                className="w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-xs focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive"
              />
              <span id="policy-test-values-detail" className="block text-xs text-muted-foreground">
                {valuesError ?? MESSAGES.testValuesDetail}
              </span>
            </label>
          )}
          <Button onClick={run} disabled={!impersonation} loading={test.isPending}>
            {MESSAGES.runTest}
          </Button>
          {!impersonation && <p className="text-xs text-muted-foreground">{MESSAGES.testPickUser}</p>}
          <div aria-live="polite">
            {test.error && (
              <p role="alert" className="text-sm text-destructive">
                {errorMessage(test.error)}
              </p>
            )}
            {result && (
              <div
                className={
                  'space-y-1.5 rounded-md border px-3 py-2 text-sm ' +
                  (result.allowed ? 'border-success/40' : 'border-destructive/40')
                }
              >
                <p className="flex items-center gap-1.5 font-medium">
                  {result.allowed ? (
                    <CheckCircle2 aria-hidden className="size-4 text-success" />
                  ) : (
                    <XCircle aria-hidden className="size-4 text-destructive" />
                  )}
                  {result.command === 'SELECT' && result.allowed
                    ? MESSAGES.testSees(label, result.rows, result.total ?? 0)
                    : result.allowed
                      ? MESSAGES.testPasses(result.command, label, result.rows)
                      : MESSAGES.testRefused(result.command, label)}
                </p>
                {result.error && (
                  <pre className="overflow-auto font-mono text-xs whitespace-pre-wrap text-muted-foreground">
                    {result.error.message}
                  </pre>
                )}
                {!result.rls_enabled && <p className="text-xs text-warning">{MESSAGES.testRlsOff}</p>}
                <p className="text-xs text-muted-foreground">{MESSAGES.testNothingKept}</p>
              </div>
            )}
          </div>
        </div>
      </div>
    </section>
  )
}
