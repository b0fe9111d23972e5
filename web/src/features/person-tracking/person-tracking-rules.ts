// The person tracking screens' own rules (advanced.md §2): each person's colour and path. What every TLT analysis
// screen shares (period, progress, polling, links into the recording, durations) is lib/analysis-job-rules.ts. Pure.

/** Colours of the people's paths, in turn: distinct on a grey camera picture. */
export const PERSON_COLORS = [
  '#e8590c',
  '#1c7ed6',
  '#2f9e44',
  '#c2255c',
  '#7048e8',
  '#f59f00',
  '#0c8599',
  '#e03131',
] as const;
export const personColor = (index: number): string => PERSON_COLORS[index % PERSON_COLORS.length]!;

/** An SVG polyline's points for a path of picture fractions, in a viewBox of width × height. */
export const pathPoints = (path: readonly { x: number; y: number }[], width: number, height: number) =>
  path.map((p) => `${Math.round(p.x * width * 10) / 10},${Math.round(p.y * height * 10) / 10}`).join(' ');
