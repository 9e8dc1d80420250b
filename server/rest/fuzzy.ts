/**
 * "Perhaps you meant ..." suggestions in error hints, as PostgREST gives for a misspelt table,
 * relationship or function. A normalised edit distance is enough for names this short.
 */

function editDistance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = previous[0]!;
    previous[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = previous[j]!;
      previous[j] = Math.min(above + 1, previous[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length]!;
}

/** Similarity from 0 (nothing alike) to 1 (equal, ignoring case). */
export function similarity(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  const longest = Math.max(x.length, y.length);
  return longest === 0 ? 1 : 1 - editDistance(x, y) / longest;
}

/** The closest candidate scoring at least `minScore` (and below `maxScore`), or null. */
export function closest(name: string, candidates: Iterable<string>, minScore = 0.4, maxScore = 1.01): string | null {
  let best: string | null = null;
  let bestScore = minScore;
  for (const candidate of candidates) {
    const score = similarity(name, candidate);
    if (score < maxScore && (best === null ? score >= minScore : score > bestScore)) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}
