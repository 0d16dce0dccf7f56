// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database under DATA_DIR.
import path from 'node:path'
import { loadConfig } from '../config'
import { openDatabase } from './client'
import { migrate } from './migrate'

const config = loadConfig()
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : path.join(config.dataDir, 'pglite'),
})
const applied = await migrate(database)
console.log(
  applied.length ? `applied: ${applied.join(', ')}` : 'nothing to apply: the database is up to date',
)
await database.close()
