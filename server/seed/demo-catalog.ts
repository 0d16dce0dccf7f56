import type { Category } from '@common/categories'
import type { DemoClient, Pay } from './demo-types'

/**
 * Building blocks for the generated demo jobs: per category, roles (title, skills, what the work is) and the
 * contexts they are for. The generator (demo-jobs.ts) combines them with places, payment models and dates.
 */
export interface Role {
  title: string
  skills: string[]
  does: string
  pay: (r: () => number) => Pay
  jobType?: string
}

const pick = <T>(r: () => number, xs: readonly T[]) => xs[Math.floor(r() * xs.length)]
const between = (r: () => number, lo: number, hi: number, step: number) =>
  lo + step * Math.floor(r() * ((hi - lo) / step + 1))

const oneTime = (lo: number, hi: number) => (r: () => number) =>
  ({ type: 'one-time', amount: between(r, lo, hi, 500) }) as Pay
const perUnit = (lo: number, hi: number, uLo: number, uHi: number) => (r: () => number) =>
  ({ type: 'per-unit', rate: between(r, lo, hi, 100), units: between(r, uLo, uHi, 1) }) as Pay
const monthly = (lo: number, hi: number, cLo: number, cHi: number) => (r: () => number) =>
  ({
    type: 'recurring',
    rate: between(r, lo, hi, 500),
    frequency: 'monthly',
    cycles: between(r, cLo, cHi, 1),
  }) as Pay
const weekly = (lo: number, hi: number, cLo: number, cHi: number) => (r: () => number) =>
  ({
    type: 'recurring',
    rate: between(r, lo, hi, 250),
    frequency: 'weekly',
    cycles: between(r, cLo, cHi, 1),
  }) as Pay
const free = () => ({ type: 'one-time', amount: 0 }) as Pay

export const CONTEXTS = [
  'a bakery in {city}',
  'a D2C skincare brand',
  'a coaching institute in {city}',
  'a real-estate agency in {city}',
  'an Ayurvedic clinic',
  'a travel agency in {city}',
  'a textile exporter',
  'a school in {city}',
  'an organic farm co-operative',
  'a fitness studio in {city}',
  'a jewellery store in {city}',
  'a logistics start-up',
  'a CA firm in {city}',
  'a handloom NGO',
]

export interface CategoryPlan {
  clients: DemoClient[]
  /** What the role is for; {city} is filled in. Defaults to CONTEXTS. */
  contexts?: string[]
  roles: Role[]
  titleOf: (role: Role, context: string, city: string) => string
  /** The n-th (n ≥ 1) repeat of a title; by default it names the place. */
  variant?: (title: string, n: number, place: string) => string
}

