// Reading Office Open XML packages (DOCX, PPTX) for the built-in converters: the ZIP's parts
// (inflated against a budget first, so a zip bomb is refused before anything is unpacked), a
// small XML reader (elements by local name, no DTD or entity expansion, nothing fetched) and the
// relationships that tie parts together.
import { unzipSync } from 'fflate';
import { DocumentError } from '../errors.js';
import { checkZipBudget } from './zip-budget.js';

export interface XmlNode {
  /** Local name (the namespace prefix dropped: `w:p` is `p`). */
  name: string;
  /** Attributes by their name as written (`r:embed`) and, unless taken, by local name (`embed`). */
  attrs: Record<string, string>;
  children: XmlNode[];
  /** Character data directly inside the element. */
  text: string;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const local = (name: string) => name.slice(name.indexOf(':') + 1);

function decode(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|\w+);/g, (whole, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[e] ?? whole; // an entity of a DTD is never expanded
  });
}

/** Parses an XML part into a tree of elements (lenient: a stray end tag is ignored). */
export function parseXml(xml: string): XmlNode {
  const root: XmlNode = { name: '#root', attrs: {}, children: [], text: '' };
  const stack: XmlNode[] = [root];
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    if (lt < 0) break;
    if (lt > i) stack[stack.length - 1]!.text += decode(xml.slice(i, lt));
    if (xml.startsWith('<![CDATA[', lt)) {
      const end = xml.indexOf(']]>', lt);
      stack[stack.length - 1]!.text += xml.slice(lt + 9, end < 0 ? xml.length : end);
      i = end < 0 ? xml.length : end + 3;
      continue;
    }
    if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt);
      i = end < 0 ? xml.length : end + 3;
      continue;
    }
    if (xml.startsWith('<!', lt) || xml.startsWith('<?', lt)) {
      // A DOCTYPE's internal subset holds '>' of its own: skip to the ']>' that closes it.
      const bracket = xml.indexOf('[', lt);
      const gt = xml.indexOf('>', lt);
      const end = bracket >= 0 && bracket < gt ? xml.indexOf(']>', bracket) + 1 : gt;
      i = end <= 0 ? xml.length : end + 1;
      continue;
    }
    const gt = xml.indexOf('>', lt);
    if (gt < 0) break;
    const tag = xml.slice(lt + 1, gt);
    i = gt + 1;
    if (tag[0] === '/') {
      const name = local(tag.slice(1).trim());
      let at = stack.length - 1;
      while (at > 0 && stack[at]!.name !== name) at--;
      if (at > 0) stack.length = at;
      continue;
    }
    const selfClosing = tag.endsWith('/');
    const body = selfClosing ? tag.slice(0, -1) : tag;
    const nameEnd = body.search(/\s|$/);
    const node: XmlNode = { name: local(body.slice(0, nameEnd)), attrs: {}, children: [], text: '' };
    for (const m of body.slice(nameEnd).matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      const value = decode(m[2] ?? m[3] ?? '');
      node.attrs[m[1]!] = value;
      if (!(local(m[1]!) in node.attrs)) node.attrs[local(m[1]!)] = value;
    }
    stack[stack.length - 1]!.children.push(node);
    if (!selfClosing) stack.push(node);
  }
  return root;
}

/** The first child named `name`, or of a path of names. */
export function child(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let at = node;
  for (const name of path) at = at?.children.find((c) => c.name === name);
  return at;
}

export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  return node ? node.children.filter((c) => c.name === name) : [];
}

/** Every descendant named `name`, in document order, not looking inside a match. */
export function descendants(node: XmlNode | undefined, name: string, out: XmlNode[] = []): XmlNode[] {
  for (const c of node?.children ?? []) {
    if (c.name === name) out.push(c);
    else descendants(c, name, out);
  }
  return out;
}

export function num(value: string | undefined, fallback: number): number {
  const n = value === undefined ? NaN : Number(value);
  return Number.isFinite(n) ? n : fallback;
}

/** An OOXML package: its parts by path, read once. */
export class Package {
  private readonly parts: Record<string, Uint8Array>;
  private readonly parsed = new Map<string, XmlNode | null>();

  constructor(bytes: Uint8Array, maxUnpackedBytes: number) {
    checkZipBudget(bytes, maxUnpackedBytes);
    try {
      this.parts = unzipSync(bytes);
    } catch (err) {
      throw new DocumentError('document_corrupt', `The file is not a readable ZIP container (${(err as Error).message}).`, { cause: err });
    }
  }

  bytes(path: string): Uint8Array | undefined {
    return this.parts[path.replace(/^\//, '')];
  }

  xml(path: string): XmlNode | null {
    if (!this.parsed.has(path)) {
      const b = this.bytes(path);
      this.parsed.set(path, b ? parseXml(Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('utf8')) : null);
    }
    return this.parsed.get(path)!;
  }

  /** The relationships of a part: id → { target path (resolved), type, external }. */
  rels(part: string): Map<string, { target: string; type: string; external: boolean }> {
    const slash = part.lastIndexOf('/');
    const dir = part.slice(0, slash + 1);
    const out = new Map<string, { target: string; type: string; external: boolean }>();
    const rels = this.xml(`${dir}_rels/${part.slice(slash + 1)}.rels`);
    for (const r of descendants(rels ?? undefined, 'Relationship')) {
      const external = r.attrs.TargetMode === 'External';
      const target = r.attrs.Target ?? '';
      out.set(r.attrs.Id ?? '', { target: external ? target : resolvePath(dir, target), type: r.attrs.Type ?? '', external });
    }
    return out;
  }
}

function resolvePath(dir: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = (dir + target).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p !== '.' && p !== '') out.push(p);
  }
  return out.join('/');
}
