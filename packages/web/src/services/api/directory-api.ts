/** The resident directory's call: GET /api/users with search and filters. */
import type { PublicUser } from '@stoop/shared';
import type { EnumeratedProfileField } from '@stoop/shared/schemas/profile-options';
import { callApi } from '../http/client.ts';

/** The filters as the screen edits them; '' (or an empty list) means "any". */
export interface DirectoryFilters {
  q: string;
  interests: string[];
  lookingFor: string;
  /** 'true' | 'false' | '' */
  newToArea: string;
  /** One chosen value per enumerated field. */
  options: Partial<Record<EnumeratedProfileField, string>>;
}

export const emptyDirectoryFilters = (): DirectoryFilters => ({
  q: '',
  interests: [],
  lookingFor: '',
  newToArea: '',
  options: {},
});

/** The query string of GET /api/users: only the filters that are set. */
function directoryQuery(filters: DirectoryFilters, limit: number, offset: number) {
  const query: Record<string, string | number> = { limit, offset };
  if (filters.q.trim()) query.q = filters.q.trim();
  if (filters.interests.length > 0) query.interests = filters.interests.join(',');
  if (filters.lookingFor.trim()) query.lookingFor = filters.lookingFor.trim();
  if (filters.newToArea) query.newToArea = filters.newToArea;
  for (const [field, value] of Object.entries(filters.options)) if (value) query[field] = value;
  return query;
}

export async function searchDirectory(
  filters: DirectoryFilters,
  page: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<PublicUser[]> {
  const query = directoryQuery(filters, page.limit, page.offset);
  return (await callApi('listUsers', { query, ...(signal ? { signal } : {}) })).users;
}
