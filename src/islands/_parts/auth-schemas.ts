// The sign-in, signup and reset forms' zod schemas, in a module of their own: evaluating zod and the
// schemas takes about 60 ms of a phone's main thread, which made each form's hydration one long task
// (docs/decisions/056-short-tasks-while-hydrating.md). A form starts loading them once the page is idle
// and awaits them when it is sent; by then they are in.
import { useEffect } from 'react';
import { whenIdle } from '../../lib/idle.ts';

export const authSchemas = () => import('../../lib/schemas/auth.ts');

export function usePreloadedAuthSchemas(): void {
  // A failed fetch here is not an error to report: the submit asks for the module again.
  useEffect(() => whenIdle(() => void authSchemas().catch(() => {})), []);
}
