// Which of many strings occur in a text, found in one pass over it (Aho–Corasick). The pages' CSS
// pruning (page-css.ts) asks this for every class of the site's stylesheet against every page: one
// `includes` per class and page was most of a build with 1,000 posts (25 ms a page).
//
// The automaton is compiled to a table: one step per character of the text is one array read (a
// character found in no needle leads back to the start), with no suffix links left to follow while
// scanning. With 1,000 posts this scan read 37 MB of markup in 0.1 s, where a trie of Maps took 0.7 s.

export class Needles {
  /** A character's column in the table: 0 for characters that no needle holds. */
  private readonly column = new Uint16Array(0x10000);
  private readonly columns: number;
  /** The next state for each state and column, at `state * columns + column`. State 0 is the start. */
  private readonly step: Int32Array;
  /** The needles (by index) that end at a state or at a suffix of its path: `found.slice(endsFrom[s], endsFrom[s + 1])`. */
  private readonly endsFrom: Int32Array;
  private readonly ends: Int32Array;

  constructor(readonly words: readonly string[]) {
    let columns = 1;
    for (const word of words)
      for (let k = 0; k < word.length; k++) {
        const c = word.charCodeAt(k);
        if (this.column[c] === 0) this.column[c] = columns++;
      }
    this.columns = columns;
    // The trie first: its children by column, each state's needles.
    const children: Map<number, number>[] = [new Map()];
    const own: number[][] = [[]];
    words.forEach((word, index) => {
      let state = 0;
      for (let k = 0; k < word.length; k++) {
        const col = this.column[word.charCodeAt(k)]!;
        let child = children[state]!.get(col);
        if (child === undefined) {
          child = children.push(new Map()) - 1;
          own.push([]);
          children[state]!.set(col, child);
        }
        state = child;
      }
      own[state]!.push(index);
    });
    // Breadth first, so that a state's suffix (shallower) has its row and needles before the state: a
    // missing child's step is the suffix's step for that column.
    const states = children.length;
    this.step = new Int32Array(states * columns);
    const fail = new Int32Array(states);
    const order = [0];
    for (let q = 0; q < order.length; q++) {
      const state = order[q]!;
      const row = state * columns;
      if (state !== 0) {
        const suffixRow = fail[state]! * columns;
        for (let col = 1; col < columns; col++) this.step[row + col] = this.step[suffixRow + col]!;
        if (fail[state] !== 0) own[state]!.push(...own[fail[state]!]!);
      }
      for (const [col, child] of children[state]!) {
        // The child's suffix: where the state's suffix goes on the same column (the start, for the start's children).
        fail[child] = state === 0 ? 0 : this.step[fail[state]! * columns + col]!;
        this.step[row + col] = child;
        order.push(child);
      }
    }
    this.endsFrom = new Int32Array(states + 1);
    for (let s = 0; s < states; s++) this.endsFrom[s + 1] = this.endsFrom[s]! + own[s]!.length;
    this.ends = Int32Array.from(own.flat());
  }

  /** Sets `found[i]` to 1 for every needle `words[i]` that occurs in `text`. */
  scan(text: string, found: Uint8Array): void {
    const { column, columns, step, endsFrom, ends } = this;
    let state = 0;
    for (let k = 0; k < text.length; k++) {
      state = step[state * columns + column[text.charCodeAt(k)]!]!;
      for (let e = endsFrom[state]!, last = endsFrom[state + 1]!; e < last; e++) found[ends[e]!] = 1;
    }
  }
}
