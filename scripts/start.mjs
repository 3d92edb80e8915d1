// `npm start`: build the web app when it is missing or stale, then run the server.
import { spawn } from 'node:child_process'
import { buildIfStale } from './build-if-stale.mjs'

buildIfStale({ force: process.env.REBUILD === '1' })
const root = new URL('..', import.meta.url).pathname
const server = spawn('tsx', ['server/src/main.ts'], { cwd: root, stdio: 'inherit', env: { SANDBOX: '1', BUILD_SITE: '1', KITCHEN: '1', ...process.env } })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
