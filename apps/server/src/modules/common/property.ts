/**
 * The shallow merge of `PUT /api2/user` and `PUT /api2/cust/property`: given keys replace,
 * a null value removes the key. Pure; both services call it inside their transaction.
 */
export function mergeProperty(
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const next = { ...current, ...patch };
  for (const [k, v] of Object.entries(patch)) if (v === null) delete next[k];
  return next;
}
