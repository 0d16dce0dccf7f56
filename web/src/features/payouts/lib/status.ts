import type { PayoutAccountStatus } from '@common/schemas/payout'
import { t, type MessageKey } from '@/i18n'

/** What each requirement Razorpay names means on our form. */
const FIELD_NAMES: Record<string, MessageKey> = {
  'settlements.account_number': 'money.payouts.field.bankAccount',
  'settlements.ifsc_code': 'money.payouts.field.ifsc',
  'settlements.beneficiary_name': 'money.payouts.field.holder',
  'legal_info.pan': 'money.payouts.field.pan',
  'legal_info.gst': 'money.payouts.field.gstin',
  legal_business_name: 'money.payouts.field.legalName',
  'kyc.pan': 'money.payouts.field.pan',
}
export const requirementName = (field: string) =>
  field in FIELD_NAMES
    ? t(FIELD_NAMES[field])
    : field.startsWith('profile.addresses')
      ? t('money.payouts.field.address')
      : field.replace(/[._]/g, ' ')

/** The status badge's words: one short label, and the fields to fix when there are any. */
export function statusLabel(status: PayoutAccountStatus, requirements: string[] = []): string {
  switch (status) {
    case 'created':
      return t('money.payouts.status.created')
    case 'under_review':
      return t('money.payouts.status.underReview')
    case 'needs_clarification': {
      const names = [...new Set(requirements.map(requirementName))]
      return names.length
        ? t('money.payouts.status.fix', { fields: names.join(', ') })
        : t('money.payouts.status.needsClarification')
    }
    case 'activated':
      return t('money.payouts.status.activated')
    case 'suspended':
      return t('money.payouts.status.suspended')
  }
}

/** What each state means for the person, under the badge. */
export const STATUS_HELP: Record<PayoutAccountStatus, MessageKey> = {
  created: 'money.payouts.help.created',
  under_review: 'money.payouts.help.underReview',
  needs_clarification: 'money.payouts.help.needsClarification',
  activated: 'money.payouts.help.activated',
  suspended: 'money.payouts.help.suspended',
}

export const STATUS_CLASSES: Record<PayoutAccountStatus, string> = {
  created: 'border-slate-300 bg-slate-50 text-slate-700',
  under_review: 'border-amber-300 bg-amber-50 text-amber-800',
  needs_clarification: 'border-orange-300 bg-orange-50 text-orange-800',
  activated: 'border-emerald-300 bg-emerald-50 text-emerald-800',
  suspended: 'border-red-300 bg-red-50 text-red-700',
}
