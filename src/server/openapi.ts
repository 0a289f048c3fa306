// Building blocks for the route definitions, so that /api/openapi.json and the validation share schemas.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import type { AppEnv } from './context.ts';
import { validationHook } from './errors.ts';
import { userSchema } from '../lib/schemas/auth.ts';

export function router() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

export const errorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const messageSchema = z.object({ success: z.literal(true), message: z.string() });

export const sessionSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  user: userSchema,
});

export function jsonBody<T extends ZodType>(schema: T, required = true) {
  return { required, content: { 'application/json': { schema } } };
}

export function ok<T extends ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input',
  401: 'No or bad token',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  413: 'Body too large',
  415: 'Not JSON',
  429: 'Rate-limited (see Retry-After)',
  503: 'Database, mail or provider unavailable',
};

export function errors<S extends keyof typeof ERROR_TEXT>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((s) => [s, ok(errorSchema, ERROR_TEXT[s]!)])) as Record<
    S,
    ReturnType<typeof ok<typeof errorSchema>>
  >;
}

export const bearer = [{ bearer: [] }];
