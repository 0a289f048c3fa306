// GET /api/v1/admin/backup: the whole database as a download (backup.ts has the format), audited.
import { z } from '@hono/zod-openapi';
import { audit } from '../audit/audit.ts';
import type { Deps } from '../core/context.ts';
import { adminRoute, errors, router } from '../auth/route-factories.ts';
import { RULES } from '../limits/rate-limit-rules.ts';
import { backupFileName, takeBackup } from './backup.ts';

const download = adminRoute({
  assurance: 'admin',
  method: 'get',
  path: '/',
  tags: ['admin'],
  description:
    'A backup of the whole database: gzip-compressed JSON lines (format agency-site-backup, version 1), ' +
    'one consistent snapshot. `npm run db:restore -- FILE` restores it into an empty database of either kind.',
  responses: {
    200: {
      description: 'The backup file (attachment)',
      content: { 'application/gzip': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    ...errors(429, 503),
  },
});

export function backupRoutes(deps: Deps, source: 'pglite' | 'postgres') {
  const app = router();
  app.openapi(download, async (c) => {
    const actor = c.get('user');
    await deps.limiter.consume([[RULES.adminExportPerActor, actor.id]]);
    const now = deps.now();
    const backup = await takeBackup(deps.db, source, now);
    const total = Object.values(backup.rows).reduce((a, b) => a + b, 0);
    await audit(deps.db, now, {
      actor,
      action: 'database.backup',
      target: { kind: 'database', id: null, label: 'Backup download' },
      detail: { tables: Object.keys(backup.rows).length, rows: total },
    });
    const body = new ReadableStream<Uint8Array>({
      start(ctl) {
        for (const chunk of backup.chunks) ctl.enqueue(new Uint8Array(chunk));
        ctl.close();
      },
    });
    return new Response(body, {
      status: 200,
      headers: {
        'Content-Type': 'application/gzip',
        'Content-Disposition': `attachment; filename="${backupFileName(now)}"`,
      },
    }) as never;
  });
  return app;
}
