// Whether the server knows the job search attributes (./search-attributes.ts), and registering
// them where the service may. A run started with them upserts them as its job moves; without them
// (an external server whose operator has not created them yet) jobs run as before, unsearchable.
import type { Client } from '@temporalio/client';
import type { Logger } from '../logging.js';
import { SEARCH_ATTRIBUTES, searchAttributeCreateCommands } from './search-attributes.js';

/** temporal.api.enums.v1.IndexedValueType of the types we use. */
const INDEXED_VALUE_TYPE: Record<string, number> = { KEYWORD: 2, INT: 3 };

/** How long a "not registered" answer is believed before the server is asked again. */
const RECHECK_MS = 30_000;
const known = new WeakMap<Client, { registered: boolean; at: number }>();

/** The names of ours that the namespace lacks. */
async function missingAttributes(client: Client, namespace: string): Promise<typeof SEARCH_ATTRIBUTES[number][]> {
  const listed = await client.connection.operatorService.listSearchAttributes({ namespace });
  const custom = listed.customAttributes ?? {};
  return SEARCH_ATTRIBUTES.filter((k) => !(k.name in custom));
}

/**
 * Whether every job attribute is registered in the namespace: asked once, then remembered (a
 * "no" for RECHECK_MS, so attributes an operator creates later are picked up). A server that
 * cannot answer counts as "no": the job still starts, without attributes.
 */
export async function searchAttributesRegistered(client: Client, namespace: string): Promise<boolean> {
  const seen = known.get(client);
  if (seen && (seen.registered || Date.now() - seen.at < RECHECK_MS)) return seen.registered;
  let registered = false;
  try {
    registered = (await missingAttributes(client, namespace)).length === 0;
  } catch {
    registered = false;
  }
  known.set(client, { registered, at: Date.now() });
  return registered;
}

/**
 * At start: register the attributes the namespace lacks through the operator service. Where that
 * is not allowed (a managed or locked-down server), one warning line with the commands an
 * operator runs, and the service runs without them. Returns whether they are all registered.
 */
export async function registerSearchAttributes(client: Client, namespace: string, logger: Logger): Promise<boolean> {
  let missing: typeof SEARCH_ATTRIBUTES[number][];
  try {
    missing = await missingAttributes(client, namespace);
    if (missing.length === 0) return remember(client, true);
    await client.connection.operatorService.addSearchAttributes({
      namespace,
      searchAttributes: Object.fromEntries(missing.map((k) => [k.name, INDEXED_VALUE_TYPE[k.type]!])),
    });
    logger.info({ namespace, search_attributes: missing.map((k) => k.name) }, 'registered the job search attributes on the Temporal server');
    return remember(client, true);
  } catch (err) {
    // Another process may have added them in between: believe the server's list.
    try {
      if ((await missingAttributes(client, namespace)).length === 0) return remember(client, true);
    } catch {
      // fall through to the warning
    }
    logger.warn(
      { namespace, err: err instanceof Error ? err.message : String(err), commands: searchAttributeCreateCommands(namespace) },
      `the Temporal server did not let the service register its search attributes; jobs run without them until an operator runs: ${searchAttributeCreateCommands(namespace).join(' && ')}`,
    );
    return remember(client, false);
  }
}

function remember(client: Client, registered: boolean): boolean {
  known.set(client, { registered, at: Date.now() });
  return registered;
}
