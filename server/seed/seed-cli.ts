// `npm run db:seed`: loads the demo data into an empty database (embedded by default, or DATABASE_URL).
import path from 'node:path'
import { loadConfig } from '../config'
import { openDatabase } from '../db/client'
import { migrate } from '../db/migrate'
import { seedIfEmpty } from './seed'

const config = loadConfig()
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : path.join(config.dataDir, 'pglite'),
})
await migrate(database)
const seeded = await seedIfEmpty(database.db)
console.log(seeded ? `demo data loaded: ${seeded}` : 'the database already has users: nothing loaded')
await database.close()
