// What the CPU profiles of the server share (bench/profile-placement.ts, bench/profile-search.ts):
// a process's CPU from /proc and a minimal client of the inspector's Profiler.
import { readFileSync } from 'node:fs'
import type { CpuProfile } from './cpuprofile'

/** User + system CPU of a process so far, in ms (Linux). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** A minimal Chrome DevTools Protocol client over the inspector's WebSocket. */
export async function inspector(port: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[]
  const socket = new WebSocket(target!.webSocketDebuggerUrl)
  await new Promise((resolve, reject) => {
    socket.onopen = resolve
    socket.onerror = reject
  })
  let next = 0
  const pending = new Map<number, (result: unknown) => void>()
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: unknown }
    if (message.id !== undefined) pending.get(message.id)?.(message.error ? Promise.reject(new Error(JSON.stringify(message.error))) : message.result)
  }
  const send = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      const id = ++next
      pending.set(id, resolve as (result: unknown) => void)
      socket.send(JSON.stringify({ id, method, params }))
    })
  return { send, close: () => socket.close() }
}

/** A CPU profile of whatever `work` makes the server at `port` (its inspector) do, 200 µs sampling. */
export async function profileOf(port: number, work: () => Promise<void>): Promise<CpuProfile> {
  const debug = await inspector(port)
  await debug.send('Profiler.enable')
  await debug.send('Profiler.setSamplingInterval', { interval: 200 })
  await debug.send('Profiler.start')
  await work()
  const { profile } = await debug.send<{ profile: CpuProfile }>('Profiler.stop')
  debug.close()
  return profile
}

/** `count` calls of `call`, `connections` at a time. */
export async function callsOf(count: number, connections: number, call: (k: number) => Promise<void>) {
  let left = count
  let k = 0
  const worker = async () => {
    while (left-- > 0) await call(k++)
  }
  await Promise.all(Array.from({ length: connections }, worker))
}
