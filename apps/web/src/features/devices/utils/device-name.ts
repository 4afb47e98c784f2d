/**
 * Whether a device's name already says its model, as a whole word in any case ("P3" or "P3 front desk" for a P3,
 * "Smart" for the smart model): then the model is not repeated beside the name ("P3 P3").
 */
export function nameSaysModel(name: string, model: string): boolean {
  const wanted = model.trim().toLowerCase();
  if (!wanted) return true;
  return name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .includes(wanted);
}
