/**
 * Reads the match's answer (ADR 070): one row per job with the comma-separated numbers of the searches it matched,
 * into the job ids of each search. A 09:00 digest run brings millions of numbers, so they are read digit by digit
 * into typed arrays and sorted by search with a counting sort, rather than split into strings and pushed onto
 * thousands of growing lists. A search met on two of its words names the same job twice in that job's row: kept once.
 */
export function jobsBySearch(rows: readonly { id: string; nums: string }[]): Map<number, string[]> {
  const index = new SearchIndex()
  let pairs = new Int32Array(1024) // search index of each (job, search) pair, in row order
  let n = 0
  const rowEnd = new Int32Array(rows.length)
  for (let j = 0; j < rows.length; j++) {
    const text = rows[j].nums
    for (let i = 0, num = 0; i <= text.length; i++) {
      const c = i < text.length ? text.charCodeAt(i) : 44 // ','
      if (c !== 44) {
        num = num * 10 + c - 48
        continue
      }
      if (n === pairs.length) pairs = grow(pairs, 0)
      pairs[n++] = index.of(num)
      num = 0
    }
    rowEnd[j] = n
  }
  const searches = index.nums.length
  const start = new Int32Array(searches + 1)
  for (let p = 0; p < n; p++) start[pairs[p] + 1]++
  for (let k = 0; k < searches; k++) start[k + 1] += start[k]
  const end = start.slice(0, searches)
  const jobs = new Int32Array(n)
  for (let j = 0, p = 0; j < rows.length; j++)
    for (; p < rowEnd[j]; p++) {
      const k = pairs[p]
      if (end[k] > start[k] && jobs[end[k] - 1] === j) continue
      jobs[end[k]++] = j
    }
  const out = new Map<number, string[]>()
  for (let k = 0; k < searches; k++) {
    const ids = new Array<string>(end[k] - start[k])
    for (let p = start[k]; p < end[k]; p++) ids[p - start[k]] = rows[jobs[p]].id
    out.set(index.nums[k], ids)
  }
  return out
}

const grow = (a: Int32Array, fill: number) => {
  const b = new Int32Array(a.length * 2).fill(fill)
  b.set(a)
  return b
}

/** Dense indices 0, 1, … for search numbers: an array by number while numbers are small (identity values), else a Map. */
class SearchIndex {
  readonly nums: number[] = []
  private byNum = new Int32Array(1024).fill(-1)
  private map: Map<number, number> | null = null
  private static readonly ARRAY_MAX = 1 << 25

  of(num: number): number {
    if (!this.map && num >= SearchIndex.ARRAY_MAX) {
      this.map = new Map(this.nums.map((v, k) => [v, k]))
    }
    if (this.map) {
      let k = this.map.get(num)
      if (k === undefined) this.map.set(num, (k = this.add(num)))
      return k
    }
    while (num >= this.byNum.length) this.byNum = grow(this.byNum, -1)
    let k = this.byNum[num]
    if (k < 0) this.byNum[num] = k = this.add(num)
    return k
  }

  private add(num: number) {
    this.nums.push(num)
    return this.nums.length - 1
  }
}
