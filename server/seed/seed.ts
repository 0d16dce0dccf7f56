import { count } from 'drizzle-orm'
import type { Db, Executor } from '../db/client'
import { applications, companies, jobs, notifications, users } from '../db/schema'
import { ANCHOR_JOBS } from './demo-anchors'
import { generateJobs, toJobRows } from './demo-jobs'
import { seedChats } from './demo-chats'
import { seedPosts } from './demo-posts'
import { DEMO_COMPANIES } from './demo-types'

type DemoUser = typeof users.$inferInsert

/** Demo people: clients who hire and freelancers who work, across India. Sign in with their email. */
export const DEMO_USERS: DemoUser[] = [
  {
    email: 'asha@demo.microlance.in',
    fullname: 'Asha Iyer',
    username: 'asha',
    userId: 'asha0001',
    role: 'client',
    phoneNumber: '+91 98450 11223',
    bio: 'Founder of Kaveri Foods, Bengaluru. I hire designers and marketers for short projects.',
    skills: ['Leadership', 'Communication'],
  },
  {
    email: 'ravi@demo.microlance.in',
    fullname: 'Ravi Kumar',
    username: 'ravi',
    userId: 'ravi0001',
    role: 'freelancer',
    phoneNumber: '+91 99000 44556',
    bio: 'Full-stack developer from Hyderabad. React, Node.js and PostgreSQL.',
    skills: ['React', 'Node.js', 'TypeScript', 'SQL'],
  },
  {
    email: 'meera@demo.microlance.in',
    fullname: 'Meera Shah',
    username: 'meera',
    userId: 'meera001',
    role: 'freelancer',
    bio: 'Brand and UI designer in Ahmedabad. Figma, illustration, logos.',
    skills: ['UI Design', 'Figma', 'Logo Design', 'Illustration'],
  },
  {
    email: 'arjun@demo.microlance.in',
    fullname: 'Arjun Singh',
    username: 'arjun',
    userId: 'arjun001',
    role: 'client',
    bio: 'Runs a D2C apparel label in Jaipur. Always looking for content creators.',
    skills: ['Email Marketing'],
  },
  {
    email: 'fatima@demo.microlance.in',
    fullname: 'Fatima Khan',
    username: 'fatima',
    userId: 'fatima01',
    role: 'freelancer',
    bio: 'Content writer and translator (English, Hindi, Urdu) from Lucknow.',
    skills: ['Content Writing', 'Copywriting', 'Hindi Translation', 'SEO'],
  },
  {
    email: 'vikram@demo.microlance.in',
    fullname: 'Vikram Reddy',
    username: 'vikram',
    userId: 'vikram01',
    role: 'client',
    bio: 'Product lead at a Chennai fintech start-up.',
    skills: ['Data Analysis'],
  },
  {
    email: 'priya@demo.microlance.in',
    fullname: 'Priya Nair',
    username: 'priya',
    userId: 'priya001',
    role: 'freelancer',
    bio: 'Social media manager from Kochi; Instagram growth and performance ads.',
    skills: ['Social Media Management', 'Instagram Marketing', 'Performance Ads'],
  },
  {
    email: 'sanjay@demo.microlance.in',
    fullname: 'Sanjay Das',
    username: 'sanjay',
    userId: 'sanjay01',
    role: 'freelancer',
    bio: 'Video editor and motion designer in Kolkata.',
    skills: ['Video Editing', 'Animation', 'Photography'],
  },
  {
    email: 'admin@demo.microlance.in',
    fullname: 'Microlance Operator',
    username: 'operator',
    userId: 'operator',
    role: 'admin',
    bio: 'Keeps the marketplace running.',
    skills: [],
  },
]

/** How many generated jobs join the hand-written ones (the README promises more than 200 in all). */
export const GENERATED_JOBS = 240
const BATCH = 100

const FREELANCERS = ['ravi', 'meera', 'fatima', 'priya', 'sanjay'] as const
const STATUSES = ['pending', 'accepted', 'rejected', 'interview', 'offer'] as const

