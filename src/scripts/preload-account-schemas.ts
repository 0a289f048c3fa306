// /account: the panels' zod schemas (src/islands/account/account-schemas.ts) are fetched once the page
// has loaded and is idle, beside React and the panels, so that no first save waits for them.
import { whenLoadedAndIdle } from '../lib/idle.ts';

// A failed fetch here is not an error to report: the submit asks for the module again.
whenLoadedAndIdle(() => void import('../islands/account/form-schemas.ts').catch(() => {}));
