// One bounded autocannon run, reduced to the figures the reports compare.
import autocannon from 'autocannon'

export type Load = { rps: number; p50Ms: number; p99Ms: number; requests: number; failures: number; statuses: Record<string, number> }

export const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 6)
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)

export async function load(
  url: string,
  request: { method?: string; headers?: Record<string, string>; body?: string; perRequestHeaders?: () => Record<string, string> } = {},
  expectStatus = 200,
): Promise<Load> {
  const { perRequestHeaders, ...fixed } = request
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: LOAD_SECONDS,
    ...fixed,
    ...(perRequestHeaders && {
      requests: [{ ...fixed, setupRequest: (r) => ({ ...r, headers: { ...r.headers, ...perRequestHeaders() } }) }],
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
