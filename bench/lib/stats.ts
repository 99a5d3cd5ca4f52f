// Percentiles and Markdown tables: every benchmark prints its figures the same way.

/** Nearest-rank percentile (p in 0..100) of unsorted samples. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export const mean = (samples: number[]) => samples.reduce((a, b) => a + b, 0) / samples.length;

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
export const mib = (bytes: number) => fmt(bytes / 1024 / 1024);

export interface Section {
  title: string;
  /** Markdown: a table, optionally followed by short notes. */
  body: string;
}

export function table(headers: string[], rows: Array<Array<string | number>>): string {
  const cells = rows.map((r) => r.map(String));
  const line = (r: string[]) => `| ${r.join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...cells.map(line)].join('\n');
}

/** Print a section to stdout (the only thing benchmarks print there). */
export function printSection(section: Section): void {
  console.log(`\n## ${section.title}\n\n${section.body}\n`);
}

/**
 * The measured columns of the parse and long-document tables: ideal s, wall s, job started →
 * completed s, efficiency, overhead ms/page, worker CPU ms/page, the efficiency the worker's own
 * CPU allows on `cores` idle cores, and model requests / most in flight.
 */
export function efficiencyCells(m: {
  idealMs: number;
  wallMs: number;
  jobMs: number;
  pages: number;
  workerCpuMs: number;
  cores: number;
  requests: number;
  inFlight: number;
}): string[] {
  return [
    fmt(m.idealMs / 1000, 1),
    fmt(m.wallMs / 1000, 2),
    fmt(m.jobMs / 1000, 2),
    `${fmt((100 * m.idealMs) / m.wallMs, 0)} %`,
    fmt((m.wallMs - m.idealMs) / m.pages, 0),
    fmt(m.workerCpuMs / m.pages, 0),
    `${fmt(Math.min(100, (100 * m.idealMs) / Math.max(m.idealMs, m.workerCpuMs / m.cores)), 0)} %`,
    `${m.requests} / ${m.inFlight}`,
  ];
}
