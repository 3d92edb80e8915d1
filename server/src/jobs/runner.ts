/** What a job may say while it runs. */
export type JobLog = { info: (...args: unknown[]) => void; error: (...args: unknown[]) => void }

/**
 * A background job: `run` is one pass at the given instant (its own transaction, rows taken FOR
 * UPDATE SKIP LOCKED, so several instances may run it at once), repeated every `everyMs`.
 */
export type Job = { name: string; everyMs: number; run: (now: Date) => Promise<unknown>; describe: string }

/**
 * Runs each job every `everyMs` (the next pass is timed from the end of the last, so a slow pass
 * never overlaps itself) until the returned stop is called; stop waits for the passes under way.
 * A failed pass is logged and the job carries on.
 */
export function startJobs(jobs: Job[], log: JobLog, clock: () => Date = () => new Date()): () => Promise<void> {
  let stopped = false
  const timers = new Map<string, NodeJS.Timeout>()
  const running = new Map<string, Promise<unknown>>()
  for (const job of jobs) {
    const pass = () => {
      running.set(
        job.name,
        job
          .run(clock())
          .catch((error) => log.error(`The ${job.name} job failed:`, error))
          .finally(() => {
            if (!stopped) timers.set(job.name, setTimeout(pass, job.everyMs))
          }),
      )
    }
    timers.set(job.name, setTimeout(pass, job.everyMs))
    log.info(`Job ${job.name}: ${job.describe}`)
  }
  return async () => {
    stopped = true
    for (const timer of timers.values()) clearTimeout(timer)
    await Promise.all(running.values())
  }
}
