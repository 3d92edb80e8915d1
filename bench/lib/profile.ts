// What the CPU profiles of the server share (bench/profile-placement.ts, bench/profile-search.ts):
// a process's CPU from /proc and a minimal client of the inspector's Profiler.
import { readdirSync, readFileSync } from 'node:fs'
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

/** CPU (user + sys, ms) of a process and of every process below it (a PostgreSQL cluster's backends under its postmaster). */
export function treeCpuMs(rootPid: number): number {
  const children = new Map<number, number[]>()
  const cpu = new Map<number, number>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const pid = Number(name)
      const parent = Number(fields[1])
      children.set(parent, [...(children.get(parent) ?? []), pid])
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) * 10)
    } catch {
      // The process ended while the list was read.
    }
  }
  let total = 0
  const pending = [rootPid]
  while (pending.length) {
    const pid = pending.pop()!
    total += cpu.get(pid) ?? 0
    pending.push(...(children.get(pid) ?? []))
  }
  return total
}

/** The postmaster's pid of the cluster at `url` (its data directory's postmaster.pid), or undefined where it cannot be read. */
export async function postmasterPid(url: string): Promise<number | undefined> {
  const { default: postgres } = await import('postgres')
  const client = postgres(url, { max: 1, onnotice: () => {} })
  try {
    const [row] = await client<{ data_directory: string }[]>`select current_setting('data_directory') as data_directory`
    return Number(readFileSync(`${row!.data_directory}/postmaster.pid`, 'utf8').split('\n')[0])
  } catch {
    return undefined
  } finally {
    await client.end()
  }
}
