/** A mismatch kind as words: "contract_mirror" → "Contract mirror" (the server's own name for the check). */
export const kindLabel = (kind: string) => {
  const words = kind.replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}
