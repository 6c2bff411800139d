import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import type { Language } from '@/config/constants';
import { api } from '@/lib/api-client';
import { useCommand } from '@/lib/command';

// A program's name comes in both languages ({en, ar}, docs/openapi.yaml ProgramRef); a plain string
// is taken as English so an older server's answer still reads.
const bilingual = z.union([z.object({ en: z.string().default(''), ar: z.string().default('') }).loose(), z.string().transform((en) => ({ en, ar: '' }))]);

const programRef = z.object({ id: z.string(), slug: z.string().optional(), name: bilingual }).loose();

/**
 * The answer to archiving (`{data, message, used_by_programs?}`) or restoring (`{data}`) a record.
 * used_by_programs: the programs that still visit an archived destination.
 */
export const archiveResultSchema = z.object({ message: z.string().nullish(), used_by_programs: z.array(programRef).nullish() }).loose();
export type ArchiveResult = z.infer<typeof archiveResultSchema>;

export interface ProgramUsing {
  id: string;
  name: string;
}

/** The programs an archive answer names, each in language (English where it has no Arabic name). */
export function programsUsing(result: ArchiveResult, language: Language): ProgramUsing[] {
  return (result.used_by_programs ?? []).map((p) => ({ id: p.id, name: (language === 'ar' && p.name.ar) || p.name.en || p.name.ar || p.slug || p.id }));
}

/** Archives ("deletes") or restores a record. */
export function archiveRecord({ endpoint, id, restore }: { endpoint: string; id: string; restore: boolean }): Promise<ArchiveResult> {
  const path = `${endpoint}/${encodeURIComponent(id)}`;
  return restore ? api.post(`${path}/restore`, undefined, { schema: archiveResultSchema }) : api.delete(path, { schema: archiveResultSchema });
}

export function useArchiveRecord() {
  const queryClient = useQueryClient();
  return useCommand({
    mutationFn: archiveRecord,
    // Lists, the record and its history all change. After a failure too: an answer lost or not
    // understood may follow a change the server made.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin-catalogue'] });
    },
  });
}
