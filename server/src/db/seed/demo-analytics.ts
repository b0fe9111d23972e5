// The demo's analytics settings, by camera name: operation areas, entry detection area links, people counters.
import type { AreaLinkInput } from '@camwatch/contract/entry-detection';
import type { OperationArea } from '@camwatch/contract/operation-analysis';
import { defaultAnalysisPeriods, type PeopleCounterSettingValues } from '@camwatch/contract/people-counter';

/** The demo's TLT line camera: its embedded agent draws the simulator's factory line (agent/src/sim/factory.ts). */
export const DEMO_FACTORY_LINE = '横浜工場 ライン1';

/**
 * Operation areas of the demo's TLT cameras, by camera name (advanced.md §3, §5), in 0..1 picture coordinates: the
 * two work stations of the simulated factory line, each the worker's chest and the parts tray in front of them
 * (the scene's own work areas, `factoryWorkAreas(480, 270)`; a hand hanging at the side stays below the area), so
 * the operation analysis measures real work in a TLT environment mode.
 */
export const demoOperationAreas: Record<string, OperationArea[]> = {
  [DEMO_FACTORY_LINE]: [
    {
      operationAreaName: 'ライン A 作業台',
      points: [
        { x: 0.141, y: 0.432 },
        { x: 0.293, y: 0.432 },
        { x: 0.293, y: 0.588 },
        { x: 0.141, y: 0.588 },
      ],
    },
    {
      operationAreaName: 'ライン B 検査台',
      points: [
        { x: 0.611, y: 0.432 },
        { x: 0.763, y: 0.432 },
        { x: 0.763, y: 0.588 },
        { x: 0.611, y: 0.588 },
      ],
    },
  ],
};

/**
 * Entry detection area links of the demo's TLT line camera, by camera name (advanced.md §5): the floor in front of
 * the press between the two stations, where the worker of station B walks to load it once in a while, so alerts
 * appear in its recordings in a TLT mode.
 */
export const demoAreaLinks: Record<string, AreaLinkInput[]> = {
  [DEMO_FACTORY_LINE]: [
    {
      areaName: 'プレス機前',
      entryArea: [
        { x: 0.36, y: 0.55 },
        { x: 0.56, y: 0.55 },
        { x: 0.56, y: 0.98 },
        { x: 0.36, y: 0.98 },
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
