import { CaseType } from '@archway/contract';

/** Case types in the order the screens list them (orthodontics 1, implant 2, restoration 3). */
export const CASE_TYPES = [CaseType.orthodontics, CaseType.implant, CaseType.restoration] as const;

const caseTypeNames: Record<number, string> = {
  [CaseType.orthodontics]: 'orthodontics',
  [CaseType.implant]: 'implant',
  [CaseType.restoration]: 'restoration',
};

/** Translation key of a case type code. */
export const caseTypeKey = (code: number) => `caseType.${caseTypeNames[code] ?? 'unknown'}`;
