// Every minute: one delivery pass of the mail outbox (enquiry notifications and their retries), so that
// they do not wait for the next visitor to wake the API function.
import type { Config } from '@netlify/functions';
import { getApi } from '../lib/api.ts';

export const config: Config = { schedule: '* * * * *' };

export default async function drainOutbox(): Promise<Response> {
  await (await getApi()).drainOutbox();
  return new Response(null, { status: 204 });
}
