/** The error envelope every failing API call answers with (product.md §14). */
export interface ErrorBody {
  success: false
  message: string
  code: string
  errors?: Record<string, string>
}
