import { PgBoss } from 'pg-boss'

/** The queue of project set-ups: create, restore, resume (docs/scaling.md). */
export const SETUP_QUEUE = 'project-setup'

/**
 * Project set-up as durable jobs in the platform database (pg-boss, schema `pgboss`): whichever server is
 * alive runs them. A server that dies while setting a project up stops sending its job's heartbeat; within
 * about 20 seconds the job is retried, by another server or by this one when it comes back. Each step of a
 * set-up is idempotent, and one project is set up by one server at a time (see bringUp), so a retry picks
 * up where the dead server stopped.
 */
export interface ProjectJobs {
  /** Asks for the project to be set up (one job per project waiting at a time). */
  setUp(ref: string): Promise<void>
  stop(): Promise<void>
  /** The queue itself, for the other kinds of job (storage/bucket-jobs.ts). */
  boss: PgBoss
}

export interface JobTimings {
  /** A set-up that sends no heartbeat for this long is taken as dead and retried (pg-boss: ≥ 10). */
  heartbeatSeconds: number
  /** How often a server looks for dead jobs. */
  monitorIntervalSeconds: number
}

export const DEFAULT_JOB_TIMINGS: JobTimings = { heartbeatSeconds: 10, monitorIntervalSeconds: 5 }

/**
 * Starts the queue on the platform database and a worker that runs `run(ref)` for each set-up; `run`
 * should record its own failures on the project (a failure is not retried: Restore asks again).
 */
export async function startProjectJobs(
  platformUrl: string,
  run: (ref: string) => Promise<void>,
  { timings = DEFAULT_JOB_TIMINGS, onError = () => {} }: { timings?: JobTimings; onError?: (err: Error) => void } = {},
): Promise<ProjectJobs> {
  const boss = new PgBoss({
    connectionString: platformUrl,
    schema: 'pgboss',
    application_name: 'basalt-jobs',
    max: 4,
    monitorIntervalSeconds: timings.monitorIntervalSeconds,
    superviseIntervalSeconds: timings.monitorIntervalSeconds,
    // Workers wake when a job is sent, instead of polling for it.
    useListenNotify: true,
  })
  boss.on('error', onError)
  await boss.start()
  // `stately`: one job per project waiting and one running — a second ask while one waits is the same ask.
  await boss
    .createQueue(SETUP_QUEUE, {
      policy: 'stately',
      notify: true,
      heartbeatSeconds: timings.heartbeatSeconds,
      expireInSeconds: 15 * 60,
      retryLimit: 20,
      retryDelay: 1,
      retryBackoff: true,
      retryDelayMax: 30,
    })
    .catch((err: Error) => {
      // Another server created it at the same moment.
      if (!/already exists/.test(err.message)) throw err
    })
  // A new job wakes the workers at once (NOTIFY); a retried one (its server died) is found by polling, so
  // the poll stays short. Two set-ups at a time per server.
  const polling = { batchSize: 1, localConcurrency: 2, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2 }
  await boss.work<{ ref: string }>(SETUP_QUEUE, polling, async ([job]) => {
    if (job) await run(job.data.ref)
  })
  return {
    boss,
    async setUp(ref) {
      await boss.send(SETUP_QUEUE, { ref }, { singletonKey: ref })
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 })
    },
  }
}
