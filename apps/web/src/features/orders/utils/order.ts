/** `names` with `name` moved to position `to` (clamped to the list); unchanged when `name` is not in it. */
export function moveName(names: readonly string[], name: string, to: number): string[] {
  const from = names.indexOf(name);
  if (from < 0) return [...names];
  const next = names.filter((n) => n !== name);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, name);
  return next;
}
