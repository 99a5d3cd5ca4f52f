// Chat message content parts.
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

export function imagePart(image: ImageInput): ImagePart {
  return { type: 'image_url', image_url: { url: `data:${image.mediaType};base64,${image.base64}` } };
}

/** Lead-in before page images, so the model knows how many pages there are and in what order. */
export function pagesLeadIn(count: number): string {
  return count === 1
    ? 'The document is the attached image.'
    : `The document is the ${count} attached page images, in page order.`;
}

/** A document as the content of a user message: plain text, or a lead-in and the page images. */
export function documentContent(input: DocumentInput): string | ContentPart[] {
  if (input.type === 'text') return input.text;
  return [{ type: 'text', text: pagesLeadIn(input.images.length) }, ...input.images.map(imagePart)];
}
