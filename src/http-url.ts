// The shape of a provider's endpoint URLs (base_url, configuration.project_url), the pattern
// openapi.yaml states, so the document and the service agree on every such URL (an IPv6 host is
// reached through a host name):
// a host name whose last label starts with a letter, or a dotted IPv4 address; an optional port;
// an optional path of RFC 3986 characters; no credentials, query or fragment.
const OCTET = '(25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])';
const HOST = `${OCTET}(\\.${OCTET}){3}|([A-Za-z0-9-]+\\.)*[A-Za-z][A-Za-z0-9-]*`;
export const HTTP_URL_PATTERN = new RegExp(`^https?://(${HOST})(:(6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[0-9]{1,4}))?(/([A-Za-z0-9._~!$&()*+,;=:@/-]|%[0-9A-Fa-f]{2})*)?$`);

/** An absolute http:// or https:// URL of the documented shape. */
export function isHttpUrl(value: string): boolean {
  if (!HTTP_URL_PATTERN.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
