import type { JobDtoType } from '@common/schemas/job-answer'
import { paiseToRupees } from '@common/money'
import { toClientTrust } from '../reviews/reputation'
import { RawJson } from '../../lib/raw-json'
import type { JobJsonRow } from './jobs.feed'
import type { JobView } from './jobs.repo'

const DAY_MS = 24 * 60 * 60 * 1000
const rupees = (p: number | null) => (p === null ? null : paiseToRupees(p))

/** Splits text carrying \u0002…\u0003 marks (from ts_headline) into plain text and [start, end) ranges. */
export function markRanges(marked: string): { text: string; ranges: [number, number][] } {
  let text = ''
  const ranges: [number, number][] = []
  let start = -1
  for (const ch of marked) {
    if (ch === '\u0002') start = text.length
    else if (ch === '\u0003') {
      if (start >= 0 && text.length > start) ranges.push([start, text.length])
      start = -1
    } else text += ch
  }
  return { text, ranges }
}

function highlights(
  titleHl: string | null | undefined,
  descriptionHl: string | null | undefined,
  realTitle: string,
): JobDtoType['highlights'] {
  if (titleHl === undefined) return undefined
  const title = titleHl ? markRanges(titleHl) : null
  return {
    // The title was highlighted with punctuation blanked one for one, so its offsets are the real title's.
    title: title && title.text.length === realTitle.length ? title.ranges : [],
    description: descriptionHl ? markRanges(descriptionHl) : null,
  }
}

/**
 * A list's job as the database wrote it (`jobDtoSql`, ADR 081), with its search highlights added: the same answer
 * `presentJob` gives for the row, as text that is sent as it is.
 */
export function presentJobJson(r: JobJsonRow): RawJson {
  const hl = highlights(r.titleHl, r.descriptionHl, r.title ?? '')
  // The object's last character is its closing brace.
  const json = hl ? `${r.dto.slice(0, -1)},"highlights":${JSON.stringify(hl)}}` : r.dto
  return new RawJson(json, [r.creatorId])
}

/** The API's job (product.md §6): ids as strings, money in rupees, card fields computed. */
export function presentJob(v: JobView, viewerId: string | null, now = new Date()): JobDtoType {
  const j = v.job
  const open = j.status === 'active' && !j.archivedAt && (!j.deadline || j.deadline > now)
  const hl = highlights(v.titleHl, v.descriptionHl, j.title)
  return {
    _id: j.id,
    title: j.title,
    description: j.description,
    category: j.category as JobDtoType['category'],
    paymentType: j.paymentType,
    amount: rupees(j.amountPaise),
    rate: rupees(j.ratePaise),
    units: j.units,
    cycles: j.cycles,
    openings: j.openings,
    frequency: j.frequency,
    duration: j.duration === null ? null : Number(j.duration),
    hours: j.hours === null ? null : Number(j.hours),
    total: paiseToRupees(j.totalPaise),
    fundStatus: j.fundStatus,
    fundedAmount: paiseToRupees(j.fundedPaise),
    fundedUnits: j.fundedUnits,
    locationPreference: j.locationPreference,
    remote: j.remote,
    jobType: j.jobType,
    position: j.position,
    experienceLevel: j.experienceLevel,
    company: v.company
      ? { _id: v.company.id, name: v.company.name, logo: v.company.logoUrl, website: v.company.website }
      : null,
    prize: rupees(j.prizePaise),
    deadline: j.deadline ? j.deadline.toISOString() : null,
    daysLeft: j.deadline ? Math.max(0, Math.ceil((j.deadline.getTime() - now.getTime()) / DAY_MS)) : null,
    isFree: j.isFree,
    isDiscounted: j.isDiscounted,
    distance: null,
    skills: j.skills,
    views: j.views,
    applicationProcess: j.applicationProcess,
    status: j.status,
    isActive: open,
    archived: !!j.archivedAt,
    created_by: { _id: v.creator.id, userId: v.creator.userId, fullname: v.creator.fullname },
    clientTrust: toClientTrust(v.clientTrust),
    applications: v.applications as JobDtoType['applications'],
    applicationCount: v.applicationCount,
    registered: v.applicationCount,
    hasApplied: !!viewerId && v.applications.some((a) => a.applicant === viewerId),
    createdAt: j.createdAt.toISOString(),
    updatedAt: j.updatedAt.toISOString(),
    ...(hl ? { highlights: hl } : {}),
    moderation:
      viewerId === j.createdBy && j.moderationStatus !== 'clear'
        ? { status: j.moderationStatus, reason: j.moderationReason, note: j.moderationNote }
        : null,
  }
}
