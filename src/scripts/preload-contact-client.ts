// /contact: the HTTP client the contact form loads when a message is sent (src/islands/site/ContactForm.tsx)
// is fetched once the page has loaded and is idle, beside React and the form that hydrate then, so that
// sending does not wait for it. The landing page's form, which the visitor may never use, fetches it
// when sent.
import { whenLoadedAndIdle } from '../lib/idle.ts';

// A failed fetch here is not an error to report: sending asks for the module again.
whenLoadedAndIdle(() => void import('../lib/api-client.ts').catch(() => {}));
