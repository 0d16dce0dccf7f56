/** The error envelope every failing API call answers with (DECISIONS.md "API shape"). */
export interface ErrorBody {
  success: false
  message: string
  code: string
  errors?: Record<string, string>
}
