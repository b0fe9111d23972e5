// The demo's analytics settings, by camera name: operation areas, entry detection area links, people counters.
import type { AreaLinkInput } from '@camwatch/contract/entry-detection';
import type { OperationArea } from '@camwatch/contract/operation-analysis';
import { defaultAnalysisPeriods, type PeopleCounterSettingValues } from '@camwatch/contract/people-counter';

/**
 * Operation areas of the demo's TLT cameras, by camera name (advanced.md §3, §5): two work stations of line 1,
 * in 0..1 picture coordinates, so the operation analysis setting shows real areas in a TLT environment mode.
 */
export const demoOperationAreas: Record<string, OperationArea[]> = {
  '横浜工場 ライン1': [
    {
      operationAreaName: 'ライン A 作業台',
      points: [
        { x: 0.08, y: 0.42 },
        { x: 0.44, y: 0.38 },
        { x: 0.47, y: 0.78 },
        { x: 0.26, y: 0.86 },
        { x: 0.06, y: 0.8 },
      ],
    },
    {
      operationAreaName: 'ライン B 検査台',
      points: [
        { x: 0.56, y: 0.36 },
        { x: 0.9, y: 0.4 },
        { x: 0.93, y: 0.82 },
        { x: 0.58, y: 0.78 },
      ],
    },
  ],
};

/**
 * Entry detection area links of the demo's TLT line camera, by camera name (advanced.md §5): one area across the
 * lower middle of the picture, where the simulated people walk, so alerts appear in its recordings in a TLT mode.
 */
export const demoAreaLinks: Record<string, AreaLinkInput[]> = {
  '横浜工場 ライン1': [
    {
      areaName: 'プレス機前',
      entryArea: [
        { x: 0.3, y: 0.56 },
        { x: 0.7, y: 0.56 },
        { x: 0.74, y: 0.98 },
        { x: 0.26, y: 0.98 },
      ],
      machineArea: null,
      detectionFrameThreshold: 3,
      minimumDetectionSize: 0.08,
      personDetectionThreshold: 0.3,
      runningThreshold: 0.02,
      vigilantTime: 10,
    },
  ],
};

/**
 * The people counter settings of two of the demo's counter cameras, by camera name: the simulated people cross the
 * picture sideways, so the entrance is two vertical bands (start on the left, end on the right: walking right is
 * in), counted all day every day, staff after more than 10 days of 30.
 */
const verticalBand = (x0: number, x1: number) => [
  { x: x0, y: 0 },
  { x: x1, y: 0 },
  { x: x1, y: 1 },
  { x: x0, y: 1 },
];
const demoEntrance: PeopleCounterSettingValues = {
  differenceArea: null,
  entranceStartArea: verticalBand(0.25, 0.4),
  entranceEndArea: verticalBand(0.6, 0.75),
  analysisPeriods: defaultAnalysisPeriods(),
  staffJudgmentDays: 30,
  staffAdmissionThreshold: 10,
};
// 梅田店 入口 is left for the user to set up: its people counter screen shows the state before a setting.
export const demoPeopleCounterSettings: Record<string, PeopleCounterSettingValues> = {
  '渋谷店 入口': demoEntrance,
  '京都四条店 店頭': demoEntrance,
};
