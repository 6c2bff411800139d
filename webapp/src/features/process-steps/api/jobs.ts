import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';
import { OFFLINE_REFRESH_MS, useLiveConnected, useLiveRefresh } from '@/lib/live-refresh';

// GET /api/admin/jobs (docs/openapi.yaml, StuckJobs): the process managers' jobs that need an eye,
// failed or retried StuckAfter (3) times, with the queue's counts.
export const stuckJobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  payload: z.unknown(),
  status: z.string(),
  attempts: z.number(),
  last_error: z.string().optional(),
  next_attempt_at: z.string().nullish(),
  created_at: z.string(),
  finished_at: z.string().nullish(),
});
export type StuckJob = z.infer<typeof stuckJobSchema>;

const countsSchema = z.object({ pending: z.number(), stuck: z.number(), failed: z.number() });

const jobsSchema = z
  .object({ data: z.object({ counts: countsSchema.optional(), stuck: z.array(stuckJobSchema) }) })
  .transform((value) => value.data);
export type StuckJobs = z.infer<typeof jobsSchema>;

export const jobsKey = ['admin', 'jobs'] as const;

/**
 * The stuck jobs, read again when the queue announces a step that became stuck, changed while stuck
 * (another attempt, another error) or left the list (steps.changed: every change the queue makes to
 * such a job, so events recorded elsewhere need not wake this page). A slow timer stays for jobs
 * changed without a notice (by hand in the database, or by an older release during a deploy); a
 * faster one while the socket is down.
 */
export function useStuckJobs() {
  useLiveRefresh(jobsKey, ['steps.changed']);
  const connected = useLiveConnected();
  return useQuery({
    queryKey: jobsKey,
    queryFn: ({ signal }) => api.get('/api/admin/jobs', { signal, schema: jobsSchema }),
    refetchInterval: connected ? 120_000 : OFFLINE_REFRESH_MS,
  });
}

/** How many jobs need an eye: failed, or pending after repeated failures. */
export function stuckCount(jobs: StuckJobs): number {
  return jobs.counts ? jobs.counts.stuck + jobs.counts.failed : jobs.stuck.length;
}

/** An admin puts a job back in the queue, due now (POST /api/admin/jobs/{id}/retry). */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useCommand({
    mutationFn: (id: string) => api.post(`/api/admin/jobs/${encodeURIComponent(id)}/retry`, {}),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: jobsKey }),
  });
}
