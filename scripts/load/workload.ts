// What the parts of `npm run bench` (scripts/bench.ts) send: the static page, the saturation runs' length
// and connections, a signed-up session, the contact form's bodies, a fresh client address per request and
// the analytics beacon stream.

export const seconds = Number(process.env.BENCH_SECONDS ?? 8);
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
export const PAGE = '/projects';
/** Analytics page views a second, beside the page's saturation run. */
export const BEACON_RATE = 500;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

export interface Session {
  url: string;
  token: string;
  email: string;
  password: string;
}

let messages = 0;
export const contactBody = () =>
  JSON.stringify({
    name: 'Bench',
    email: 'bench@example.com',
    phoneNumber: '+91 98765 43210',
    message: `load ${messages++}`,
  });
/** Consenting visitors' page views, BEACON_RATE a second, each from its own address as a browser sends them. */
export const beacons = (url: string) => ({
  url: `${url}/api/v1/analytics/view`,
  method: 'POST' as const,
  headers: { 'user-agent': BROWSER },
  body: () => JSON.stringify({ path: `${PAGE}?utm_source=bench`, referrer: 'https://search.example/' }),
  spreadClients: true,
  overallRate: BEACON_RATE,
  connections: 50,
  seconds,
});

export async function signUp(url: string): Promise<Session> {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'bench-password-123';
  const res = await fetch(`${url}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench User', email, password }),
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { url, token, email, password };
}
