// Markdown code blocks scroll sideways when a line is longer than the column: each `<pre>` becomes a named
// region that takes keyboard focus, so that it can be scrolled without a mouse ("Code example 2 (python)").
// A plugin of Astro's Markdown processor (Sätteri), run after syntax highlighting has written the `<pre>`.
import type { SatteriProcessorOptions } from '@astrojs/markdown-satteri';

type HastPluginEntry = NonNullable<SatteriProcessorOptions['hastPlugins']>[number];

/** A new count for every document, so that each page numbers its own blocks from 1. */
export const codeRegions: HastPluginEntry = () => {
  let n = 0;
  return {
    name: 'code-regions',
    element: {
      filter: ['pre'],
      visit(node, ctx) {
        n++;
        const language = node.properties?.dataLanguage;
        ctx.setProperty(node, 'tabIndex', 0);
        ctx.setProperty(node, 'role', 'region');
        ctx.setProperty(node, 'ariaLabel', `Code example ${n}${typeof language === 'string' ? ` (${language})` : ''}`);
      },
    },
  };
};
