/**
 * common/schemas/application.ts COVER_LETTER_MAX, mirrored (a test keeps them equal): importing it would bring
 * zod into the job browser's chunk.
 */
export const COVER_LETTER_MAX = 5000
