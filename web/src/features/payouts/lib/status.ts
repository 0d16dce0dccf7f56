import type { PayoutAccountStatus } from '@common/schemas/payout'

/** What each requirement Razorpay names means on our form. */
const FIELD_NAMES: Record<string, string> = {
  'settlements.account_number': 'bank account number',
  'settlements.ifsc_code': 'IFSC',
  'settlements.beneficiary_name': 'account holder name',
  'legal_info.pan': 'PAN',
  'legal_info.gst': 'GSTIN',
  legal_business_name: 'legal name',
  'kyc.pan': 'PAN',
}
export const requirementName = (field: string) =>
  FIELD_NAMES[field] ?? (field.startsWith('profile.addresses') ? 'address' : field.replace(/[._]/g, ' '))

/** The status badge's words: one short label, and the fields to fix when there are any. */
export function statusLabel(status: PayoutAccountStatus, requirements: string[] = []): string {
  switch (status) {
    case 'created':
      return 'Created'
    case 'under_review':
      return 'Under review'
    case 'needs_clarification': {
      const names = [...new Set(requirements.map(requirementName))]
      return names.length ? `Needs clarification: fix ${names.join(', ')}` : 'Needs clarification'
    }
    case 'activated':
      return 'Activated'
    case 'suspended':
      return 'Suspended'
  }
}

export const STATUS_HELP: Record<PayoutAccountStatus, string> = {
  created: 'Your details are saved and on their way to our payment partner.',
  under_review: 'Our payment partner is checking your details. This usually takes a moment in test mode.',
  needs_clarification: 'Our payment partner needs a correction before money can be paid out to you.',
  activated: 'Payouts are on: released money reaches this account.',
  suspended: 'Payouts to this account are stopped. Please write to support.',
}

export const STATUS_CLASSES: Record<PayoutAccountStatus, string> = {
  created: 'border-slate-300 bg-slate-50 text-slate-700',
  under_review: 'border-amber-300 bg-amber-50 text-amber-800',
  needs_clarification: 'border-orange-300 bg-orange-50 text-orange-800',
  activated: 'border-emerald-300 bg-emerald-50 text-emerald-800',
  suspended: 'border-red-300 bg-red-50 text-red-700',
}
