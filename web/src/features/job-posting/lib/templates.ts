import type { PaymentType } from '@common/schemas/job'

/**
 * A ready-made job, in the shape of the POST /job/post body (product.md §3 "Job templates"). It travels to the create
 * form as navigation state (`location.state.template`), so it must stay plain, serialisable data.
 */
export interface JobTemplate {
  id: string
  /** What the card calls it. */
  name: string
  /** One line under the name. */
  summary: string
  title: string
  description: string
  paymentType: PaymentType
  /** What one unit is, for the card ("reel"); per-unit templates only. */
  unitLabel?: string
  amount?: number
  rate?: number
  units?: number
  cycles?: number
  frequency?: 'weekly' | 'monthly'
  duration?: number
  hours?: number
  skills: string[]
  category: 'Jobs'
  locationPreference: 'Remote'
  jobType: string
  experienceLevel: string
}

/** The three built-in templates: the most common small-business hires in India, priced at going rates. */
export const JOB_TEMPLATES: readonly JobTemplate[] = [
  {
    id: 'reels-editor',
    name: 'Instagram Reels editor — per reel',
    summary: 'Short-form video edits for a brand or creator, paid for each finished reel.',
    title: 'Instagram Reels editor for a lifestyle brand (per reel)',
    description: [
      'We shoot raw clips on our phones and need an editor to turn them into scroll-stopping Instagram Reels and YouTube Shorts.',
      '',
      'What each reel needs:',
      '• 15–45 seconds, 9:16, exported at 1080×1920',
      '• Hook in the first 2 seconds, jump cuts, trending audio (royalty-free where needed)',
      '• Burned-in captions in English or Hinglish, with our brand font and colours',
      '• One round of changes included',
      '',
      'We send 5 reels of footage a week through Google Drive and expect each edit back within 48 hours. Share 3 reels you have edited when you apply. CapCut, Premiere Pro or DaVinci Resolve are all fine.',
    ].join('\n'),
    paymentType: 'per-unit',
    unitLabel: 'reel',
    rate: 600,
    units: 20,
    duration: 4,
    hours: 10,
    skills: ['Video Editing', 'Instagram Marketing', 'Animation'],
    category: 'Jobs',
    locationPreference: 'Remote',
    jobType: 'Freelance',
    experienceLevel: 'Intermediate',
  },
  {
    id: 'd2c-landing-page',
    name: 'Landing page for a D2C brand',
    summary: 'A fast, mobile-first product page that sells, for one fixed price.',
    title: 'Landing page for a D2C skincare brand (Shopify or Next.js)',
    description: [
      'We are a direct-to-consumer skincare brand launching a new product and need a high-converting landing page.',
      '',
      'Scope:',
      '• Mobile-first design in Figma, then built on our Shopify store (or Next.js if you prefer)',
      '• Sections: hero with offer, benefits, ingredients, reviews, FAQs, sticky Buy Now',
      '• UPI and COD friendly checkout button, WhatsApp chat button',
      '• Loads in under 2 seconds on 4G; basic SEO (title, meta, Open Graph) and Google Analytics / Meta Pixel events',
      '',
      'We provide copy, product photos and brand guidelines. Payment on delivery of the live page after one round of revisions. Please share links to 2–3 landing pages you have built.',
    ].join('\n'),
    paymentType: 'one-time',
    amount: 35000,
    duration: 2,
    skills: ['UI Design', 'Figma', 'JavaScript', 'SEO'],
    category: 'Jobs',
    locationPreference: 'Remote',
    jobType: 'Contract',
    experienceLevel: 'Intermediate',
  },
  {
    id: 'social-media-manager',
    name: 'Monthly social media manager',
    summary: 'Ongoing Instagram and Facebook management on a monthly retainer.',
    title: 'Social media manager for a café chain (monthly retainer)',
    description: [
      'We run three cafés and want one person to own our Instagram and Facebook every month.',
      '',
      'Every month:',
      '• A content calendar shared by the 25th for the next month',
      '• 12 posts and 8 reels (we shoot, you plan, edit and caption), stories on weekdays',
      '• Replies to comments and DMs within a working day',
      '• A one-page report: reach, followers, top posts and what to try next',
      '',
      'Bonus if you have run local Meta ads with a small budget (₹10,000–₹20,000 a month). Hindi or the local language for captions is a plus. Paid monthly; we start with three months.',
    ].join('\n'),
    paymentType: 'recurring',
    rate: 25000,
    frequency: 'monthly',
    cycles: 3,
    duration: 12,
    hours: 15,
    skills: ['Social Media Management', 'Instagram Marketing', 'Content Writing', 'Performance Ads'],
    category: 'Jobs',
    locationPreference: 'Remote',
    jobType: 'Part-time',
    experienceLevel: 'Intermediate',
  },
]
