// The admin area's requests and answers, shared by the admin islands and the API.
import { atLeastOneOf, storedText, z } from './zod.ts';
import { LIMITS } from '../constants.ts';
import { signupBody, userSchema } from './auth.ts';
import { enquirySchema, enquiryStatusSchema } from './contact.ts';
import { idSchema } from './ids.ts';

/** A page of an admin list: at most LIMITS.adminPageSizeMax items, with the total that match. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    success: z.literal(true),
    data: z.array(item),
    total: z.number(),
    /** True when `total` is the database's estimate (a large total), not a count. */
    totalEstimated: z.boolean().optional(),
    page: z.number(),
    pageSize: z.number(),
    /** Pass as `after` for the next page (keyset paging); absent on the last page and in lists without it. */
    nextCursor: z.string().optional(),
  });

export type Page<T> = z.infer<ReturnType<typeof pageOf<z.ZodType<T>>>>;

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.adminPageSizeMax).default(LIMITS.adminPageSize),
});

/**
 * Users and enquiries: paged, searched by name or e-mail (`q`), enquiries also filtered by status. With
 * `after` (a page's `nextCursor`) the page starts after that row, whatever `page` says: as fast at the
 * 5,000th page as at the first, where an offset reads every row before it.
 */
export const userListQuery = pageQuery.extend({
  q: z.string().regex(storedText(0)).trim().max(LIMITS.emailMax).optional(),
  after: z
    .string()
    // A real instant (every field in range, so the database can read it) and a canonical id: the document
    // then allows only what the server can page from.
    .regex(
      /^[1-9]\d{3}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z_[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
      'Not a cursor from this list',
    )
    .optional(),
});
export const contactListQuery = userListQuery.extend({ status: enquiryStatusSchema.optional() });
export const contactExportQuery = contactListQuery.pick({ q: true, status: true });

export const contactPatchBody = atLeastOneOf(
  z.object({
    status: enquiryStatusSchema.optional(),
    /** The internal note, replaced as a whole; '' clears it. */
    note: z.string().regex(storedText(0)).trim().max(LIMITS.adminNoteMax).optional(),
  }),
  ['status', 'note'],
  'Nothing to change: give a status or a note',
);

export const replyBody = z.object({
  message: z
    .string({ message: 'Write a reply' })
    .regex(storedText(1), { message: 'Write a reply' })
    .trim()
    .max(LIMITS.adminReplyMax, { message: `A reply is at most ${LIMITS.adminReplyMax} characters` }),
});

export const userPatchBody = atLeastOneOf(
  z.object({
    name: signupBody.shape.name.optional(),
    isAdmin: z.boolean().optional(),
    isAccountVerified: z.boolean().optional(),
    /** Required (true) when an admin removes their own admin role, so that it never happens by a slip. */
    confirmSelfDemotion: z.boolean().optional(),
  }),
  ['name', 'isAdmin', 'isAccountVerified'],
  'Nothing to change: give a name, isAdmin or isAccountVerified',
);

export const replySchema = z.object({
  _id: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** The admin who wrote it, by name as it was then. */
  author: z.string(),
  /** The mail's state in the outbox; 'sent' also once the outbox has forgotten it. */
  delivery: z.enum(['queued', 'sent', 'failed']),
});

/** An enquiry as admins see it: the spec's fields plus the workflow (status, note, reply thread). */
export const adminEnquirySchema = enquirySchema.extend({
  status: enquiryStatusSchema,
  note: z.string(),
  replies: z.array(replySchema),
});

export const trashKindSchema = z.enum(['user', 'contact'], { message: "Kind must be 'user' or 'contact'" });
export const trashParams = z.object({ kind: trashKindSchema, id: idSchema });
export const trashListQuery = pageQuery.extend({ kind: trashKindSchema.optional() });

const trashCommon = {
  _id: z.string(),
  deletedAt: z.string(),
  /** When the scheduled purge removes it for good. */
  purgeAt: z.string(),
  /** The e-mail of the admin who deleted it, when that account still exists. */
  deletedBy: z.string().nullable(),
};

export const trashItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), ...trashCommon, user: userSchema }),
  z.object({
    kind: z.literal('contact'),
    ...trashCommon,
    enquiry: enquirySchema.extend({ status: enquiryStatusSchema }),
  }),
]);

export const auditQuery = pageQuery;

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  /** Null for the system (the scheduled purge of the trash). */
  actor: z.object({ _id: z.string().nullable(), email: z.string().nullable() }).nullable(),
  action: z.string(),
  target: z.object({ kind: z.string(), _id: z.string().nullable(), label: z.string() }),
  detail: z.record(z.string(), z.unknown()).nullable(),
});

export const statsQuery = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });

export const dayCountSchema = z.object({ day: z.string(), count: z.number() });

export const statsTotalsSchema = z.object({
  /** Enquiries whose status is new or in-progress. */
  openEnquiries: z.number(),
  /** In the last 7 days (a rolling week). */
  enquiriesThisWeek: z.number(),
  newUsersThisWeek: z.number(),
  users: z.number(),
  verifiedUsers: z.number(),
  /** verifiedUsers / users, from 0 to 1 (0 without users). */
  verifiedShare: z.number(),
});

export const statsSchema = z.object({
  success: z.literal(true),
  days: z.number(),
  enquiries: z.array(dayCountSchema),
  signups: z.array(dayCountSchema),
  /** Page views of visitors who accepted analytics (src/server/analytics/). */
  visits: z.array(dayCountSchema),
  totals: statsTotalsSchema,
});

export type Stats = z.infer<typeof statsSchema>;
export type AdminEnquiry = z.infer<typeof adminEnquirySchema>;
export type EnquiryReply = z.infer<typeof replySchema>;
export type TrashItem = z.infer<typeof trashItemSchema>;
export type TrashKind = z.infer<typeof trashKindSchema>;
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export type DayCount = z.infer<typeof dayCountSchema>;
export type StatsTotals = z.infer<typeof statsTotalsSchema>;
export type UserPatch = z.infer<typeof userPatchBody>;
export type ContactPatch = z.infer<typeof contactPatchBody>;
