// Chat message content parts.
import { spliceUnscanned } from './request-body.js';
import type { DocumentInput, ImageInput } from './types.js';

export interface ImagePart {
  type: 'image_url';
  image_url: { url: string };
}
export interface TextPart {
  type: 'text';
  text: string;
}
export type ContentPart = TextPart | ImagePart;

/** Images whose base64 `imageInput` made from bytes (so their data URLs need no check for JSON). */
const encodedHere = new WeakSet<ImageInput>();

/** An image for the model from its bytes (a rendered page's PNG, an uploaded PNG or JPEG). */
export function imageInput(mediaType: 'image/png' | 'image/jpeg', bytes: Buffer): ImageInput {
  const image = { mediaType, base64: bytes.toString('base64') };
  encodedHere.add(image);
  return image;
}

export function imagePart(image: ImageInput): ImagePart {
  const prefix = `data:${image.mediaType};base64,`;
  const url = { url: prefix + image.base64 };
  return { type: 'image_url', image_url: encodedHere.has(image) ? spliceUnscanned(url, [prefix, image.base64]) : url };
}

/** Lead-in before page images, so the model knows how many pages there are and in what order. */
export function pagesLeadIn(count: number): string {
  return count === 1
    ? 'The document is the attached image.'
    : `The document is the ${count} attached page images, in page order.`;
}

/**
 * A document as the content of a user message: plain text, or a lead-in and the page images.
 * `range` ("pages 9–16 of 120") marks one window of a longer document.
 */
export function documentContent(input: DocumentInput, range?: string): string | ContentPart[] {
  if (input.type === 'text') return range ? [{ type: 'text', text: `This text is ${range}.` }, { type: 'text', text: input.text }] : input.text;
  const leadIn = range ? `The attached page images are ${range}, in page order.` : pagesLeadIn(input.images.length);
  return [{ type: 'text', text: leadIn }, ...input.images.map(imagePart)];
}
