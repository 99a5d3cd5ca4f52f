// Chat message content parts.
import { dataUrlFromBytes } from './request-body.js';
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

/** The bytes an image was made from (imageInput), for writing its base64 into a request body. */
const sourceBytes = new WeakMap<ImageInput, Buffer>();

/**
 * An image for the model from its bytes (a rendered page's PNG, an uploaded PNG or JPEG). Its
 * base64 is made only when read: a request body writes it from the bytes in small pieces
 * (request-body.ts). A page's base64 as one string (~1 MB) is longer than Node's EXTERN_APEX,
 * so Node would keep it outside the V8 heap, where it stays until a full collection: measured on
 * a busy worker, such strings were most of the main thread's external memory.
 */
export function imageInput(mediaType: 'image/png' | 'image/jpeg', bytes: Buffer): ImageInput {
  let base64: string | undefined;
  const image: ImageInput = {
    mediaType,
    get base64() {
      return (base64 ??= bytes.toString('base64'));
    },
  };
  sourceBytes.set(image, bytes);
  return image;
}

export function imagePart(image: ImageInput): ImagePart {
  const prefix = `data:${image.mediaType};base64,`;
  const bytes = sourceBytes.get(image);
  if (!bytes) return { type: 'image_url', image_url: { url: prefix + image.base64 } };
  const imageUrl = {
    get url() {
      return prefix + image.base64;
    },
  };
  return { type: 'image_url', image_url: dataUrlFromBytes(imageUrl, prefix, bytes) };
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
  const texts = input.texts?.some((t) => t) ? ` ${TEXT_LAYER_NOTE}` : '';
  return [{ type: 'text', text: leadIn + texts }, ...pageParts(input)];
}

export const TEXT_LAYER_NOTE = "A page's text layer (its exact characters, in reading order), where it has one, follows its image.";

/** Each page's image, followed by its text layer where it has one (the same user message). */
export function pageParts(input: Extract<DocumentInput, { type: 'images' }>): ContentPart[] {
  const first = input.firstPage ?? 1;
  return input.images.flatMap((image, i): ContentPart[] => {
    const text = input.texts?.[i];
    return text ? [imagePart(image), { type: 'text', text: `Text layer of page ${first + i}:\n${text}` }] : [imagePart(image)];
  });
}
