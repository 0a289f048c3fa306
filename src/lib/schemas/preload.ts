// A form's schemas, fetched and evaluated ahead of its first submit once the page has loaded and is idle,
// in two tasks: zod's own evaluation first, then the schemas' at the next idle moment. As one module graph
// they were one long task of a phone's main thread, which a tap arriving then would wait for
// (docs/decisions/189-schemas-evaluated-in-two-idle-tasks.md).
import { whenIdle, whenLoadedAndIdle } from '../idle.ts';

export function preloadSchemas(load: () => Promise<unknown>): void {
  // A failed fetch here is not an error to report: the submit asks for the module again.
  const schemas = () => void load().catch(() => {});
  whenLoadedAndIdle(() => void import('./zod.ts').then(() => whenIdle(schemas), schemas));
}
