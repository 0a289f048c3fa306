// The contact enquiry as the form sends it and the API stores it.
import { emailField } from './email.ts';
import { storedText, z } from './zod.ts';
import { ENQUIRY_STATUSES, LIMITS } from '../constants.ts';

const text = (max: number) => z.string().regex(storedText(1), { message: 'Required' }).trim().max(max);

export const contactBody = z.object({
  name: text(LIMITS.contactNameMax),
  email: emailField('Invalid email address'),
  phoneNumber: text(LIMITS.contactPhoneMax),
  message: text(LIMITS.contactMessageMax),
  // Honeypot: a field people never see. Bots that fill it are answered 201 and dropped (see API).
  website: z.string().max(200).optional(),
});

/** Where an enquiry stands in the company's workflow; its sender sees it on the dashboard. */
export const enquiryStatusSchema = z.enum(ENQUIRY_STATUSES, {
  message: `Status must be one of: ${ENQUIRY_STATUSES.join(', ')}`,
});

export const enquirySchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  message: z.string(),
  phoneNumber: z.string(),
  createdAt: z.string(),
});

export type ContactBody = z.infer<typeof contactBody>;
export type Enquiry = z.infer<typeof enquirySchema>;
