// Coarse outlines of the JMA forecast areas (class-10 areas) around Tokyo, drawn by hand for the demo from
// a handful of points each: recognisable on the map, nowhere near survey accuracy. Positions [lng, lat].
// Real boundaries come with real data (`weather import` takes any GeoJSON FeatureCollection of areas).

export interface SampleArea {
  code: string;
  name: string;
  /** JMA office that issues this area's warnings. */
  office: string;
  /** Outer rings; more than one makes a MultiPolygon (islands). */
  rings: [number, number][][];
}

const box = (lng: number, lat: number, size: number): [number, number][] => [
  [lng - size, lat - size],
  [lng + size, lat - size],
  [lng + size, lat + size],
  [lng - size, lat + size],
  [lng - size, lat - size],
];

export const KANTO_SAMPLE_AREAS: SampleArea[] = [
  {
    code: '130010',
    name: '東京地方',
    office: '気象庁',
    rings: [
      [
        [138.94, 35.75],
        [139.1, 35.88],
        [139.45, 35.83],
        [139.65, 35.78],
        [139.9, 35.79],
        [139.88, 35.62],
        [139.78, 35.53],
        [139.45, 35.56],
        [139.15, 35.6],
        [138.94, 35.75],
      ],
    ],
  },
  {
    code: '130020',
    name: '伊豆諸島北部',
    office: '気象庁',
    rings: [box(139.39, 34.74, 0.07), box(139.27, 34.37, 0.05), box(139.14, 34.21, 0.04)],
  },
  {
    code: '140010',
    name: '神奈川県東部',
    office: '横浜地方気象台',
    rings: [
      [
        [139.45, 35.56],
        [139.78, 35.53],
        [139.72, 35.3],
        [139.68, 35.14],
        [139.58, 35.2],
        [139.45, 35.3],
        [139.45, 35.56],
      ],
    ],
  },
  {
    code: '140020',
    name: '神奈川県西部',
    office: '横浜地方気象台',
    rings: [
      [
        [138.94, 35.5],
        [139.15, 35.6],
        [139.45, 35.56],
        [139.45, 35.3],
        [139.3, 35.3],
        [139.12, 35.14],
        [139.0, 35.25],
        [138.94, 35.5],
      ],
    ],
  },
  {
    code: '110010',
    name: '埼玉県南部',
    office: '熊谷地方気象台',
    rings: [
      [
        [139.3, 35.86],
        [139.45, 35.83],
        [139.65, 35.78],
        [139.9, 35.79],
        [139.85, 36.05],
        [139.3, 36.02],
        [139.3, 35.86],
      ],
    ],
  },
  {
    code: '110020',
    name: '埼玉県北部',
    office: '熊谷地方気象台',
    rings: [
      [
        [139.3, 36.02],
        [139.85, 36.05],
        [139.72, 36.25],
        [139.2, 36.28],
        [139.2, 36.08],
        [139.3, 36.02],
      ],
    ],
  },
  {
    code: '110030',
    name: '秩父地方',
    office: '熊谷地方気象台',
    rings: [
      [
        [138.72, 35.9],
        [139.1, 35.88],
        [139.3, 35.86],
        [139.3, 36.02],
        [139.2, 36.08],
        [138.9, 36.15],
        [138.72, 35.9],
      ],
    ],
  },
  {
    code: '120010',
    name: '千葉県北西部',
    office: '銚子地方気象台',
    rings: [
      [
        [139.88, 35.62],
        [139.9, 35.79],
        [139.85, 36.05],
        [140.2, 35.95],
        [140.3, 35.6],
        [140.05, 35.55],
        [139.88, 35.62],
      ],
    ],
  },
  {
    code: '120020',
    name: '千葉県北東部',
    office: '銚子地方気象台',
    rings: [
      [
        [140.2, 35.95],
        [140.6, 35.92],
        [140.87, 35.72],
        [140.55, 35.55],
        [140.3, 35.6],
        [140.2, 35.95],
      ],
    ],
  },
  {
    code: '120030',
    name: '千葉県南部',
    office: '銚子地方気象台',
    rings: [
      [
        [140.05, 35.55],
        [140.3, 35.6],
        [140.55, 35.55],
        [140.4, 35.15],
        [140.0, 34.9],
        [139.8, 34.95],
        [139.78, 35.25],
        [140.05, 35.55],
      ],
    ],
  },
];
