import { z } from 'zod';

/** `/:id` params. Any string is accepted; a service answers 404 for ids it does not know. */
export const IdParamsSchema = z.object({ id: z.string().min(1).max(100) });
