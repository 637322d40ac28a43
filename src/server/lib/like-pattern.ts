/**
 * A case-insensitive "contains" pattern for staff search: `%`, `_` and `\` typed by staff match
 * literally (backslash is PostgreSQL's default LIKE escape), not as wildcards.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}
