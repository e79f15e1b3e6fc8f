import { z } from 'zod';

/**
 * The body of every error reply. `message` is for people (the spec's toasts show it);
 * `field` names the offending input on a 400.
 */
export const errorReply = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ErrorReply = z.infer<typeof errorReply>;
