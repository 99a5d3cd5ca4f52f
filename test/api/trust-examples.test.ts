// Trust loop, examples with an audit trail (issue 40): examples carry ids, their source and time;
// every job records examples_used; `similar` with max_examples 1 chooses the most similar of three
// distinct examples; an evaluation item equal to an example's source never carries it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';
import { call, pollJob, startStackWithProvider } from './job-helpers.js';

const SCHEMA = { type: 'object', properties: { kind: { type: ['string', 'null'] } }, required: ['kind'], additionalProperties: false };
const HARDWARE = 'Invoice from Acme Tools: hammer, nails, screwdriver, wood glue';
const RESTAURANT = 'Restaurant bill: pasta carbonara, red wine, espresso, service tip';
const HOTEL = 'Hotel folio: room night, breakfast buffet, city tax, minibar';
const EXAMPLES = [
  { input: { text: HARDWARE }, output: { kind: 'hardware' } },
  { input: { text: RESTAURANT }, output: { kind: 'restaurant' } },
  { input: { text: HOTEL }, output: { kind: 'hotel' } },
];

let stack: TestStack;
let provider: ScriptedProvider;
let base: string;
let ids: string[];

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider());
  base = stack.url;
  provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ kind: 'x' }) }));
  const put = await call(base, 'PUT', '/v1/extractors/trust-examples', { display_name: 'Examples', instructions: 'Say what kind of bill it is.', model: 'generic-model', schema: SCHEMA, examples: EXAMPLES });
  expect(put.status).toBe(201);
  ids = put.body.examples.map((e: any) => e.id);
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

async function runJob(text: string): Promise<any> {
  const created = await call(base, 'POST', '/v1/extraction-jobs', { extractor_name: 'trust-examples', text });
  expect(created.status).toBe(201);
  const seen = await pollJob(base, `/v1/extraction-jobs/${created.body.id}`, undefined, 60_000);
  return seen[seen.length - 1];
}

/** The example texts a recorded request carried. */
const carried = (body: unknown) => [HARDWARE, RESTAURANT, HOTEL].filter((t) => JSON.stringify(body).includes(t));

describe('examples with an audit trail', () => {
  it('each example has a stable id, no source when written by hand, and a time; sending them back keeps them', async () => {
    const extractor = (await call(base, 'GET', '/v1/extractors/trust-examples')).body;
    expect(extractor.examples_strategy).toBe('all');
    expect(extractor.max_examples).toBeNull();
    for (const ex of extractor.examples) {
      expect(ex).toMatchObject({ id: expect.stringMatching(/^exm_[0-9a-z]{26}$/), source_job_id: null, added_at: expect.any(String) });
    }
    expect(new Set(ids).size).toBe(3);
    // The same definition again (as read, or as first written): same ids, same version.
    const again = await call(base, 'PUT', '/v1/extractors/trust-examples', { display_name: 'Examples', instructions: 'Say what kind of bill it is.', model: 'generic-model', schema: SCHEMA, examples: EXAMPLES });
    expect(again.body.examples.map((e: any) => e.id)).toEqual(ids);
    expect(again.body.version).toBe(extractor.version);
    const roundTrip = await call(base, 'PATCH', '/v1/extractors/trust-examples', { examples: extractor.examples.slice(1) });
    expect(roundTrip.body.examples.map((e: any) => e.id)).toEqual(ids.slice(1));
    const restored = await call(base, 'PATCH', '/v1/extractors/trust-examples', { examples: [EXAMPLES[0], ...extractor.examples.slice(1)] });
    ids = restored.body.examples.map((e: any) => e.id);
    expect(ids.slice(1)).toEqual(roundTrip.body.examples.map((e: any) => e.id));
  });

  it('every job records the examples its prompt carried: all of them by default', async () => {
    provider.reset();
    provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ kind: 'restaurant' }) }));
    const job = await runJob('Trattoria receipt: pizza, wine, tip');
    expect(job.status).toBe('completed');
    expect(job.examples_used).toEqual(ids);
    expect(carried(provider.requests[0]!.body)).toEqual([HARDWARE, RESTAURANT, HOTEL]);
  }, 90_000);

  it('with similar and max_examples 1 the most similar of three is chosen', async () => {
    const patched = await call(base, 'PATCH', '/v1/extractors/trust-examples', { examples_strategy: 'similar', max_examples: 1 });
    expect(patched.body).toMatchObject({ examples_strategy: 'similar', max_examples: 1 });
    const cases: Array<[string, number, string]> = [
      ['Restaurant dinner: pasta, wine and a tip for the service', 1, RESTAURANT],
      ['Hotel invoice: two room nights with breakfast, tax', 2, HOTEL],
      ['Hardware store: nails, hammer and glue', 0, HARDWARE],
    ];
    for (const [text, index, exampleText] of cases) {
      provider.reset();
      provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ kind: 'x' }) }));
      const job = await runJob(text);
      expect(job.status).toBe('completed');
      expect(job.examples_used).toEqual([ids[index]]);
      expect(carried(provider.requests[0]!.body)).toEqual([exampleText]);
    }
    expect((await call(base, 'PATCH', '/v1/extractors/trust-examples', { max_examples: 21 })).status).toBe(422);
    expect((await call(base, 'PATCH', '/v1/extractors/trust-examples', { examples_strategy: 'best' })).status).toBe(422);
  }, 120_000);

  it('an evaluation item equal to an example\'s source never carries it', async () => {
    expect((await call(base, 'PATCH', '/v1/extractors/trust-examples', { examples_strategy: 'all' })).status).toBe(200);
    expect((await call(base, 'POST', '/v1/evaluation-sets', { name: 'trust-leak', display_name: 'Leak' })).status).toBe(201);
    expect((await call(base, 'POST', '/v1/evaluation-sets/trust-leak/items', { text: RESTAURANT, expected_output: { kind: 'restaurant' } })).status).toBe(201);
    expect((await call(base, 'POST', '/v1/evaluation-sets/trust-leak/items', { text: 'Bakery: bread and cake', expected_output: { kind: 'bakery' } })).status).toBe(201);
    provider.reset();
    provider.respondWith(() => ({ kind: 'content', content: JSON.stringify({ kind: 'restaurant' }) }));
    const created = await call(base, 'POST', '/v1/evaluation-runs', { evaluation_set: 'trust-leak', extractor_name: 'trust-examples' });
    expect(created.status).toBe(201);
    const seen = await pollJob(base, `/v1/evaluation-runs/${created.body.id}`, undefined, 120_000);
    expect(seen[seen.length - 1].status).toBe('completed');
    const jobs = (await call(base, 'GET', `/v1/extraction-jobs?evaluation_run_id=${created.body.id}`)).body;
    expect(jobs).toHaveLength(2);
    const own = jobs.find((j: any) => j.source_text === RESTAURANT);
    const other = jobs.find((j: any) => j.source_text !== RESTAURANT);
    expect(own.examples_used).toEqual([ids[0], ids[2]]);
    expect(other.examples_used).toEqual(ids);
    // The request of the item whose text is the restaurant example's carried the other two only.
    const ownRequest = provider.requests.find((r) => JSON.stringify(r.body.messages).includes('Bakery') === false);
    expect(carried(ownRequest!.body.messages.slice(0, -1))).toEqual([HARDWARE, HOTEL]);
  }, 180_000);
});
