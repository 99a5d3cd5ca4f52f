// Retrieval reads of a 300-page parse job (issue 41): GET …/chunks answered from the stored
// blocks, timed over repeated requests, with the API process's RSS before, during and after, so
// a leak or a per-request copy of the document shows as growth. `npm run bench:retrieval`.
import { log, type Infra } from './lib/infra.js';
import { call, expectStatus, uploadBytes, waitForJob } from './lib/http.js';
import { isMain, runStandalone } from './lib/main.js';
import { makeMixedPdf } from './lib/pdf.js';
import { readRss, startStack } from './lib/services.js';
import { fmt, table, type Section } from './lib/stats.js';

const PAGES = Number(process.env.BENCH_RETRIEVAL_PAGES ?? 300);
const READS = Number(process.env.BENCH_RETRIEVAL_READS ?? 30);

/** A page as a model transcribes a report: headings, paragraphs, a list and a table (~450 tokens). */
function pageMarkdown(n: number): string {
  const para = (k: number) =>
    `Paragraph ${k} of page ${n} describes the quarterly results in some detail. Revenue grew in every region, costs fell, ` +
    `and the outlook for the next quarter remains positive according to the board. Figures are in thousands of euros.`;
  const rows = Array.from({ length: 8 }, (_, i) => `| Region ${i} | ${n * 10 + i} | ${n * 7 + i} |`).join('\n');
  return [`Annual Report 2026`, `## Section ${n}`, para(1), para(2), `- first point of page ${n}\n  - a detail\n- second point`, `| Region | Revenue | Cost |\n|---|---|---|\n${rows}`, para(3), `Page ${n}`].join('\n\n');
}

const mib = (bytes: number) => fmt(bytes / 2 ** 20, 1);

export async function retrievalBenchmark(infra: Infra | undefined): Promise<Section> {
  if (!infra) throw new Error('the retrieval benchmark needs infrastructure');
  const stack = await startStack(infra);
  try {
    let page = 0;
    stack.provider.respondWith(() => ({ kind: 'content', content: pageMarkdown(++page) }));
    const fileId = await uploadBytes(stack.url, makeMixedPdf(PAGES), `mixed-${PAGES}.pdf`, 'application/pdf');
    const job = await expectStatus(call(stack.url, 'POST', '/v1/parse-jobs', { file_id: fileId }), 201, 'POST /v1/parse-jobs');
    log(`retrieval: parsing ${PAGES} pages`);
    const done = await waitForJob(stack.url, `/v1/parse-jobs/${job.id}`, 500);
    if (done.status !== 'completed') throw new Error(`parse job ended ${done.status}`);

    const rows: Array<Array<string | number>> = [];
    for (const maxTokens of [512, 128]) {
      const path = `/v1/parse-jobs/${job.id}/chunks?max_tokens=${maxTokens}`;
      const rssBefore = readRss(stack.api.pid).rss;
      const times: number[] = [];
      let chunks = 0;
      let bytes = 0;
      const rssSamples: number[] = [];
      for (let i = 0; i < READS; i++) {
        const started = performance.now();
        const r = await fetch(`${stack.url}${path}`);
        const body = await r.text();
        times.push(performance.now() - started);
        if (r.status !== 200) throw new Error(`GET ${path} answered ${r.status}: ${body.slice(0, 200)}`);
        chunks = (JSON.parse(body) as { chunks: unknown[] }).chunks.length;
        bytes = body.length;
        rssSamples.push(readRss(stack.api.pid).rss);
      }
      const sorted = [...times].sort((a, b) => a - b);
      const tenth = rssSamples[Math.min(9, rssSamples.length - 1)]!;
      rows.push([
        maxTokens,
        chunks,
        `${fmt(bytes / 1024, 0)} KiB`,
        fmt(times[0]!, 0),
        fmt(sorted[Math.floor(sorted.length / 2)]!, 0),
        fmt(sorted[sorted.length - 1]!, 0),
        mib(rssBefore),
        mib(tenth),
        mib(rssSamples[rssSamples.length - 1]!),
      ]);
      log(`retrieval: max_tokens=${maxTokens}: ${chunks} chunks, p50 ${fmt(sorted[Math.floor(sorted.length / 2)]!, 0)} ms`);
    }
    return {
      title: `Retrieval: chunks of a ${PAGES}-page parse job`,
      body: [
        table(['max_tokens', 'chunks', 'body', 'first ms', 'p50 ms', 'max ms', 'API RSS before MiB', `after 10 reads`, `after ${READS} reads`], rows),
        '',
        `${READS} sequential GET …/chunks per size against the API process (its own process, as \`npm run start:api\`), ` +
          'the job completed beforehand (blocks stored at completion). RSS read from /proc after each answer.',
      ].join('\n'),
    };
  } finally {
    await stack.close();
  }
}

if (isMain(import.meta.url)) await runStandalone(retrievalBenchmark, { needsInfra: true });
