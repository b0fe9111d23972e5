// Pure rules of the entry detection report (advanced.md §2, §9): entries of a day, joined when one follows
// another of the same area within the continue time (1 or 5 minutes), counted per interval of the history
// (1, 5, 10 or 30 minutes) and area, for a stacked ("Stack") or side-by-side ("set") bar chart.
import {
  CONTINUE_TIME_OPTIONS_MIN,
  ENTRY_HISTORY_INTERVALS_MIN,
  ENTRY_REPORT_CHART_TYPES,
} from '@camwatch/contract/constants';

export type HistoryInterval = (typeof ENTRY_HISTORY_INTERVALS_MIN)[number];
export type ContinueTime = (typeof CONTINUE_TIME_OPTIONS_MIN)[number];
export type ChartType = (typeof ENTRY_REPORT_CHART_TYPES)[number];

const MINUTE_MS = 60_000;

export interface Entry {
  areaName: string;
  startMs: number;
  endMs: number;
}

/** Entries of the alerts as answered (ISO times), oldest first. */
export const entriesOf = (
  alerts: readonly { areaName: string; start_time: string; end_time: string }[],
): Entry[] =>
  alerts
    .map((a) => ({ areaName: a.areaName, startMs: Date.parse(a.start_time), endMs: Date.parse(a.end_time) }))
    .sort((a, b) => a.startMs - b.startMs);

/**
 * One entry for each stay: an area's entry that starts within the continue time of the end of its previous one
 * continues it. Oldest first.
 */
export function joinByContinueTime(entries: readonly Entry[], continueMin: ContinueTime): Entry[] {
  const joined: Entry[] = [];
  const lastOfArea = new Map<string, Entry>();
  for (const entry of [...entries].sort((a, b) => a.startMs - b.startMs)) {
    const last = lastOfArea.get(entry.areaName);
    if (last && entry.startMs - last.endMs <= continueMin * MINUTE_MS) {
      last.endMs = Math.max(last.endMs, entry.endMs);
      continue;
    }
    const copy = { ...entry };
    joined.push(copy);
    lastOfArea.set(copy.areaName, copy);
  }
  return joined;
}

/** The area names in the order they first appear. */
export const areasOf = (entries: readonly Entry[]): string[] => [...new Set(entries.map((e) => e.areaName))];

export interface Bin {
  startMs: number;
  /** Entries that began in the bin, per area (in the order of `areas`). */
  counts: number[];
}

/** The day [dayStartMs, dayEndMs) cut into intervals, with the entries that began in each, per area. */
export function countByInterval(
  entries: readonly Entry[],
  areas: readonly string[],
  dayStartMs: number,
  dayEndMs: number,
  intervalMin: HistoryInterval,
): Bin[] {
  const size = intervalMin * MINUTE_MS;
  const bins: Bin[] = [];
  for (let at = dayStartMs; at < dayEndMs; at += size) bins.push({ startMs: at, counts: areas.map(() => 0) });
  for (const entry of entries) {
    if (entry.startMs < dayStartMs || entry.startMs >= dayEndMs) continue;
    const bin = bins[Math.floor((entry.startMs - dayStartMs) / size)];
    const area = areas.indexOf(entry.areaName);
    if (bin && area >= 0) bin.counts[area]! += 1;
  }
  return bins;
}

/** The tallest bar: the largest bin total for a stacked chart, the largest single count side by side. */
export const chartMax = (bins: readonly Bin[], type: ChartType): number =>
  Math.max(
    1,
    ...bins.map((bin) =>
      type === 'Stack' ? bin.counts.reduce((a, b) => a + b, 0) : Math.max(0, ...bin.counts),
    ),
  );

export interface Bar {
  area: number;
  x: number;
  width: number;
  y: number;
  height: number;
}

/**
 * The bars of one bin in a chart `width` × `height` (origin top left): stacked bottom-up in one column, or
 * side by side within the bin.
 */
export function barsOf(
  bin: Bin,
  index: number,
  binCount: number,
  size: { width: number; height: number },
  max: number,
  type: ChartType,
): Bar[] {
  const binWidth = size.width / binCount;
  const gap = binWidth > 4 ? binWidth * 0.15 : 0;
  const x0 = index * binWidth + gap / 2;
  const inner = binWidth - gap;
  const bars: Bar[] = [];
  let stacked = 0;
  bin.counts.forEach((count, area) => {
    if (count === 0) return;
    const height = (count / max) * size.height;
    if (type === 'Stack') {
      bars.push({ area, x: x0, width: inner, y: size.height - stacked - height, height });
      stacked += height;
    } else {
      const width = inner / bin.counts.length;
      bars.push({ area, x: x0 + area * width, width, y: size.height - height, height });
    }
  });
  return bars;
}

/** Whole seconds an entry lasted (at least 1: an entry is seen in at least one frame). */
export const durationSec = (entry: Entry): number =>
  Math.max(1, Math.round((entry.endMs - entry.startMs) / 1000));

export interface ReportView {
  date: string;
  interval: HistoryInterval;
  chart: ChartType;
  continueMin: ContinueTime;
}

const oneOf = <T extends string | number>(options: readonly T[], raw: string | null, fallback: T): T =>
  options.find((option) => String(option) === raw) ?? fallback;

/** The report's view from its URL query, each value checked (anything else falls back to the default). */
export function reportViewOf(search: URLSearchParams, today: string): ReportView {
  const date = search.get('date');
  return {
    date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) && date <= today ? date : today,
    interval: oneOf(ENTRY_HISTORY_INTERVALS_MIN, search.get('interval'), 10),
    chart: oneOf(ENTRY_REPORT_CHART_TYPES, search.get('chart'), 'Stack'),
    continueMin: oneOf(CONTINUE_TIME_OPTIONS_MIN, search.get('continue'), 1),
  };
}
