import { z } from 'zod'

// The lists and limits, without zod, for the web's report dialog (it should not bring zod into every page that shows a
// Report button): they live in report-lists.ts and are exported from here too.
import {
  MODERATION_NOTE_MAX,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
} from './report-lists'

export * from './report-lists'

const id = z.string().uuid('Not a valid id')

/** POST /api/v1/reports. */
export const ReportBody = z.object({
  targetType: z.enum(REPORT_TARGETS, { error: 'Choose what you are reporting' }),
  targetId: id,
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason' }),
  details: z
    .string()
    .trim()
    .max(REPORT_DETAILS_MAX, `Details can be at most ${REPORT_DETAILS_MAX} characters`)
    .optional()
    .transform((v) => v || undefined),
})
export type ReportInput = z.input<typeof ReportBody>

export const ReportIdParams = z.object({ id })

/** GET /api/v1/admin/reports?status=open */
export const ReportsQuery = z.object({ status: z.enum(REPORT_STATUSES).default('open') })

/** What an operator does with a report: nothing was wrong, or it was dealt with. */
export const REPORT_ACTIONS = ['dismiss', 'handled'] as const
const note = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(MODERATION_NOTE_MAX, `The note can be at most ${MODERATION_NOTE_MAX} characters`)

export const ResolveReportBody = z.object({
  action: z.enum(REPORT_ACTIONS, { error: 'Choose dismiss or handled' }),
  note: z
    .string()
    .trim()
    .max(MODERATION_NOTE_MAX, `The note can be at most ${MODERATION_NOTE_MAX} characters`)
    .optional()
    .transform((v) => v || undefined),
})

/** POST /api/v1/admin/held-jobs/:id/reject: the reason is shown to the poster. */
export const RejectJobBody = z.object({ reason: note('Say why the job is rejected') })

export const ReportDto = z.object({
  _id: z.string(),
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  /** A short description of what was reported (a post's first words, a job's title, a person's name). */
  targetLabel: z.string().nullable(),
  /** The web path that shows the target, when there is one. */
  targetPath: z.string().nullable(),
  targetOwner: z.object({ _id: z.string(), fullname: z.string() }).nullable(),
  reporter: z.object({ _id: z.string(), fullname: z.string() }),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  resolutionNote: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
})
export type ReportItem = z.infer<typeof ReportDto>

export const ReportAnswer = z.object({ success: z.literal(true), message: z.string(), report: ReportDto })
export const ReportsAnswer = z.object({ success: z.literal(true), reports: z.array(ReportDto) })

export const HeldJobDto = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  reason: z.string().nullable(),
  poster: z.object({ _id: z.string(), fullname: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type HeldJobItem = z.infer<typeof HeldJobDto>
export const HeldJobsAnswer = z.object({ success: z.literal(true), jobs: z.array(HeldJobDto) })
export const ModerationAnswer = z.object({ success: z.literal(true), message: z.string() })