// One role per line reads better than prettier's layout for this table.
// prettier-ignore
export const CATEGORY_PLAN: Record<Category, CategoryPlan> = {
  Jobs: {
    clients: ['asha', 'arjun', 'vikram'],
    titleOf: (role, context) => `${role.title} for ${context}`,
    roles: [
      { title: 'WordPress Developer', skills: ['JavaScript', 'UI Design'], does: 'build a fast, mobile-friendly website with an enquiry form and WhatsApp button', pay: oneTime(12000, 40000), jobType: 'Contract' },
      { title: 'React Developer', skills: ['React', 'JavaScript', 'TypeScript'], does: 'build a customer dashboard in React against an existing REST API', pay: oneTime(30000, 90000), jobType: 'Contract' },
      { title: 'Graphic Designer', skills: ['Graphic Design', 'Illustration'], does: 'design posters, brochures and social media creatives', pay: perUnit(500, 1500, 10, 40), jobType: 'Freelance' },
      { title: 'Video Editor', skills: ['Video Editing', 'Animation'], does: 'edit short videos and reels with captions and music', pay: perUnit(800, 2500, 6, 20), jobType: 'Freelance' },
      { title: 'Content Writer', skills: ['Content Writing', 'SEO'], does: 'write blog posts and product descriptions in simple English', pay: perUnit(600, 2500, 5, 20), jobType: 'Freelance' },
      { title: 'Telecaller (Hindi and English)', skills: ['Communication', 'Spoken English'], does: 'call enquiries, explain our offers and book appointments', pay: monthly(9000, 18000, 2, 6), jobType: 'Part-time' },
      { title: 'Data Entry Operator', skills: ['Data Analysis'], does: 'enter and clean customer and stock data in Google Sheets', pay: weekly(1500, 4000, 4, 12), jobType: 'Part-time' },
      { title: 'Social Media Manager', skills: ['Social Media Management', 'Instagram Marketing'], does: 'plan, post and report on Instagram and Facebook every week', pay: monthly(8000, 25000, 2, 6), jobType: 'Part-time' },
      { title: 'Accountant (Tally and GST)', skills: ['Data Analysis'], does: 'keep the books in Tally and file GST returns on time', pay: monthly(8000, 20000, 3, 12), jobType: 'Part-time' },
      { title: 'Product Photographer', skills: ['Photography'], does: 'shoot clean catalogue photos on white and in lifestyle settings', pay: perUnit(300, 900, 20, 80), jobType: 'Freelance' },
      { title: 'UI Designer', skills: ['UI Design', 'Figma', 'UX Research'], does: 'design the screens of a booking app in Figma', pay: oneTime(20000, 70000), jobType: 'Contract' },
      { title: 'Python Automation Developer', skills: ['Python', 'SQL'], does: 'automate daily reports and invoice reminders with Python scripts', pay: oneTime(15000, 50000), jobType: 'Contract' },
    ],
  },
  Internships: {
    clients: ['asha', 'arjun', 'vikram'],
    contexts: ['an EdTech start-up in {city}', 'a fintech start-up', 'a D2C fashion brand', 'a healthcare start-up in {city}', 'a digital media company', 'an NGO in {city}'],
    titleOf: (role, context) => `${role.title} at ${context}`,
    roles: [
      { title: 'Marketing Intern', skills: ['Social Media Management', 'Content Writing'], does: 'help run campaigns, write posts and track results', pay: monthly(5000, 12000, 2, 6), jobType: 'Internship' },
      { title: 'Frontend Developer Intern', skills: ['React', 'JavaScript'], does: 'build and test web pages with a senior developer', pay: monthly(10000, 25000, 3, 6), jobType: 'Internship' },
      { title: 'Graphic Design Intern', skills: ['Graphic Design', 'Figma'], does: 'create social posts, banners and presentations', pay: monthly(5000, 12000, 2, 4), jobType: 'Internship' },
      { title: 'Data Science Intern', skills: ['Python', 'Machine Learning', 'Data Analysis'], does: 'clean data, build dashboards and try simple models', pay: monthly(12000, 30000, 3, 6), jobType: 'Internship' },
      { title: 'HR and Recruitment Intern', skills: ['Communication', 'Teamwork'], does: 'screen CVs, schedule interviews and run onboarding', pay: monthly(5000, 10000, 2, 4), jobType: 'Internship' },
      { title: 'Business Development Intern', skills: ['Communication', 'Spoken English'], does: 'find new customers, make calls and prepare proposals', pay: monthly(6000, 15000, 2, 4), jobType: 'Internship' },
    ],
  },
  Competitions: {
    clients: ['operator', 'vikram', 'asha'],
    contexts: ['FinTech', 'AgriTech', 'Climate Action', 'HealthTech', 'Smart Cities', 'Women in Tech', 'EdTech', 'Rural Innovation'],
    titleOf: (role, context) => `${context} ${role.title}`,
    roles: [
      { title: 'Hackathon', skills: ['Problem Solving', 'Teamwork'], does: 'build a working prototype in 36 hours with a team of up to four', pay: oneTime(25000, 200000) },
      { title: 'Case Study Challenge', skills: ['Problem Solving', 'Communication'], does: 'solve a real business case and present it to a jury', pay: oneTime(10000, 75000) },
      { title: 'Design Challenge', skills: ['UI Design', 'Graphic Design'], does: 'design a solution and submit screens with a short write-up', pay: oneTime(10000, 50000) },
      { title: 'Coding Contest', skills: ['JavaScript', 'Python', 'Problem Solving'], does: 'solve six algorithm problems in three hours', pay: oneTime(5000, 50000) },
      { title: 'Essay Competition', skills: ['Content Writing'], does: 'write a 1,500-word essay in English or Hindi', pay: oneTime(5000, 25000) },
      { title: 'Startup Pitch Competition', skills: ['Leadership', 'Public Speaking'], does: 'pitch your idea in five minutes to investors', pay: oneTime(50000, 500000) },
    ],
  },
  Mentorship: {
    clients: ['asha', 'vikram', 'arjun'],
    titleOf: (role) => `1:1 Mentorship: ${role.title}`,
    variant: (title, n, place) => (n === 1 ? `${title} with a Mentor from ${place}` : `${title} – Cohort ${n + 1}`),
    roles: [
      { title: 'Crack Product Manager Interviews', skills: ['Communication', 'Problem Solving'], does: 'mock interviews and feedback on product sense and metrics', pay: perUnit(1000, 3000, 3, 8) },
      { title: 'Start a Career in UX Design', skills: ['UX Research', 'UI Design'], does: 'a learning plan, portfolio reviews and job-search help', pay: perUnit(800, 2500, 4, 8) },
      { title: 'Freelancing 101 for Students', skills: ['Time Management', 'Communication'], does: 'finding first clients, pricing and contracts', pay: perUnit(500, 1500, 3, 6) },
      { title: 'Data Science Roadmap', skills: ['Python', 'Machine Learning'], does: 'what to learn in what order, with project reviews', pay: perUnit(1000, 3000, 4, 10) },
      { title: 'Land Your First React Job', skills: ['React', 'JavaScript'], does: 'code reviews, interview practice and resume fixes', pay: perUnit(1000, 2500, 4, 8) },
      { title: 'UPSC Prelims Strategy', skills: ['Time Management'], does: 'a study timetable and weekly check-ins with a past qualifier', pay: monthly(1000, 3000, 3, 6) },
    ],
  },
  Courses: {
    clients: ['operator'],
    titleOf: (role, _c, city) => (city === 'remote' ? `${role.title} (Online)` : `${role.title} – ${city}`),
    roles: [
      { title: 'Python for Beginners', skills: ['Python'], does: 'variables to small projects, with weekly assignments', pay: oneTime(0, 4999) },
      { title: 'Digital Marketing Masterclass', skills: ['SEO', 'Performance Ads', 'Social Media Management'], does: 'SEO, ads, email and analytics with live campaigns', pay: oneTime(999, 7999) },
      { title: 'Excel for Office Work', skills: ['Data Analysis'], does: 'formulas, pivot tables and dashboards for daily office tasks', pay: oneTime(0, 1999) },
      { title: 'Spoken English in 30 Days', skills: ['Spoken English', 'Communication'], does: 'daily speaking practice with a trainer and recorded feedback', pay: oneTime(499, 2999) },
      { title: 'Figma from Scratch', skills: ['Figma', 'UI Design'], does: 'frames, components and prototypes through three small apps', pay: oneTime(0, 3999) },
      { title: 'Tally Prime with GST', skills: ['Data Analysis'], does: 'accounting entries, inventory and GST returns in Tally Prime', pay: oneTime(999, 4999) },
    ],
  },
  Practice: {
    clients: ['operator'],
    titleOf: (role) => role.title,
    variant: (title, n) => `${title} – Set ${n + 1}`,
    roles: [
      { title: 'Aptitude Mock Test', skills: ['Problem Solving'], does: '40 questions on quant, logic and verbal ability, timed', pay: free },
      { title: 'Coding Practice: Arrays and Strings', skills: ['JavaScript', 'Python'], does: '25 problems with hints and solutions', pay: free },
      { title: 'SQL Interview Practice Set', skills: ['SQL'], does: 'joins, grouping and window functions on a sample shop database', pay: free },
      { title: 'Typing Speed Test (Hindi and English)', skills: ['Communication'], does: 'timed passages with accuracy scores', pay: free },
      { title: 'Group Discussion Practice', skills: ['Communication', 'Public Speaking'], does: 'live online GD rounds with feedback from moderators', pay: free },
      { title: 'Mock Interview: HR Round', skills: ['Communication', 'Spoken English'], does: 'a recorded HR interview with written feedback', pay: free },
    ],
  },
  Scholarships: {
    clients: ['operator'],
    titleOf: (role) => role.title,
    variant: (title, n) => `${title} – Round ${n + 1}`,
    roles: [
      { title: 'Merit Scholarship for First-Generation College Students', skills: [], does: 'tuition support for students whose parents did not attend college', pay: oneTime(20000, 60000) },
      { title: 'Scholarship for Girls in STEM', skills: [], does: 'support for girls in science, technology, engineering or maths degrees', pay: oneTime(25000, 75000) },
      { title: 'Need-Based Scholarship for Diploma Students', skills: [], does: 'fees and books for polytechnic and ITI students', pay: oneTime(10000, 30000) },
      { title: 'Sports Scholarship for State-Level Athletes', skills: [], does: 'training and travel support for state-level athletes in college', pay: oneTime(20000, 50000) },
      { title: 'Scholarship for Students from the North-East', skills: [], does: 'support for students from the eight north-eastern states studying anywhere in India', pay: oneTime(15000, 40000) },
    ],
  },
  Articles: {
    clients: ['operator', 'vikram'],
    titleOf: (role) => role.title,
    variant: (title, n) => `${title}, Part ${n + 1}`,
    roles: [
      { title: 'How to Write a Proposal That Wins Clients', skills: ['Copywriting'], does: 'structure, tone and examples of proposals that work', pay: free },
      { title: 'GST for Freelancers, Explained', skills: ['Data Analysis'], does: 'when to register, invoices, and filing returns', pay: free },
      { title: 'Building a Portfolio That Gets You Hired', skills: ['Graphic Design', 'UI Design'], does: 'what to show, how to write case studies', pay: free },
      { title: 'Guest Writers Wanted: Personal Finance Articles', skills: ['Content Writing', 'SEO'], does: 'paid articles on saving, UPI and credit for first-time earners', pay: perUnit(1000, 3000, 4, 12) },
      { title: 'Remote Work Etiquette for Indian Teams', skills: ['Communication'], does: 'meetings, messages and time zones', pay: free },
    ],
  },
  Conferences: {
    clients: ['operator'],
    titleOf: (role, _c, city) => `${role.title} ${city === 'remote' ? 'Online' : city}`,
    roles: [
      { title: 'Startup Summit', skills: ['Leadership'], does: 'talks by founders and investors, and a start-up expo', pay: oneTime(0, 4999) },
      { title: 'Design Week', skills: ['UI Design', 'Graphic Design'], does: 'talks, portfolio reviews and a design market', pay: oneTime(0, 2999) },
      { title: 'DevFest', skills: ['JavaScript', 'Android', 'Machine Learning'], does: 'a community developer festival with codelabs', pay: oneTime(0, 999) },
      { title: 'FinTech Forum', skills: ['Data Analysis'], does: 'payments, lending and regulation panels', pay: oneTime(999, 7999) },
      { title: 'Women Founders Meet', skills: ['Leadership', 'Communication'], does: 'workshops and mentoring for women entrepreneurs', pay: oneTime(0, 1999) },
    ],
  },
  Workshops: {
    clients: ['operator', 'asha'],
    titleOf: (role, _c, city) => `${role.title}${city === 'remote' ? ' (Online)' : `, ${city}`}`,
    roles: [
      { title: 'Resume Building Workshop', skills: ['Communication'], does: 'rewrite your resume live with a recruiter', pay: oneTime(0, 999) },
      { title: 'Product Photography with Your Phone', skills: ['Photography'], does: 'lighting, angles and editing for online sellers', pay: oneTime(499, 1999) },
      { title: 'Public Speaking Workshop', skills: ['Public Speaking', 'Communication'], does: 'practice sessions with video feedback', pay: oneTime(499, 2499) },
      { title: 'Instagram Growth Workshop', skills: ['Instagram Marketing', 'Social Media Management'], does: 'content planning, reels and insights', pay: oneTime(299, 1499) },
      { title: 'Canva Design Workshop for Small Businesses', skills: ['Graphic Design'], does: 'posters, menus and posts in Canva', pay: oneTime(0, 999) },
    ],
  },
}

export { pick, between }
