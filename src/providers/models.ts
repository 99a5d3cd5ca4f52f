// Model discovery for GET /v1/providers/{name}/models.
import { classifyError } from './classify.js';
import { createClient, PROJECT_API_VERSION, projectUrl, requireProjectKey, type ClientConfig } from './client.js';
import { codeForStatus, ProviderError } from './errors.js';
import type { ProviderSettings } from './types.js';

// Families on the vendor's model list that cannot serve chat completions with images and text.
const NOT_CHAT = [
  /embed/i,
  /whisper|transcribe|tts|audio|speech/i,
  /dall-e|image|sora/i,
  /moderation/i,
  /^(text-)?(ada|babbage|curie|davinci)\b/i, // legacy completion models
  /-instruct(-|$)/i, // gpt-3.5-turbo-instruct: completions endpoint only
  /realtime/i,
  /search/i,
  /computer-use|codex|deep-research/i, // Responses API only
  /(^|-)pro(-|$)/i, // o1-pro, gpt-5-pro: Responses API only
];

export function isPlausibleChatModel(id: string): boolean {
  return !NOT_CHAT.some((re) => re.test(id));
}

/** The model identifiers a provider currently advertises (for the project provider: its deployments). */
export async function listModels(settings: ProviderSettings, config: ClientConfig, signal?: AbortSignal): Promise<string[]> {
  if (settings.name === 'hosted_project_api') return listDeployments(settings, signal);
  const client = createClient(settings, config);
  const ids: string[] = [];
  try {
    for await (const model of client.models.list({ signal })) {
      if (typeof model.id === 'string' && !ids.includes(model.id)) ids.push(model.id);
    }
  } catch (err) {
    throw classifyError(err, signal);
  }
  return settings.name === 'hosted_api' ? ids.filter(isPlausibleChatModel) : ids;
}

interface Deployment {
  name?: unknown;
  type?: unknown;
  capabilities?: Record<string, unknown>;
}

/**
 * Azure AI Foundry project deployments: `GET <project_url>/deployments?api-version=v1` answers
 * `{value: [{name, type: "ModelDeployment", modelName, modelPublisher, capabilities, ...}], nextLink}`.
 * Deployments whose capabilities are listed and exclude chat completion are left out.
 */
async function listDeployments(settings: ProviderSettings, signal?: AbortSignal): Promise<string[]> {
  const base = projectUrl(settings);
  const key = requireProjectKey(settings);
  let url: string | null = `${base}/deployments?api-version=${PROJECT_API_VERSION}`;
  const names: string[] = [];
  for (let page = 0; url && page < 100; page++) {
    let response: Response;
    try {
      response = await fetch(url, { headers: { 'api-key': key, accept: 'application/json' }, signal });
    } catch (err) {
      throw classifyError(err, signal);
    }
    const text = await response.text().catch(() => '');
    let body: any = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // handled below
    }
    if (!response.ok) {
      const message = body?.error?.message ?? body?.message ?? (text.slice(0, 300) || response.statusText);
      throw new ProviderError(codeForStatus(response.status), `Provider returned HTTP ${response.status}: ${message}`, {
        status: response.status,
      });
    }
    if (!body || !Array.isArray(body.value)) {
      throw new ProviderError('provider_protocol_error', 'The project deployments listing is not {value: [...]}');
    }
    for (const d of body.value as Deployment[]) {
      if (typeof d.name !== 'string' || names.includes(d.name)) continue;
      if (d.type !== undefined && d.type !== 'ModelDeployment') continue;
      const caps = d.capabilities;
      if (caps && Object.keys(caps).length > 0 && !isTrue(caps['chat_completion'])) continue;
      names.push(d.name);
    }
    url = typeof body.nextLink === 'string' && body.nextLink ? new URL(body.nextLink, `${base}/`).toString() : null;
  }
  return names;
}

const isTrue = (v: unknown) => v === true || v === 'true';
