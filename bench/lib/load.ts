// One bounded autocannon run, reduced to the figures the reports compare.
import autocannon from 'autocannon'

export type Load = { rps: number; p50Ms: number; p99Ms: number; requests: number; failures: number; statuses: Record<string, number> }

export const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 6)
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)

export async function load(
  url: string,
  request: {
    method?: string
    headers?: Record<string, string>
    body?: string
    perRequestHeaders?: () => Record<string, string>
    /** Headers and body of each request (which diner, which restaurant), over the fixed ones. */
    perRequest?: () => { headers?: Record<string, string>; body?: string }
    connections?: number
    /** Requests a second over all connections (autocannon's overallRate): a capped load. */
    overallRate?: number
  } = {},
  expectStatus = 200,
): Promise<Load> {
  const { perRequestHeaders, perRequest, connections = CONNECTIONS, ...fixed } = request
  const result = await autocannon({
    url,
    connections,
    duration: LOAD_SECONDS,
    ...fixed,
    ...(perRequestHeaders && {
      requests: [{ ...fixed, setupRequest: (r) => ({ ...r, headers: { ...r.headers, ...perRequestHeaders() } }) }],
    }),
    ...(perRequest && {
      requests: [
        {
          ...fixed,
          setupRequest: (r) => {
            const { headers, body } = perRequest()
            return { ...r, headers: { ...r.headers, ...headers }, ...(body !== undefined && { body }) }
          },
        },
      ],
    }),
  })
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]))
  const expected = statuses[String(expectStatus)] ?? 0
  const total = Object.values(statuses).reduce((sum, n) => sum + n, 0)
  return {
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: total,
    failures: total - expected + result.errors + result.timeouts,
    statuses,
  }
}

export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)

/**
 * Runs the loads in turn, `rounds` times, and keeps each one's best round: a figure and its
 * ceiling then meet the same moments of a busy machine, and a burst of other work spoils
 * neither alone.
 */
export async function bestOf<T extends Record<string, () => Promise<Load>>>(loads: T, rounds = ROUNDS): Promise<{ [K in keyof T]: Load }> {
  const best: Partial<Record<keyof T, Load>> = {}
  for (let round = 0; round < rounds; round++) {
    for (const [name, run] of Object.entries(loads) as [keyof T, () => Promise<Load>][]) {
      const result = await run()
      const previous = best[name]
      if (!previous || result.rps > previous.rps) best[name] = { ...result, failures: result.failures + (previous?.failures ?? 0) }
      else previous.failures += result.failures
    }
  }
  return best as { [K in keyof T]: Load }
}
