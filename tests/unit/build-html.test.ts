// The build's passes over Astro's output read pages through the HTML parser (src/build/html.ts): no
// regular expression in src/build/ describes an HTML tag (`<svg`, `</script>`, `<[^>]*>`), whether a
// literal or a string handed to `new RegExp`. A change of Astro's markup then meets a parser, not a
// pattern that stops matching and leaves a page unedited in silence.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const BUILD = path.resolve(import.meta.dirname, '../../src/build');

/** Whether a pattern's source describes a tag: `<` followed by a name, `/`, or a class or group standing for one. */
const describesTag = (pattern: string) => /<(?:\\?\/|[a-zA-Z([]|\\w)/.test(pattern);

/** The patterns of a file's regular expressions: literals, and string literals given to `new RegExp`/`RegExp`. */
function patterns(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node)) found.push(node.text.slice(1, node.text.lastIndexOf('/')));
    if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const [first] = node.arguments ?? [];
      if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) found.push(first.text);
      else if (first && ts.isTemplateExpression(first)) found.push(first.getText(source));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('src/build/ edits pages through the HTML parser', () => {
  it('recognises a regular expression over tags when it sees one', () => {
    for (const tag of ['<svg\\b([^>]*)>', '<\\/script>', '<(\\/?)astro-island\\b', '<[^>]*>', '<(\\w+)'])
      expect(describesTag(tag), tag).toBe(true);
    for (const other of ['&lt;', '<', '\\s+', 'a<=b']) expect(describesTag(other), other).toBe(false);
  });

  it('has no regular expression over HTML tags', () => {
    const files = readdirSync(BUILD).filter((name) => name.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(5);
    const found = files.flatMap((name) =>
      patterns(path.join(BUILD, name))
        .filter(describesTag)
        .map((pattern) => `${name}: /${pattern}/`),
    );
    expect(found).toEqual([]);
  });
});
