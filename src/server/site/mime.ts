// Content types of the built files, from Hono's table of types (a .pdf is application/pdf, a .woff2
// font/woff2); anything it does not know is served as bytes.
import { getMimeType } from 'hono/utils/mime';

export function contentType(file: string): string {
  return getMimeType(file) ?? 'application/octet-stream';
}

/** Types worth compressing ahead of time: text, JSON, XML, scripts and SVG (images and fonts already are). */
export function isCompressible(file: string): boolean {
  return /^(text\/|application\/([\w.+-]*json|[\w.+-]*xml|javascript)|image\/svg\+xml)/.test(contentType(file));
}
