// The people counter setting dialog's rules (advanced.md §3 "People counter setting", §5).
import { describe, expect, it } from 'vitest';
import { defaultAnalysisPeriods, type PeopleCounterSetting } from '@camwatch/contract/people-counter';
import {
  formChanged,
  formOf,
  formProblems,
  nextPeriod,
  serverErrorPlaces,
  toBody,
  type SettingForm,
} from './people-counter-setting-rules.ts';

const square = (x: number, y: number, size = 0.2) => [
  { x, y },
  { x: x + size, y },
  { x: x + size, y: y + size },
  { x, y: y + size },
];

const unsaved: PeopleCounterSetting = {
  differenceArea: null,
  entranceStartArea: null,
  entranceEndArea: null,
  analysisPeriods: defaultAnalysisPeriods(),
  staffJudgmentDays: 30,
  staffAdmissionThreshold: 10,
};
const saved: PeopleCounterSetting = {
  ...unsaved,
  entranceStartArea: square(0.1, 0.6),
  entranceEndArea: square(0.6, 0.6),
  analysisPeriods: { ...defaultAnalysisPeriods(), mon: [{ from: 570, to: 1080 }], sun: [] },
};

const withPeriods = (form: SettingForm, day: 'mon' | 'tue', periods: [string, string][]): SettingForm => ({
  ...form,
  periods: { ...form.periods, [day]: periods.map(([from, to], i) => ({ key: `k${i}`, from, to })) },
});

describe('people counter setting form', () => {
  it('shows saved periods as clock texts, and sends them back as minutes', () => {
    const form = formOf(saved);
    expect(form.periods.mon.map((p) => [p.from, p.to])).toEqual([['09:30', '18:00']]);
    expect(form.periods.sat.map((p) => [p.from, p.to])).toEqual([['00:00', '24:00']]);
    expect(form.periods.sun).toEqual([]);
    expect(toBody(form)).toEqual({ ...saved, differenceArea: null });
    expect(formChanged(form, formOf(saved))).toBe(false);
  });

  it('a never saved setting cannot be sent until both entrance areas are drawn', () => {
    const form = formOf(unsaved);
    expect(formProblems(form).areas).toEqual({
      differenceArea: null,
      entranceStartArea: 'missing',
      entranceEndArea: 'missing',
    });
    expect(toBody(form)).toBeNull();
    const drawn = {
      ...form,
      areas: { ...form.areas, entranceStartArea: square(0.1, 0.1), entranceEndArea: square(0.5, 0.1) },
    };
    expect(toBody(drawn)?.entranceEndArea).toEqual(square(0.5, 0.1));
  });

  it('refuses overlapping entrance areas, an unfinished area, and keeps no difference area as null', () => {
    const form = formOf(saved);
    expect(
      formProblems({ ...form, areas: { ...form.areas, entranceEndArea: square(0.2, 0.65) } }).areas
        .entranceEndArea,
    ).toBe('overlapping');
    expect(
      formProblems({ ...form, areas: { ...form.areas, differenceArea: square(0, 0).slice(0, 2) } }).areas
        .differenceArea,
    ).toBe('too_few');
    expect(
      toBody({ ...form, areas: { ...form.areas, differenceArea: square(0, 0, 1) } })?.differenceArea,
    ).toEqual(square(0, 0, 1));
  });

  it('checks each day: HH:MM times, end after start, no overlaps, at most 4 periods', () => {
    const form = formOf(saved);
    expect(
      formProblems(
        withPeriods(form, 'mon', [
          ['9:00', '12:00'],
          ['12:00', '24:00'],
        ]),
      ).days.mon,
    ).toBeNull();
    expect(formProblems(withPeriods(form, 'mon', [['12:00', '09:00']])).days.mon).toBe('bad_range');
    expect(
      formProblems(
        withPeriods(form, 'tue', [
          ['09:00', '13:00'],
          ['12:00', '15:00'],
        ]),
      ).days.tue,
    ).toBe('overlapping');
    const five = withPeriods(form, 'mon', [
      ['00:00', '01:00'],
      ['02:00', '03:00'],
      ['04:00', '05:00'],
      ['06:00', '07:00'],
      ['08:00', '09:00'],
    ]);
    expect(formProblems(five).days.mon).toBe('too_many');
    const typo = formProblems(withPeriods(form, 'mon', [['9時', '24:30']]));
    expect(typo.times.mon).toEqual({ k0: { from: 'format', to: 'format' } });
    expect(toBody(withPeriods(form, 'mon', [['12:00', '09:00']]))).toBeNull();
  });

  it('staff numbers: whole days in range, the threshold at most the judgment period', () => {
    const form = formOf(saved);
    const staff = (staffJudgmentDays: number | string, staffAdmissionThreshold: number | string) =>
      formProblems({ ...form, staff: { staffJudgmentDays, staffAdmissionThreshold } }).staff;
    expect(staff(30, 10)).toEqual({ staffJudgmentDays: null, staffAdmissionThreshold: null });
    expect(staff('', 10).staffJudgmentDays).toBe('required');
    expect(staff(91, 10).staffJudgmentDays).toBe('range');
    expect(staff(30, 1.5).staffAdmissionThreshold).toBe('integer');
    expect(staff(7, 8).staffAdmissionThreshold).toBe('above_judgment');
    expect(staff(7, 7).staffAdmissionThreshold).toBeNull();
  });

  it('a new period follows the day’s last one', () => {
    expect(nextPeriod([])).toMatchObject({ from: '09:00', to: '10:00' });
    expect(nextPeriod([{ key: 'a', from: '09:00', to: '12:00' }])).toMatchObject({
      from: '12:00',
      to: '13:00',
    });
    expect(nextPeriod([{ key: 'a', from: '00:00', to: '24:00' }])).toMatchObject({
      from: '23:00',
      to: '24:00',
    });
  });

  it('places the server’s refused fields on the form', () => {
    expect(
      serverErrorPlaces([
        'entranceEndArea',
        'differenceArea.2.x',
        'analysisPeriods.tue.0.to',
        'analysisPeriods.tue',
        'staffAdmissionThreshold',
        'body',
      ]),
    ).toEqual({
      entranceEndArea: 'entranceEndArea',
      differenceArea: 'differenceArea.2.x',
      'day.tue': 'analysisPeriods.tue.0.to',
      staffAdmissionThreshold: 'staffAdmissionThreshold',
      form: 'body',
    });
  });
});
