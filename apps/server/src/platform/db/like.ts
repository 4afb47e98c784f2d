/**
 * LIKE/ILIKE patterns from what people type: `%`, `_` and `\` match themselves (PostgreSQL's default escape
 * character is the backslash). The one copy of this rule (tools/lint/module-graph.test.ts keeps it one).
 */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A pattern finding the text anywhere (`%text%`), the text's wildcards escaped. */
export const containsLike = (s: string) => `%${escapeLike(s)}%`;
