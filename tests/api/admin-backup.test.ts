// GET /api/v1/admin/backup: an admin downloads the running database as an attachment in the versioned
// format; the download is in the audit log; a plain user is refused.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, BACKUP_VERSION } from '../../src/server/backup/backup.ts';
import { auditSince, lastAuditSeq, makeAdmin } from '../helpers/admin.ts';
import { signUp, startTestApi, type TestApi } from '../helpers/api.ts';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(() => t.close());

describe('GET /api/v1/admin/backup', () => {
  it('streams the whole database to an admin as a gzip attachment, and audits it', async () => {
    const admin = await makeAdmin(t);
    const user = await signUp(t);
    const seq = await lastAuditSeq(t);
    const res = await t.api.app.request('/api/v1/admin/backup', {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="agency-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.jsonl\.gz"$/,
    );
    const lines = gunzipSync(Buffer.from(await res.arrayBuffer()))
      .toString()
      .trimEnd()
      .split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ format: BACKUP_FORMAT, version: BACKUP_VERSION });
    expect(lines.some((l) => l.includes(`"email": "${user.email}"`))).toBe(true);
    const [end, counts] = JSON.parse(lines.at(-1)!) as [string, Record<string, number>];
    expect(end).toBe('end');
    expect(counts.users).toBe(2);
    const entries = await auditSince(t, seq);
    expect(entries).toEqual([
      expect.objectContaining({ action: 'database.backup', actorId: admin.user._id, targetKind: 'database' }),
    ]);
  });

  it('refuses a plain user (403) and no token (401)', async () => {
    const user = await signUp(t);
    expect((await t.call('GET', '/v1/admin/backup', { token: user.token })).status).toBe(403);
    expect((await t.call('GET', '/v1/admin/backup')).status).toBe(401);
  });
});
