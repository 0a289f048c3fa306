// zod for the shared schemas. jitless: zod 4 otherwise probes `new Function` to compile its object
// parsers, which our Content-Security-Policy (no 'unsafe-eval') refuses and browsers report as a
// violation on every page with a form.
import { z } from 'zod';

z.config({ jitless: true });

export { z };
