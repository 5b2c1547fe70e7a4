/**
 * The letters and letter pairs a fragment must all hold, as `member_search_grams` (migration
 * 0003) indexes them: lower-cased, pairs of neighbouring characters, whitespace left out; one
 * character alone when that is all there is. A GIN index on member_search_grams(column) then
 * finds candidates with `@> ARRAY[...]`, and `strpos` keeps those holding the fragment in order.
 */
export function searchGrams(fragment: string): string[] {
  const chars = [...fragment.toLowerCase()];
  const pairs = chars
    .slice(0, -1)
    .map((c, i) => `${c}${chars[i + 1]}`)
    .filter((g) => !/\s/.test(g));
  const grams = pairs.length > 0 ? pairs : chars.filter((c) => !/\s/.test(c));
  return [...new Set(grams)];
}
