// The Grafana dashboard (docs/grafana/docextract.json) as data: its PromQL queries and the metric
// selectors in them. Shared by its unit test (the names exist in the code's registries) and the
// start-up scrape test (every series it uses is there, at 0, right after npm start).
import { readFileSync } from 'node:fs';

export const dashboard = JSON.parse(readFileSync(new URL('../../docs/grafana/docextract.json', import.meta.url), 'utf8'));

/** Labels Prometheus adds to every series it scrapes, and a histogram bucket's bound. */
export const TARGET_LABELS = ['job', 'instance'];

export interface Query {
  where: string;
  expr: string;
}

export function panelsOf(list: any[]): any[] {
  return list.flatMap((p) => [p, ...panelsOf(p.panels ?? [])]);
}

/** Every PromQL expression of the dashboard: panel targets and template variable queries. */
export function queries(): Query[] {
  const out: Query[] = [];
  for (const panel of panelsOf(dashboard.panels)) {
    for (const t of panel.targets ?? []) out.push({ where: `panel "${panel.title}" ${t.refId}`, expr: t.expr });
  }
  for (const v of dashboard.templating?.list ?? []) {
    if (v.type !== 'query') continue;
    const q = typeof v.query === 'string' ? v.query : v.query?.query;
    // label_values(metric, label) is Grafana's, not PromQL: check it as the selector `metric` and the label.
    const m = /^label_values\(\s*([^,]+?)\s*,\s*([A-Za-z_]\w*)\s*\)$/.exec(q);
    out.push({ where: `variable $${v.name}`, expr: m ? `sum by (${m[2]}) (${m[1]})` : q });
  }
  return out;
}

const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'and', 'or', 'unless', 'offset', 'inf', 'nan']);

/** The metric selectors of an expression (`name` and the label names of its `{…}`) and the labels of its by/without/on clauses. */
export function parse(expr: string): { selectors: Array<{ name: string; labels: string[] }>; grouping: string[] } {
  // Strings, Grafana's $variables and ranges ([5m], [$__rate_interval]) hold no names.
  const text = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\$\{?\w+\}?/g, '1');
  const grouping = [...text.matchAll(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\(([^)]*)\)/g)].flatMap((m) =>
    m[1]!.split(',').map((s) => s.trim()).filter(Boolean),
  );
  const bare = text.replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const selectors: Array<{ name: string; labels: string[] }> = [];
  for (const m of bare.matchAll(/([A-Za-z_:][\w:]*)\s*(\{[^}]*\})?(\s*\()?/g)) {
    const [, name, braces, call] = m;
    if (call || KEYWORDS.has(name!.toLowerCase()) || /^\d/.test(name!)) continue; // a function, a keyword
    const labels = braces ? [...braces.matchAll(/([A-Za-z_]\w*)\s*(?:=~|!~|!=|=)/g)].map((l) => l[1]!) : [];
    selectors.push({ name: name!, labels });
  }
  return { selectors, grouping };
}

/** The metric names (series names as Prometheus stores them) every query of the dashboard selects. */
export function dashboardSeries(): string[] {
  return [...new Set(queries().flatMap((q) => parse(q.expr).selectors.map((s) => s.name)))].sort();
}
