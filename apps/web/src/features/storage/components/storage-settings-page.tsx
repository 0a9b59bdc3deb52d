import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import {
  STORAGE_FILE_SIZE_LIMIT_MAX,
  STORAGE_MESSAGES as LIMITS,
  type ProjectDetail,
  type StorageConfig,
} from '@basalt/contracts'
import { Button } from '../../../ui/button'
import { Section } from '../../../ui/card'
import { ErrorState } from '../../../ui/empty-state'
import { FormField } from '../../../ui/form-field'
import { Input, NativeSelect } from '../../../ui/input'
import { PageContainer, PageHeader } from '../../../ui/page-header'
import { Skeleton } from '../../../ui/skeleton'
import { errorMessage } from '../../../lib/format'
import { STORAGE_MESSAGES as M } from '../messages'
import { useStorageConfig } from '../api/get-storage-config'
import { useUpdateStorageConfig } from '../api/update-storage-config'
import { fromBytes, SIZE_UNITS, type SizeUnit } from '../state/bucket-form'
import { digitsOnly, maxIn, uploadLimitBytes, uploadLimitProblem } from '../state/upload-limit'
import { PermissionGate } from './permission-tooltip'

/**
 * Settings › Storage (spec 3 §2 "Storage Settings", §5 "Upload limit", §6; issue 25 point 6): the project's
 * upload limit, a whole number with its unit, at most 50 GB. The form starts again from what the server holds
 * whenever that changes; Save is offered only for a change the member may make.
 */
export function StorageSettingsPage({ project }: { project: ProjectDetail }) {
  const config = useStorageConfig(project.ref)
  return (
    <PageContainer>
      <PageHeader title={M.settingsTitle} description={M.settingsDescription} />
      <Section title={M.uploadLimitLabel}>
        {config.error ? (
          <ErrorState title={M.settingsLoadFailed} error={config.error} />
        ) : config.isPending ? (
          <div role="status" aria-label={M.loading} className="space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-9 w-64" />
          </div>
        ) : (
          <UploadLimitForm key={config.data.fileSizeLimit} project={project} config={config.data} />
        )}
      </Section>
    </PageContainer>
  )
}

function UploadLimitForm({ project, config }: { project: ProjectDetail; config: StorageConfig }) {
  const canWrite = project.permissions.includes('storage:write')
  const editable = canWrite && !config.isFreeTier
  const saved = fromBytes(config.fileSizeLimit)
  const [text, setText] = useState(String(saved.value))
  const [unit, setUnit] = useState<SizeUnit>(saved.unit)
  const update = useUpdateStorageConfig(project.ref)
  const problem = uploadLimitProblem(text, unit)
  const changed = text !== String(saved.value) || unit !== saved.unit
  // The hint names the maximum; once the value passes it, the same sentence is the field's error instead.
  const shownProblem = editable && changed ? problem : undefined
  const reset = () => {
    setText(String(saved.value))
    setUnit(saved.unit)
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!editable || !changed) return
    if (problem) {
      if (text !== '' && Number(text) > maxIn(unit)) toast.error(LIMITS.projectLimitMax(STORAGE_FILE_SIZE_LIMIT_MAX))
      return
    }
    update.mutate(uploadLimitBytes(text, unit), {
      onSuccess: () => toast.success(M.settingsSaved),
      onError: (error) => toast.error(M.settingsFailed(errorMessage(error))),
    })
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="flex max-w-md items-start gap-2">
        <div className="flex-1">
          <FormField
            label={M.uploadLimitLabel}
            description={
              config.isFreeTier ? M.freePlanNote : shownProblem ? undefined : M.uploadLimitMax(maxIn(unit), unit)
            }
            error={shownProblem}
          >
            <Input
              inputMode="numeric"
              pattern="[0-9]*"
              value={text}
              disabled={!editable}
              onChange={(e) => setText(digitsOnly(e.target.value))}
            />
          </FormField>
        </div>
        <div className="w-28">
          <FormField label={M.uploadLimitUnit}>
            <NativeSelect value={unit} disabled={!editable} onChange={(e) => setUnit(e.target.value as SizeUnit)}>
              {SIZE_UNITS.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
      </div>
      <div className="flex gap-2">
        <Button type="button" size="sm" disabled={!changed || update.isPending} onClick={reset}>
          {M.cancel}
        </Button>
        <PermissionGate allowed={canWrite} reason={M.noUpdateSettings} side="right">
          <Button type="submit" size="sm" variant="primary" disabled={!editable || !changed} loading={update.isPending}>
            {M.save}
          </Button>
        </PermissionGate>
      </div>
    </form>
  )
}
