import { openDatabase } from '../../server/db/client'
import { migrate } from '../../server/db/migrate'
import { users } from '../../server/db/schema'

/**
 * Makes operators (role `admin`) in the e2e run's fresh embedded database, before the server opens it: no route
 * grants the role (operators are made by hand), and the embedded database takes one process at a time. One operator
 * per Playwright project, so projects running side by side never race for one account's sign-in code.
 * Usage: make-operator.ts <pglite dir> <email>...
 */
const [dataDir, ...emails] = process.argv.slice(2)
if (!dataDir || !emails.length) throw new Error('usage: make-operator.ts <pglite dir> <email>...')
const database = await openDatabase({ dataDir })
await migrate(database)
for (const [i, email] of emails.entries())
  await database.db
    .insert(users)
    .values({
      email,
      fullname: 'Money Operator',
      username: `money-operator-${i + 1}`,
      userId: `moneyoperator${i + 1}`,
      role: 'admin',
    })
    .onConflictDoNothing()
await database.close()
