import { describe, expect, it } from 'vitest'
import { batchSummary, UploadBatch, type UploadContext, type UploadTask } from './upload-batch'

const task = (name: string, size = 10): UploadTask => ({ file: new File(['x'.repeat(size)], name), path: name })

/** An uploader whose uploads finish when the test says. */
function controlled() {
  const pending = new Map<string, { resolve: () => void; reject: (e: Error) => void; ctx: UploadContext }>()
  let running = 0
  let peak = 0
  const uploader = (t: UploadTask, ctx: UploadContext) =>
    new Promise<void>((resolve, reject) => {
      running += 1
      peak = Math.max(peak, running)
      const done = () => (running -= 1)
      pending.set(t.file.name, {
        resolve: () => (done(), resolve()),
        reject: (e) => (done(), reject(e)),
        ctx,
      })
    })
  return { uploader, pending, peak: () => peak }
}

const tick = () => new Promise((r) => setTimeout(r, 0))

describe('upload batches', () => {
  it('run at most 10 at a time and report success', async () => {
    const c = controlled()
    const tasks = Array.from({ length: 25 }, (_, i) => task(`f${i}`))
    const batch = new UploadBatch(tasks, c.uploader)
    const run = batch.run()
    for (let i = 0; i < 25; i++) {
      await tick()
      c.pending.get(`f${i}`)!.resolve()
    }
    const state = await run
    expect(c.peak()).toBe(10)
    expect(state).toMatchObject({ total: 25, done: 25, status: 'finished', bytesSent: 250 })
    expect(batchSummary(state)).toEqual({ tone: 'success', title: 'Successfully uploaded 25 file(s)!', details: [] })
  })

  it('name each failure, partial or total', async () => {
    const c = controlled()
    const batch = new UploadBatch([task('a.png'), task('b.png')], c.uploader)
    const run = batch.run()
    await tick()
    c.pending.get('a.png')!.resolve()
    c.pending.get('b.png')!.reject(new Error('The object exceeded the maximum allowed size'))
    const state = await run
    expect(batchSummary(state)).toEqual({
      tone: 'error',
      title: 'Successfully uploaded 1 out of 2 files!',
      details: ['Failed to upload b.png: The object exceeded the maximum allowed size'],
    })
    expect(batchSummary({ ...state, done: 0 }).title).toBe('Failed to upload 2 file(s)!')
  })

  it('tracks bytes sent and pauses, resumes and cancels', async () => {
    const c = controlled()
    const batch = new UploadBatch([task('big', 100), task('next', 10)], c.uploader, 1)
    const seen: string[] = []
    batch.subscribe((s) => seen.push(s.status))
    const run = batch.run()
    await tick()
    const big = c.pending.get('big')!
    const calls: string[] = []
    big.ctx.register({ pause: () => calls.push('pause'), resume: () => calls.push('resume') })
    big.ctx.onProgress(40)
    expect(batch.snapshot.bytesSent).toBe(40)
    batch.pause()
    batch.resume()
    expect(calls).toEqual(['pause', 'resume'])
    batch.cancel()
    expect(big.ctx.signal.aborted).toBe(true)
    big.reject(new Error('aborted'))
    const state = await run
    expect(state.status).toBe('cancelled')
    expect(state.failures).toEqual([])
    expect(c.pending.has('next')).toBe(false)
    expect(seen).toContain('paused')
  })
})
