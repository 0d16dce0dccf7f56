import { count } from 'drizzle-orm'
import type { Db } from '../db/client'
import { users } from '../db/schema'

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

/** Loads demo data into an empty database; returns a summary, or null when the database already had users. */
export async function seedIfEmpty(db: Db): Promise<string | null> {
  const [{ n }] = await db.select({ n: count() }).from(users)
  if (n > 0) return null
  await db.insert(users).values(DEMO_USERS)
  return `${DEMO_USERS.length} users`
}
