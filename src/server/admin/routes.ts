// The admin API at /api/v1/admin: one small router per resource. Every route is declared admin-only
// (adminRoute), so each answers 401 without a session and 403 to a user who is not an admin.
import type { Deps } from '../context.ts';
import type { OutboxWorker } from '../mail/outbox.ts';
import { router } from '../openapi.ts';
import { auditRoutes } from './audit-routes.ts';
import { contactAdminRoutes } from './contact-routes.ts';
import { statsRoutes } from './stats-routes.ts';
import { trashRoutes } from './trash-routes.ts';
import { userAdminRoutes } from './user-routes.ts';

export interface AdminMail {
  outbox: OutboxWorker;
  /** Where an enquirer's answer to a reply goes: the company's address. */
  replyTo: string | undefined;
}

export function adminRoutes(deps: Deps, mail: AdminMail) {
  const app = router();
  app.route('/user', userAdminRoutes(deps, mail.outbox));
  app.route('/contact', contactAdminRoutes(deps, mail.outbox, mail.replyTo));
  app.route('/trash', trashRoutes(deps));
  app.route('/audit', auditRoutes(deps));
  app.route('/stats', statsRoutes(deps));
  return app;
}
