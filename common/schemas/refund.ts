import { z } from 'zod'

/** A refund to the payer's card or UPI (ADR 050), as a contract and an operator's retry show it. Rupees. */
export const RefundDto = z.object({
  _id: z.string(),
  amount: z.number(),
  status: z.enum(['pending', 'processed', 'failed']),
  /** The bank's reference (ARN) the client can quote to their bank, once there is one. */
  bankReference: z.string().optional(),
  failureReason: z.string().optional(),
  createdAt: z.string(),
  processedAt: z.string().optional(),
})
export type RefundDtoType = z.infer<typeof RefundDto>

export const RefundRetryAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  refund: RefundDto,
})
