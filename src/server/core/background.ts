// Work that goes on after the reply (a code mail, an outbox pass). A Node process simply keeps running it;
// a platform that freezes a function once it has answered (Netlify) passes an execution context whose
// waitUntil keeps the function alive until the work is done. The middleware remembers the current request's
// waitUntil, so code deep in a route (Mailer.sendSoon, OutboxWorker.kick) need not carry the request along
// (docs/decisions/117-work-after-the-reply.md).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import { log } from './log.ts';

type WaitUntil = (work: Promise<unknown>) => void;

export class Background {
  private readonly pending = new Set<Promise<void>>();
  private readonly request = new AsyncLocalStorage<WaitUntil>();

  /** Registers work that must finish even though the reply has gone. It must not reject. */
  run(work: Promise<unknown>): void {
    const job = work.then(
      () => {},
      (err: unknown) => log.error(`Background work failed: ${(err as Error).message}`),
    );
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
    this.request.getStore()?.(job);
  }

  /** Hands the background work of requests that carry an execution context to its waitUntil (installed
   * only where the host passes one). */
  readonly middleware: MiddlewareHandler = async (c, next) => {
    let waitUntil: WaitUntil | undefined;
    try {
      const ctx = c.executionCtx;
      waitUntil = (work) => ctx.waitUntil(work);
    } catch {
      // No execution context (Node): the process itself keeps running the work.
    }
    await (waitUntil ? this.request.run(waitUntil, next) : next());
  };

  /** Waits for every piece of work registered so far (at shutdown). */
  async settle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }
}
