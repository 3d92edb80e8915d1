// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string; setupRequest?: (request: Request) => Request }
  type Options = { url: string; connections?: number; duration?: number; pipelining?: number; workers?: number; method?: string; headers?: Record<string, string>; body?: string; requests?: Request[] }
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number; total: number }
  type Result = { requests: Histogram; latency: Histogram; throughput: Histogram; errors: number; timeouts: number; non2xx: number; '2xx': number; '3xx'?: number; '4xx'?: number; '5xx'?: number; statusCodeStats?: Record<string, { count: number }> }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
