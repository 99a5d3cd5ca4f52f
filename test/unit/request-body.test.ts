import { describe, expect, it, jest } from '@jest/globals';
import { documentContent, imageInput } from '../../src/providers/content.js';
import { encodeJsonBody } from '../../src/providers/request-body.js';

const image = (n: number) => `data:image/png;base64,${Buffer.alloc(6000 + n, n).toString('base64')}`;

describe('encodeJsonBody', () => {
  it('encodes the same JSON value as JSON.stringify, with page images spliced in', () => {
    const body = {
      model: 'm',
      messages: [
        { role: 'system', content: 'Window: pages 9–16 of 400 — “quoted”, emoji 😀, tab\t, quote " and backslash \\ and \u0000' },
        { role: 'user', content: [image(1), image(2)].map((url) => ({ type: 'image_url', image_url: { url } })) },
      ],
      n: 1.5,
      flag: null,
    };
    const bytes = encodeJsonBody(body);
    expect(JSON.parse(bytes.toString('utf8'))).toEqual(body);
    // Only ASCII goes over the wire: non-ASCII characters are \u escapes.
    expect(bytes.every((b) => b < 0x80)).toBe(true);
    expect(bytes.toString('latin1')).toContain(image(2));
  });

  it('leaves long strings that are not plain data URLs to JSON.stringify', () => {
    const long = `data:text/plain,${'é"\\'.repeat(3000)}`;
    const notData = 'x'.repeat(10_000);
    const body = { a: long, b: notData, c: [image(3)] };
    expect(JSON.parse(encodeJsonBody(body).toString('utf8'))).toEqual(body);
  });

  it('does not mistake a string shaped like its marker for an image', () => {
    const body = { text: 'abc:0', images: [image(4)] };
    expect(JSON.parse(encodeJsonBody(body).toString('utf8'))).toEqual(body);
  });

  it('splices the data URLs of images made from bytes, and still checks images given as strings', () => {
    const fromBytes = [imageInput('image/png', Buffer.alloc(9000, 7)), imageInput('image/jpeg', Buffer.alloc(7000, 200))];
    // Not made by imageInput: its "base64" is taken as given, so it must go through the check.
    const given = { mediaType: 'image/png', base64: `${'A'.repeat(5000)}"\\é\n` };
    const body = { model: 'm', messages: [{ role: 'user', content: documentContent({ type: 'images', images: [...fromBytes, given] }, 'pages 1–3 of 3') }] };
    const bytes = encodeJsonBody(body);
    expect(JSON.parse(bytes.toString('utf8'))).toEqual(JSON.parse(JSON.stringify(body)));
    expect(bytes.toString('latin1')).toContain(`data:image/jpeg;base64,${Buffer.alloc(7000, 200).toString('base64')}`);
  });

  it('writes the base64 of an image made from bytes in pieces, never as one string', () => {
    // Several pieces, the last one not a multiple of 3 bytes (padding only at the very end).
    const bytes = Buffer.from(Array.from({ length: 3 * 16_384 * 2 + 1001 }, (_, i) => (i * 7919) % 256));
    const toString = jest.spyOn(bytes, 'toString');
    const image = imageInput('image/png', bytes);
    const body = { model: 'm', messages: [{ role: 'user', content: documentContent({ type: 'images', images: [image] }) }] };
    const encoded = encodeJsonBody(body);
    // Each call made one piece of at most 64 KiB of base64; none made the whole ~130 KB string.
    expect(toString.mock.calls.length).toBe(3);
    for (const call of toString.mock.calls) expect(call).toEqual(['base64', expect.any(Number), expect.any(Number)]);
    toString.mockRestore();
    const parsed = JSON.parse(encoded.toString('utf8'));
    expect(parsed.messages[0].content[1].image_url).toEqual({ url: `data:image/png;base64,${bytes.toString('base64')}` });
    // Reading the URL (as anything but the encoder would) still gives the whole data URL.
    expect(JSON.parse(JSON.stringify(body))).toEqual(parsed);
  });

  it('refuses what JSON.stringify cannot encode', () => {
    expect(() => encodeJsonBody(undefined)).toThrow(TypeError);
  });
});
