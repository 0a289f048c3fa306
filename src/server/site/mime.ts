// Content types of the built files, from Hono's table of types (a .pdf is application/pdf, a .woff2
// font/woff2) plus Markdown, which the content editor reads; anything else is served as bytes.
import { getMimeType, mimes } from 'hono/utils/mime';

const TYPES = { ...mimes, md: 'text/markdown; charset=utf-8' };

export function contentType(file: string): string {
  return getMimeType(file, TYPES) ?? 'application/octet-stream';
}

/** Types worth compressing ahead of time: text, JSON, XML, scripts and SVG (images and fonts already are). */
export function isCompressible(file: string): boolean {
  return /^(text\/|application\/([\w.+-]*json|[\w.+-]*xml|javascript)|image\/svg\+xml)/.test(contentType(file));
}
