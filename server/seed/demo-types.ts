import type { Category } from '@common/categories'

export type DemoClient = 'asha' | 'arjun' | 'vikram' | 'operator'
export type Pay =
  | { type: 'one-time'; amount: number }
  | { type: 'per-unit'; rate: number; units: number }
  | { type: 'recurring'; rate: number; frequency: 'weekly' | 'monthly'; cycles: number }

/** A demo job before it becomes a row: `city` is a key of CITY_REGION, or 'remote'. Money in rupees. */
export interface DemoJob {
  title: string
  category: Category
  client: DemoClient
  company?: string
  city: string
  skills: string[]
  text: string
  pay: Pay
  jobType?: string
  level?: string
  position?: string
  free?: boolean
  discounted?: boolean
  prize?: number
  status?: 'draft' | 'active' | 'closed'
  archived?: boolean
}

/** Demo companies: key → owner and profile. */
export const DEMO_COMPANIES: Record<
  string,
  { owner: DemoClient; name: string; website: string; description: string }
> = {
  kaveri: {
    owner: 'asha',
    name: 'Kaveri Foods',
    website: 'https://kaverifoods.example.in',
    description:
      'Millet snacks and filter coffee from Bengaluru, sold online and in 40 stores across Karnataka.',
  },
  kaveriKitchens: {
    owner: 'asha',
    name: 'Kaveri Cloud Kitchens',
    website: 'https://kitchens.kaverifoods.example.in',
    description: 'Delivery-only South Indian kitchens in Pune and Hyderabad.',
  },
  rangrez: {
    owner: 'arjun',
    name: 'Rangrez Apparel',
    website: 'https://rangrez.example.in',
    description: 'Hand-block-printed cotton apparel from Jaipur, sold direct to customers.',
  },
  rangrezHome: {
    owner: 'arjun',
    name: 'Rangrez Home',
    website: 'https://home.rangrez.example.in',
    description: 'Bedsheets, quilts and table linen printed by artisans in Sanganer and Bagru.',
  },
  paisasetu: {
    owner: 'vikram',
    name: 'PaisaSetu',
    website: 'https://paisasetu.example.in',
    description: 'A Chennai fintech start-up offering small-business loans and UPI collections.',
  },
  paisasetuLabs: {
    owner: 'vikram',
    name: 'PaisaSetu Labs',
    website: 'https://labs.paisasetu.example.in',
    description: 'The data science and research arm of PaisaSetu, in Hyderabad.',
  },
  academy: {
    owner: 'operator',
    name: 'Microlance Academy',
    website: 'https://academy.microlance.example.in',
    description: 'Free and low-cost courses, workshops and practice sets for freelancers across India.',
  },
  foundation: {
    owner: 'operator',
    name: 'Microlance Foundation',
    website: 'https://foundation.microlance.example.in',
    description: 'Scholarships and events that help students and first-time freelancers get started.',
  },
}
