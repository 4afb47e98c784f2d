import { describe, expect, it } from 'vitest';
import type { ReceiverForm } from '@archway/contract';
import { formSections } from './OrderFormFields.tsx';

const form = (custName: string, names: string[]): ReceiverForm => ({
  custId: `00000000-0000-4000-8000-00000000000${custName.length}`,
  custName,
  version: 1,
  fields: names.map((name) => ({ name, type: 'input', mandatory: false, options: [] })),
});

describe('formSections', () => {
  it('asks a field name once across the labs, in the first form that has it (letter case ignored)', () => {
    const sections = formSections([form('Lab', ['Doctor', 'Shade']), form('Lab two', ['doctor', 'Post'])]);
    expect(sections.map((s) => s.fields.map((f) => f.name))).toEqual([['Doctor', 'Shade'], ['Post']]);
  });
});
