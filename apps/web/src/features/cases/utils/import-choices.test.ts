import { describe, expect, it } from 'vitest';
import { CustType, STANDARD_ORDER_FORM, type OrderField } from '@archway/contract';
import {
  importChoicesKey,
  isRememberedField,
  knownPartiesOf,
  orderPrefillOf,
  parseImportChoices,
  rememberedValuesOf,
} from './import-choices.ts';

const material: OrderField = {
  name: 'Material',
  type: 'dropdown',
  mandatory: true,
  options: [{ label: 'zirconia', children: ['Brand A'] }, { label: 'e.max' }],
};
const shade: OrderField = { name: 'Shade', type: 'dropdown', mandatory: true, options: [{ label: 'A1' }] };
const extras: OrderField = {
  name: 'Extras',
  type: 'checkbox',
  mandatory: false,
  options: [{ label: 'Models' }, { label: 'Photos' }],
};

describe('the import remembers only what is not about the patient', () => {
  it("keeps a lab's choices and leaves out the patient's, free text, dates, files and switches", () => {
    expect(isRememberedField(material)).toBe(true);
    expect(isRememberedField(extras)).toBe(true);
    expect(isRememberedField(shade)).toBe(false);
    const kept = STANDARD_ORDER_FORM.filter(isRememberedField).map((f) => f.name);
    // Of the standard form only the accessories: name, gender, age, tooth colour, dates and switches are per case.
    expect(kept).toEqual(['Accessories']);
    expect(isRememberedField({ name: 'Patient_name', type: 'dropdown' })).toBe(false);
    expect(isRememberedField({ name: 'Implant system', type: 'radio' })).toBe(true);
  });

  it('remembers the filled choices of the remembered fields only', () => {
    const values = { Material: 'zirconia / Brand A', Shade: 'A1', Extras: ['Models'], Doctor: 'Dr. Weber' };
    expect(rememberedValuesOf([material, shade, extras], values)).toEqual({
      Material: 'zirconia / Brand A',
      Extras: ['Models'],
    });
  });
});

describe('orderPrefillOf', () => {
  it('puts back remembered choices the form still offers, matched by name whatever the letter case', () => {
    expect(
      orderPrefillOf([material, extras], { material: 'zirconia / Brand A', Extras: ['Photos'] }, {}),
    ).toEqual({ Material: 'zirconia / Brand A', Extras: ['Photos'] });
  });

  it('drops a choice the lab no longer offers, and never fills a patient field', () => {
    expect(orderPrefillOf([material], { Material: 'PFM' }, {})).toEqual({});
    expect(orderPrefillOf([material], { Material: 'zirconia / Brand Z' }, {})).toEqual({});
    expect(orderPrefillOf([extras], { Extras: ['Models', 'Gold'] }, {})).toEqual({});
    expect(orderPrefillOf([shade], { Shade: 'A1' }, {})).toEqual({});
  });

  it("fills the lab's typed Doctor and Clinic fields with the known ones", () => {
    expect(
      orderPrefillOf(STANDARD_ORDER_FORM, undefined, { doctor: 'Dr. Weber', clinic: 'Smile Clinic' }),
    ).toEqual({ Doctor: 'Dr. Weber', Clinic: 'Smile Clinic' });
  });
});

describe('knownPartiesOf', () => {
  const clinic = { username: 'anna', custType: CustType.clinic, custName: 'Smile Clinic' };

  it("prefills a clinic's own name and its contact person as the doctor", () => {
    expect(knownPartiesOf(clinic, { contact: 'Dr. Anna Weber' }, {})).toEqual({
      doctor: 'Dr. Anna Weber',
      clinic: 'Smile Clinic',
    });
  });

  it("takes the person's own name before the contact person", () => {
    expect(
      knownPartiesOf({ ...clinic, name: 'Dr. Clara Winter' }, { contact: 'Dr. Anna Weber' }, {}),
    ).toEqual({
      doctor: 'Dr. Clara Winter',
      clinic: 'Smile Clinic',
    });
  });

  it('does not take a sign-in name for a doctor', () => {
    expect(knownPartiesOf(clinic, { contact: 'Anna' }, {})).toEqual({ clinic: 'Smile Clinic' });
  });

  it("prefers the person's last doctor and clinic", () => {
    expect(
      knownPartiesOf(clinic, { contact: 'Dr. Anna Weber' }, { doctor: 'Dr. Ben', clinic: 'Branch' }),
    ).toEqual({
      doctor: 'Dr. Ben',
      clinic: 'Branch',
    });
  });

  it("does not name a lab as the case's clinic", () => {
    expect(knownPartiesOf({ ...clinic, custType: CustType.lab, custName: 'Lab' }, undefined, {})).toEqual({});
  });
});

describe('parseImportChoices', () => {
  it('reads what was saved and nothing unreadable', () => {
    const saved = { device: 'D1', caseType: 3, doctor: 'Dr. Ben', orderFields: { Material: 'e.max' } };
    expect(parseImportChoices(JSON.stringify(saved))).toEqual(saved);
    expect(parseImportChoices(null)).toEqual({});
    expect(parseImportChoices('{broken')).toEqual({});
    expect(parseImportChoices('[1]')).toEqual({});
    expect(parseImportChoices(JSON.stringify({ caseType: 'x', device: 5, patientName: 'Li' }))).toEqual({});
  });

  it('keeps each person apart', () => {
    expect(importChoicesKey('u1')).not.toBe(importChoicesKey('u2'));
  });
});
