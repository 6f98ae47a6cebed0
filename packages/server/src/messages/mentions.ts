/**
 * Resolves `@username` mentions. Usernames may contain spaces, so after each '@' the longest known
 * username (case-insensitive) wins: with users "Ann" and "Ann Lee", "@ann lee hi" mentions Ann Lee.
 * A match must end at a word boundary, so "@annie" does not mention Ann.
 */
export function resolveMentions(
  content: string,
  candidates: readonly { id: string; username: string }[],
): string[] {
  if (!content.includes('@') || candidates.length === 0) return [];
  const lower = content.toLowerCase();
  const byLength = [...candidates].sort((a, b) => b.username.length - a.username.length);
  const found: string[] = [];
  for (let at = lower.indexOf('@'); at !== -1; at = lower.indexOf('@', at + 1)) {
    // "name@example.com" is an address, not a mention.
    if (at > 0 && /[\p{L}\p{N}_]/u.test(lower[at - 1] ?? '')) continue;
    for (const candidate of byLength) {
      const name = candidate.username.toLowerCase();
      if (!lower.startsWith(name, at + 1)) continue;
      const next = lower[at + 1 + name.length];
      if (next !== undefined && /[\p{L}\p{N}_]/u.test(next)) continue;
      if (!found.includes(candidate.id)) found.push(candidate.id);
      break;
    }
  }
  return found;
}