async function insertJobs(tx: Executor, rows: (typeof jobs.$inferInsert)[]) {
  const out: { id: string; title: string; createdBy: string; skills: string[]; status: string }[] = []
  for (let i = 0; i < rows.length; i += BATCH)
    out.push(
      ...(await tx
        .insert(jobs)
        .values(rows.slice(i, i + BATCH))
        .returning({
          id: jobs.id,
          title: jobs.title,
          createdBy: jobs.createdBy,
          skills: jobs.skills,
          status: jobs.status,
        })),
    )
  return out
}

/**
 * Applications by the demo freelancers to jobs that fit their skills, five each, in every status (plus the
 * notification rows those statuses would have produced).
 */
function demoApplications(
  posted: Awaited<ReturnType<typeof insertJobs>>,
  ids: Record<string, string>,
  now: number,
) {
  const apps: (typeof applications.$inferInsert)[] = []
  const notes: (typeof notifications.$inferInsert)[] = []
  FREELANCERS.forEach((name, f) => {
    const skills = new Set(DEMO_USERS.find((u) => u.username === name)!.skills)
    const fits = posted.filter((j) => j.status === 'active' && j.skills.some((s) => skills.has(s)))
    fits.slice(0, STATUSES.length).forEach((job, k) => {
      const status = STATUSES[(f + k) % STATUSES.length]
      const at = new Date(now - (f * 5 + k + 1) * 3_600_000)
      apps.push({
        jobId: job.id,
        applicantId: ids[name],
        status,
        coverLetter: `Hello! I have done similar work before and can start this week. — ${name[0].toUpperCase()}${name.slice(1)}`,
        createdAt: at,
        updatedAt: at,
      })
      if (status === 'accepted' || status === 'rejected')
        notes.push({
          userId: ids[name],
          type: status === 'accepted' ? 'application_accepted' : 'application_rejected',
          message:
            status === 'accepted'
              ? `Your application for “${job.title}” was accepted.`
              : `Your application for “${job.title}” was not selected this time.`,
          metadata: { jobId: job.id, employerId: job.createdBy },
        })
    })
  })
  return { apps, notes }
}

/** Loads demo data into an empty database; returns a summary, or null when the database already had users. */
export async function seedIfEmpty(db: Db, now = Date.now()): Promise<string | null> {
  const [{ n }] = await db.select({ n: count() }).from(users)
  if (Number(n) > 0) return null
  return db.transaction(async (tx) => {
    const people = await tx
      .insert(users)
      .values(DEMO_USERS)
      .returning({ id: users.id, username: users.username, fullname: users.fullname })
    const ids: Record<string, string> = Object.fromEntries(people.map((p) => [p.username, p.id]))
    const names: Record<string, string> = Object.fromEntries(people.map((p) => [p.username, p.fullname]))
    ids.operator = ids.operator ?? people.find((p) => p.username === 'operator')!.id
    const made = await tx
      .insert(companies)
      .values(
        Object.values(DEMO_COMPANIES).map((c) => ({
          ownerId: ids[c.owner],
          name: c.name,
          website: c.website,
          description: c.description,
        })),
      )
      .returning({ id: companies.id, name: companies.name })
    const companyIds = Object.fromEntries(
      Object.entries(DEMO_COMPANIES).map(([key, c]) => [key, made.find((m) => m.name === c.name)!.id]),
    )
    const list = [...ANCHOR_JOBS, ...generateJobs(GENERATED_JOBS)]
    const posted = await insertJobs(tx, toJobRows(list, { users: ids, companies: companyIds }, now))
    const { apps, notes } = demoApplications(posted, ids, now)
    await tx.insert(applications).values(apps)
    if (notes.length) await tx.insert(notifications).values(notes)
    await seedPosts(tx, ids, now)
    const sent = await seedChats(tx, ids, names, posted, apps, now)
    return `${people.length} users, ${made.length} companies, ${posted.length} jobs, ${apps.length} applications, ${sent} messages`
  })
}
