import { useSyncExternalStore } from 'react'
import { Pause, Play, X } from 'lucide-react'
import { Button } from '../../../ui/button'
import { STORAGE_MESSAGES as M } from '../messages'
import { formatBytes } from '../../../lib/format'
import type { UploadBatch } from '../state/upload-batch'

/**
 * The progress toast of one upload batch (spec 3 §2 "progress toast"): files done of the batch, bytes sent
 * as a progress bar, and Pause/Resume (resumable uploads stop where they are) and Cancel.
 */
export function UploadToast({ batch, resumable }: { batch: UploadBatch; resumable: boolean }) {
  const state = useSyncExternalStore(
    (listener) => batch.subscribe(listener),
    () => batch.snapshot,
  )
  const ratio = state.bytesTotal === 0 ? 1 : state.bytesSent / state.bytesTotal
  const percent = Math.min(100, Math.round(ratio * 100))
  return (
    <div className="w-[356px] space-y-2 rounded-lg border border-border bg-surface-raised p-4 text-sm text-foreground shadow-lg">
      <div className="flex items-baseline justify-between gap-2">
        <p className="font-medium">{M.uploadingTitle(state.total)}</p>
        <p className="text-xs text-muted-foreground">{percent}%</p>
      </div>
      <div
        role="progressbar"
        aria-label={M.uploadingTitle(state.total)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">
          {M.uploadProgress(state.done + state.failures.length, state.total)} · {formatBytes(state.bytesSent)} /{' '}
          {formatBytes(state.bytesTotal)}
        </p>
        <div className="flex gap-1">
          {resumable &&
            (state.status === 'paused' ? (
              <Button size="sm" variant="ghost" onClick={() => batch.resume()}>
                <Play aria-hidden className="size-3.5" />
                {M.resume}
              </Button>
            ) : (
              <Button size="sm" variant="ghost" onClick={() => batch.pause()}>
                <Pause aria-hidden className="size-3.5" />
                {M.pause}
              </Button>
            ))}
          <Button size="sm" variant="ghost" onClick={() => batch.cancel()}>
            <X aria-hidden className="size-3.5" />
            {M.cancelUpload}
          </Button>
        </div>
      </div>
    </div>
  )
}
