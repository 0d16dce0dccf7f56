import type { Category } from '@common/categories'
import type { Region } from '@common/locations'
import type { PaymentType } from '@common/schemas/job'
import type { MessageKey } from '@/i18n'

/** The categories as the form's dropdown shows them; the value sent stays the English name the API knows. */
export const CATEGORY_LABEL: Record<Category, MessageKey> = {
  Internships: 'posting.category.internships',
  Jobs: 'posting.category.jobs',
  Competitions: 'posting.category.competitions',
  Mentorship: 'posting.category.mentorship',
  Courses: 'posting.category.courses',
  Practice: 'posting.category.practice',
  Scholarships: 'posting.category.scholarships',
  Articles: 'posting.category.articles',
  Conferences: 'posting.category.conferences',
  Workshops: 'posting.category.workshops',
}

/** Payment model as people read it. */
export const PAYMENT_TYPE_LABEL: Record<PaymentType, MessageKey> = {
  'one-time': 'posting.paymentType.oneTime',
  'per-unit': 'posting.paymentType.perUnit',
  recurring: 'posting.paymentType.recurring',
}

/** The job types and experience levels the form offers (stored as the English word; shown translated). */
export const JOB_TYPE_LABEL: Record<string, MessageKey> = {
  Freelance: 'posting.jobType.freelance',
  Contract: 'posting.jobType.contract',
  'Part-time': 'posting.jobType.partTime',
  'Full-time': 'posting.jobType.fullTime',
  Internship: 'posting.jobType.internship',
}
export const LEVEL_LABEL: Record<string, MessageKey> = {
  Entry: 'posting.level.entry',
  Intermediate: 'posting.level.intermediate',
  Expert: 'posting.level.expert',
}

/** India's states and union territories in the reader's language (the value sent stays the English name). */
export const REGION_LABEL: Record<Region, MessageKey> = {
  'Andhra Pradesh': 'posting.region.andhraPradesh',
  'Arunachal Pradesh': 'posting.region.arunachalPradesh',
  Assam: 'posting.region.assam',
  Bihar: 'posting.region.bihar',
  Chhattisgarh: 'posting.region.chhattisgarh',
  Goa: 'posting.region.goa',
  Gujarat: 'posting.region.gujarat',
  Haryana: 'posting.region.haryana',
  'Himachal Pradesh': 'posting.region.himachalPradesh',
  Jharkhand: 'posting.region.jharkhand',
  Karnataka: 'posting.region.karnataka',
  Kerala: 'posting.region.kerala',
  'Madhya Pradesh': 'posting.region.madhyaPradesh',
  Maharashtra: 'posting.region.maharashtra',
  Manipur: 'posting.region.manipur',
  Meghalaya: 'posting.region.meghalaya',
  Mizoram: 'posting.region.mizoram',
  Nagaland: 'posting.region.nagaland',
  Odisha: 'posting.region.odisha',
  Punjab: 'posting.region.punjab',
  Rajasthan: 'posting.region.rajasthan',
  Sikkim: 'posting.region.sikkim',
  'Tamil Nadu': 'posting.region.tamilNadu',
  Telangana: 'posting.region.telangana',
  Tripura: 'posting.region.tripura',
  'Uttar Pradesh': 'posting.region.uttarPradesh',
  Uttarakhand: 'posting.region.uttarakhand',
  'West Bengal': 'posting.region.westBengal',
  'Andaman and Nicobar Islands': 'posting.region.andamanAndNicobarIslands',
  Chandigarh: 'posting.region.chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu': 'posting.region.dadraAndNagarHaveliAndDamanAndDiu',
  Delhi: 'posting.region.delhi',
  'Jammu and Kashmir': 'posting.region.jammuAndKashmir',
  Ladakh: 'posting.region.ladakh',
  Lakshadweep: 'posting.region.lakshadweep',
  Puducherry: 'posting.region.puducherry',
}
