// The demo's weather data: JMA-shaped warning reports over three days for the hand-drawn areas around Tokyo
// (kanto-areas.ts), relative to an anchor date so the demo always has warnings for recent days. At any time
// of the anchor day all three categories are in force (a special warning on the Izu islands, warnings in
// Tokyo, Kanagawa, Saitama and Chiba, advisories around them); earlier reports issue, continue and lift
// warnings the way real reports do. Used by the demo seed and by generate-weather-sample.ts.
import type { JmaWarningReport, WeatherBundle } from '../weather-import.ts';
import { NONE_STATUS } from '../jma-warning-kinds.ts';
import { KANTO_SAMPLE_AREAS } from './kanto-areas.ts';

type AreaWarnings = Record<string, [code: string, status: string][]>;

/** Per day offset and Japan time: each office's areas and their kinds (JMA codes, JMA statuses). */
const TIMELINE: { day: number; time: string; areas: AreaWarnings }[] = [
  {
    day: -2,
    time: '06:00',
    areas: {
      '130010': [['14', '発表']],
      '130020': [
        ['15', '発表'],
        ['16', '発表'],
      ],
      '140010': [],
      '140020': [],
      '110010': [],
      '110020': [['14', '発表']],
      '110030': [],
      '120010': [],
      '120020': [['16', '発表']],
      '120030': [
        ['15', '発表'],
        ['16', '発表'],
      ],
    },
  },
  {
    day: -1,
    time: '05:00',
    areas: {
      '130010': [
        ['03', '発表'],
        ['14', '継続'],
        ['18', '発表'],
      ],
      '130020': [
        ['33', '発表'],
        ['15', '解除'],
        ['16', '継続'],
      ],
      '140010': [
        ['10', '発表'],
        ['14', '発表'],
      ],
      '140020': [['10', '発表']],
      '110010': [
        ['04', '発表'],
        ['10', '発表'],
      ],
      '110020': [['14', '継続']],
      '110030': [],
      '120010': [['10', '発表']],
      '120020': [['16', '継続']],
      '120030': [
        ['05', '発表'],
        ['15', '解除'],
        ['16', '継続'],
      ],
    },
  },
  {
    day: -1,
    time: '14:00',
    areas: {
      '130010': [
        ['03', '継続'],
        ['14', '解除'],
        ['18', '継続'],
      ],
      '130020': [
        ['33', '継続'],
        ['16', '継続'],
      ],
    },
  },
  {
    day: 0,
    time: '00:00',
    areas: {
      '130010': [
        ['03', '継続'],
        ['18', '継続'],
      ],
      '130020': [
        ['33', '継続'],
        ['15', '発表'],
        ['16', '継続'],
      ],
      '140010': [
        ['03', '発表'],
        ['10', '解除'],
        ['14', '継続'],
      ],
      '140020': [['10', '継続']],
      '110010': [
        ['04', '継続'],
        ['10', '継続'],
      ],
      '110020': [['14', '解除']],
      '110030': [['21', '発表']],
      '120010': [['10', '継続']],
      '120020': [['16', '解除']],
      '120030': [
        ['05', '継続'],
        ['16', '継続'],
      ],
    },
  },
];

const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Today's date in Japan. */
export const japanToday = (now = new Date()): string =>
  new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);

/** The sample bundle: boundaries and one report per office at each step of the timeline. */
export function buildWeatherSample(anchorDate: string): WeatherBundle {
  const officeOf = new Map(KANTO_SAMPLE_AREAS.map((a) => [a.code, a.office]));
  const reports: JmaWarningReport[] = [];
  for (const step of TIMELINE) {
    const offices = [...new Set(Object.keys(step.areas).map((code) => officeOf.get(code)!))];
    for (const office of offices) {
      const areas = Object.entries(step.areas)
        .filter(([code]) => officeOf.get(code) === office)
        .map(([code, kinds]) => ({
          code,
          warnings:
            kinds.length > 0
              ? kinds.map(([kind, status]): { code?: string; status: string } => ({ code: kind, status }))
              : [{ status: NONE_STATUS }],
        }));
      const inForce = Object.entries(step.areas).some(
        ([code, kinds]) => officeOf.get(code) === office && kinds.some(([, status]) => status !== '解除'),
      );
      reports.push({
        reportDatetime: `${addDays(anchorDate, step.day)}T${step.time}:00+09:00`,
        publishingOffice: office,
        headlineText: inForce ? '警報・注意報が発表されています。今後の情報に注意してください。' : '',
        areaTypes: [{ areas }],
      });
    }
  }
  return {
    boundaries: {
      type: 'FeatureCollection',
      features: KANTO_SAMPLE_AREAS.map((area) => ({
        type: 'Feature' as const,
        properties: { code: area.code, name: area.name },
        geometry:
          area.rings.length === 1
            ? { type: 'Polygon' as const, coordinates: area.rings }
            : { type: 'MultiPolygon' as const, coordinates: area.rings.map((ring) => [ring]) },
      })),
    },
    reports,
  };
}
