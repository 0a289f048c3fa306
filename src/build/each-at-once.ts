// The build's passes over dist/ read, work on and write a thousand files or more: one at a time, the
// thread waited on the disk between pages. A few at once keep the disk and the CPU busy together.

/** Calls `work` on every item, at most `limit` of them in flight at once; resolves when all are done. */
export async function eachAtOnce<T>(items: Iterable<T>, limit: number, work: (item: T) => Promise<void>) {
  const next = items[Symbol.iterator]();
  const lane = async () => {
    for (let step = next.next(); !step.done; step = next.next()) await work(step.value);
  };
  await Promise.all(Array.from({ length: limit }, lane));
}
