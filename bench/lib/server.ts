// Starts the real server (server/src/main.ts) on a free loopback port for a benchmark.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'

export const root = new URL('../..', import.meta.url).pathname

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })

export type RunningServer = { origin: string; process: ChildProcess; stop: () => Promise<void> }

/**
 * `ready` is the path that answers 200 once the server can be measured. `nodeArgs` (such as
 * `--inspect`) run the server in this one Node process (tsx as a loader, not its CLI's child).
 */
export async function startServer(env: Record<string, string>, ready = '/api/health', timeoutMs = 180_000, nodeArgs?: string[]): Promise<RunningServer> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const args = nodeArgs ? [...nodeArgs, '--import', 'tsx', 'server/src/main.ts'] : [join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/src/main.ts']
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', KITCHEN: '0', SANDBOX: '1', ...env },
  })
  let exited = false
  child.on('exit', () => (exited = true))
  const deadline = Date.now() + timeoutMs
  while ((await fetch(`${origin}${ready}`).then((r) => r.status).catch(() => 0)) !== 200) {
    if (exited) throw new Error(`The server exited before ${ready} answered`)
    if (Date.now() > deadline) {
      child.kill('SIGTERM')
      throw new Error(`${ready} did not answer 200 within ${timeoutMs / 1000} s`)
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (exited) return resolve()
      const force = setTimeout(() => child.kill('SIGKILL'), 5000)
      child.once('exit', () => {
        clearTimeout(force)
        resolve()
      })
      child.kill('SIGTERM')
    })
  return { origin, process: child, stop }
}
