import { serve } from '@hono/node-server'
import { createApp } from './app'
import { openDatabase } from './db/client'
import { isDatabaseEmpty, seedDemoData } from './db/seed'
import { loadEnv } from './env'
import { serverJobs, startJobs } from './jobs'
import { createSiteBuilder, fixedSite } from './site/site-builder'

async function main() {
  let env
  try {
    env = loadEnv()
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
  const log = env.LOG_LEVEL === 'silent' ? { info: () => {}, error: () => {} } : console
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
  await handle.migrate()
  if (env.SEED && (await isDatabaseEmpty(handle.db))) {
    const seeded = await seedDemoData(handle.db)
    log.info(`Seeded demo data: ${seeded.locations} restaurants, ${seeded.items} menu items.`)
  }
  let port = env.PORT
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST
  const site = env.BUILD_SITE
    ? createSiteBuilder({ env, log, apiOrigin: () => `http://${host.includes(':') ? `[${host}]` : host}:${port}` })
    : fixedSite(env.STATIC_DIR)
  const app = createApp({ db: handle.db, env, kind: handle.kind, ping: handle.ping, listen: handle.listen, log, site })
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    port = info.port
    const where = handle.kind === 'pglite' ? `embedded PostgreSQL in ${env.DATA_DIR}` : 'PostgreSQL'
    log.info(`Tablefront is running on http://localhost:${info.port} (${where})`)
    if (env.BUILD_SITE) site.requestRebuild('the server started')
  })
  // The unpaid-order expiry always; the sandbox kitchen, host and courier with KITCHEN=1.
  const stopJobs = startJobs(serverJobs({ db: handle.db, env, log }), log)

  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    server.close()
    await stopJobs()
    await handle.close()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error) => {
  console.error('Tablefront could not start:', error)
  process.exit(1)
})
