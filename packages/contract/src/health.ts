import { z } from 'zod';

export const healthResponse = z.object({ status: z.literal('ok') });
export const readyResponse = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['up', 'down']),
  /** Only in processes whose job queue is in Redis (REDIS_URL). */
  redis: z.enum(['up', 'down']).optional(),
});
