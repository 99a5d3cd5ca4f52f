/**
 * The assignment of rows to columns that maximises the total score (Hungarian algorithm, O(n³)).
 * Rectangular matrices are padded with zeros; returns, for each row, its column or -1 when the
 * row is left unpaired (only when there are more rows than columns).
 */
export function maximumAssignment(score: number[][], rows: number, cols: number): number[] {
  const n = Math.max(rows, cols);
  if (n === 0) return [];
  const max = Math.max(0, ...score.flat());
  // Minimise cost = max - score over the padded square matrix (1-based, as in the classic form).
  const cost = (i: number, j: number) => (i < rows && j < cols ? max - score[i]![j]! : max);
  const u = new Array<number>(n + 1).fill(0);
  const v = new Array<number>(n + 1).fill(0);
  const p = new Array<number>(n + 1).fill(0); // p[j]: row assigned to column j
  const way = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Array<number>(n + 1).fill(Infinity);
    const used = new Array<boolean>(n + 1).fill(false);
    do {
      used[j0] = true;
      const i0 = p[j0]!;
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = cost(i0 - 1, j - 1) - u[i0]! - v[j]!;
        if (cur < minv[j]!) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[p[j]!] = u[p[j]!]! + delta;
          v[j] = v[j]! - delta;
        } else {
          minv[j] = minv[j]! - delta;
        }
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0]!;
      p[j0] = p[j1]!;
      j0 = j1;
    } while (j0 !== 0);
  }
  const assignment = new Array<number>(rows).fill(-1);
  for (let j = 1; j <= n; j++) {
    const i = p[j]! - 1;
    if (i < rows && j - 1 < cols) assignment[i] = j - 1;
  }
  return assignment;
}
