// Rendered Markdown (our own HTML, from content/) as plain text: for places that take text, not markup
// (React props, feed summaries, image captions, word counts).
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

export function plainText(html: string): string {
  return (
    html
      // Blocks end in a space, inline tags (<em>, <a>) vanish, so "<em>fast</em>." stays "fast.".
      .replace(/<\/(p|li|h[1-6]|blockquote|pre|td|th)>|<br\s*\/?>/g, ' ')
      .replace(/<[^>]*>/g, '')
      .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
