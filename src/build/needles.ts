// Which of many strings occur in a text, found in one pass over it (Aho–Corasick). The pages' CSS
// pruning (page-css.ts) asks this for every class of the site's stylesheet against every page: one
// `includes` per class and page was most of a build with 1,000 posts (25 ms a page).

export class Needles {
  /** The trie: for each node, the node each next character leads to. Node 0 is the root. */
  private readonly next: Map<number, number>[] = [new Map()];
  /** For each node, the node of the longest proper suffix of its path that is also a path. */
  private readonly fail: number[] = [0];
  /** For each node, the needles (by index) that end there or at a suffix of its path. */
  private readonly ends: number[][] = [[]];

  constructor(readonly words: readonly string[]) {
    words.forEach((word, index) => {
      let node = 0;
      for (let k = 0; k < word.length; k++) {
        const c = word.charCodeAt(k);
        let child = this.next[node]!.get(c);
        if (child === undefined) {
          child = this.next.push(new Map()) - 1;
          this.fail.push(0);
          this.ends.push([]);
          this.next[node]!.set(c, child);
        }
        node = child;
      }
      this.ends[node]!.push(index);
    });
    // Breadth first, so that a node's suffix (shallower) is complete before the node.
    const queue = [...this.next[0]!.values()];
    for (let q = 0; q < queue.length; q++) {
      const node = queue[q]!;
      for (const [c, child] of this.next[node]!) {
        let f = this.fail[node]!;
        while (f !== 0 && !this.next[f]!.has(c)) f = this.fail[f]!;
        this.fail[child] = this.next[f]!.get(c) ?? 0;
        const inherited = this.ends[this.fail[child]!]!;
        if (inherited.length) this.ends[child] = [...this.ends[child]!, ...inherited];
        queue.push(child);
      }
    }
  }

  /** Sets `found[i]` to 1 for every needle `words[i]` that occurs in `text`. */
  scan(text: string, found: Uint8Array): void {
    let node = 0;
    for (let k = 0; k < text.length; k++) {
      const c = text.charCodeAt(k);
      let child = this.next[node]!.get(c);
      while (child === undefined && node !== 0) {
        node = this.fail[node]!;
        child = this.next[node]!.get(c);
      }
      node = child ?? 0;
      for (const i of this.ends[node]!) found[i] = 1;
    }
  }
}
