/** A scan worker that dies on every task, as a thread killed by the system would (scan job tests). */
export default function dyingScanWorker(): never {
  process.exit(1);
}
