// Reads a V8 .cpuprofile (node --cpu-prof, or the inspector's Profiler.stop) into self and total
// time by function and by module, per unit of work (a placement). Run on a file:
//   npx tsx bench/lib/cpuprofile.ts <file.cpuprofile> [units] [rows]
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { pathToFileURL } from 'node:url'

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number }
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] }
export type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

export type Entry = { name: string; selfMs: number; totalMs: number }
export type Summary = { busyMs: number; idleMs: number; byFunction: Entry[]; byModule: Entry[] }

const root = new URL('../..', import.meta.url).pathname

/** "node_modules/drizzle-orm", "server/src/lib", "node:internal/…", or a V8 pseudo-frame such as "(garbage collector)". */
export function moduleOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)'
  const path = url.startsWith('file://') ? new URL(url).pathname : url
  if (!path.startsWith('/')) return path.replace(/^node:internal\/([^/]+).*/, 'node:internal/$1')
  const inRepo = relative(root, path)
  const packages = inRepo.lastIndexOf('node_modules/')
  if (packages >= 0) {
    const [scope, name] = inRepo.slice(packages + 'node_modules/'.length).split('/')
    return `node_modules/${scope!.startsWith('@') ? `${scope}/${name}` : scope}`
  }
  return inRepo.split('/').slice(0, -1).join('/') || inRepo
}

function nameOf(frame: CallFrame): string {
  const where = frame.url ? `${relative(root, frame.url.startsWith('file://') ? new URL(frame.url).pathname : frame.url)}:${frame.lineNumber + 1}` : ''
  return `${frame.functionName || '(anonymous)'}${where ? ` ${where}` : ''}`
}

/** Self and total (inclusive) milliseconds per `units` (1: the whole profile), idle time apart. */
export function summarise(profile: CpuProfile, units = 1): Summary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const self = { fn: new Map<string, number>(), mod: new Map<string, number>() }
  const total = { fn: new Map<string, number>(), mod: new Map<string, number>() }
  let busy = 0
  let idle = 0
  const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us)
  profile.samples.forEach((id, index) => {
    // The delta after a sample is the time it stands for (the first delta is the gap to the start).
    const us = profile.timeDeltas[index + 1] ?? 0
    const node = byId.get(id)!
    if (node.callFrame.functionName === '(idle)') return void (idle += us)
    busy += us
    add(self.fn, nameOf(node.callFrame), us)
    add(self.mod, moduleOf(node.callFrame.url, node.callFrame.functionName), us)
    const fns = new Set<string>()
    const mods = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame
      if (frame.functionName === '(root)') continue
      fns.add(nameOf(frame))
      mods.add(moduleOf(frame.url, frame.functionName))
    }
    for (const fn of fns) add(total.fn, fn, us)
    for (const mod of mods) add(total.mod, mod, us)
  })
  const ms = (us: number) => us / 1000 / units
  const entries = (selfMap: Map<string, number>, totalMap: Map<string, number>) =>
    [...totalMap.keys()].map((name) => ({ name, selfMs: ms(selfMap.get(name) ?? 0), totalMs: ms(totalMap.get(name)!) }))
  return { busyMs: ms(busy), idleMs: ms(idle), byFunction: entries(self.fn, total.fn), byModule: entries(self.mod, total.mod) }
}

const cell = (n: number) => n.toFixed(n < 1 ? 3 : 2).padStart(8)

/** A plain-text table: the top `rows` by self time, then by total time. */
export function report(summary: Summary, rows = 25, unit = 'placement'): string {
  const lines = [`busy ${summary.busyMs.toFixed(2)} ms a ${unit} (idle ${summary.idleMs.toFixed(2)} ms)`, '']
  const table = (title: string, entries: Entry[], key: 'selfMs' | 'totalMs') => {
    lines.push(`${title} (ms a ${unit}: self, total)`)
    for (const entry of [...entries].sort((a, b) => b[key] - a[key]).slice(0, rows)) lines.push(`${cell(entry.selfMs)} ${cell(entry.totalMs)}  ${entry.name}`)
    lines.push('')
  }
  table('Modules by self time', summary.byModule, 'selfMs')
  table('Modules by total time', summary.byModule, 'totalMs')
  table('Functions by self time', summary.byFunction, 'selfMs')
  table('Functions by total time', summary.byFunction, 'totalMs')
  return lines.join('\n')
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [file, units = '1', rows = '25'] = process.argv.slice(2)
  if (!file) {
    console.error('Usage: npx tsx bench/lib/cpuprofile.ts <file.cpuprofile> [units] [rows]')
    process.exit(2)
  }
  console.log(report(summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, Number(units)), Number(rows)))
}
