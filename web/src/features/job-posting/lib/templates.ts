import type { PaymentType } from '@common/schemas/job'
import { t, type MessageKey } from '@/i18n'

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
  /** What one unit is, for the card: a plural message ("reel" / "reels"); per-unit templates only. */
  unit?: MessageKey
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

/** A template without its words, which come from the catalogue (`posting.template.<text>.name`, …). */
type TemplateData = Omit<JobTemplate, 'name' | 'summary' | 'title' | 'description'> & {
  text: 'reelsEditor' | 'landingPage' | 'socialMedia'
}

/** The three built-in templates: the most common small-business hires in India, priced at going rates. */
const TEMPLATES: readonly TemplateData[] = [
  {
    id: 'reels-editor',
    text: 'reelsEditor',
    paymentType: 'per-unit',
    unit: 'posting.template.reelsEditor.unit',
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
    text: 'landingPage',
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
    text: 'socialMedia',
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

/** The built-in templates in the reader's language (the job they prefill is posted in that language too). */
export function jobTemplates(): JobTemplate[] {
  return TEMPLATES.map(({ text, ...data }) => ({
    ...data,
    name: t(`posting.template.${text}.name`),
    summary: t(`posting.template.${text}.summary`),
    title: t(`posting.template.${text}.title`),
    description: t(`posting.template.${text}.description`),
  }))
}
