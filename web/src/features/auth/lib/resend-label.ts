/**
 * The resend button while it waits: seconds for the usual 30 s between two codes, minutes for the hourly limit
 * (up to an hour, where '3412s' means nothing to anyone).
 */
export function resendLabel(seconds: number): string {
  if (seconds <= 0) return 'Resend code'
  if (seconds <= 90) return `Resend code in ${seconds}s`
  return `Resend code in ${Math.ceil(seconds / 60)} min`
}
