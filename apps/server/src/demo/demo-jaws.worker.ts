/**
 * The demo's scan generator in a worker thread (seedDemoCases): one jaw's PLY bytes for demo case `n`, so that the
 * seeding's database work and the next cases' meshes are made at the same time.
 */
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { writePly } from '@archway/mesh';
import { demoJaw } from './demo-jaws.ts';

export interface DemoJawTask {
  n: number;
  jaw: 'upper' | 'lower';
  teeth: number[];
  caseType: number;
}

export default function demoJawWorker(task: DemoJawTask): Uint8Array {
  const bytes = writePly(demoJaw(task.n, task.jaw, task.teeth, task.caseType));
  return move({
    get [transferableSymbol]() {
      return [bytes.buffer];
    },
    get [valueSymbol]() {
      return bytes;
    },
  }) as unknown as Uint8Array;
}
