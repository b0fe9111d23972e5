// The heat map of a camera (advanced.md heat map, heatmap right, §9 default range): person-seconds per cell of
// the contract's grid over the camera's picture, summed over a period of the reader's days, optionally some
// hours of the day and some weekdays, with a picture of the camera to draw it over. The heatmap right is checked
// first (403); a camera without the heatmap function, or another customer's, is not found (404).
import {
  HEATMAP_COLS,
  HEATMAP_ROWS,
  type Heatmap,
  type HeatmapQueryValues,
} from '@camwatch/contract/heatmap';
import {
  HEATMAP_WEEKDAYS,
  heatmapRangeProblem,
  resolveHeatmapRange,
  todayIn,
} from '@camwatch/contract/heatmap-rules';
import type { AuthContext } from '../../http/auth-context.ts';
import { FieldErrors, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { MediaUrls } from '../archives/media-urls.ts';
import type { HeatmapFilter, HeatmapRepository } from './heatmap.repository.ts';

export interface HeatmapCamera {
  id: number;
  code: string;
  name: string;
}

/** One camera's heat over a filter, as the screen and the batch download's images need it. */
export interface HeatmapOfCamera {
  /** Person-seconds per cell, row after row. */
  cells: number[];
  max: number;
  total: number;
  analysedHours: number;
  /** Blob key of the JPEG to draw the heat over; null before the camera has a thumbnail. */
  pictureKey: string | null;
}

/** Seconds kept in answers: tenths (the grid is float32; more digits would be noise). */
const tenths = (value: number) => Math.round(value * 10) / 10;

export class HeatmapService {
  constructor(
    private readonly repo: HeatmapRepository,
    private readonly urls: Pick<MediaUrls, 'image'>,
    /** Today is read from this clock (tests move it). */
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The customer's heatmap camera with this code, for a user with the heatmap right. */
  async cameraFor(auth: AuthContext, code: string): Promise<HeatmapCamera> {
    if (!auth.user.permissions.heatmap) throw new ForbiddenError();
    const camera = await this.repo.findCamera(auth.user.customerId, code);
    if (!camera?.use_heatmap) throw new NotFoundError('camera');
    return { id: camera.id, code: camera.code, name: camera.name };
  }

  /** The filter a query asks for, defaults filled in; a refused period or zone is a 400 naming the field. */
  async filterOf(query: HeatmapQueryValues): Promise<HeatmapFilter> {
    const timeZone = query.time_zone;
    const today = todayIn(timeZone, this.now());
    const { start, end } = resolveHeatmapRange(query, today);
    const { hour_from: hourFrom, hour_to: hourTo } = query;
    const problem = heatmapRangeProblem({ start, end, hourFrom, hourTo }, today);
    if (problem) throw FieldErrors.of(problem.field, problem.message, problem.reason);
    if (!(await this.repo.knowsTimeZone(timeZone)))
      throw FieldErrors.of('time_zone', 'is not a time zone the database knows', 'invalid_value');
    // In the week's order, however they were named.
    const weekdays = HEATMAP_WEEKDAYS.filter((day) => query.weekdays?.includes(day));
    return {
      start,
      end,
      hourFrom,
      hourTo,
      weekdays: weekdays.length > 0 ? weekdays : [...HEATMAP_WEEKDAYS],
      timeZone,
    };
  }

  /** A camera's heat over a filter (the camera already checked to be the customer's heatmap camera). */
  async heatmapOf(
    customerId: number,
    camera: HeatmapCamera,
    filter: HeatmapFilter,
  ): Promise<HeatmapOfCamera> {
    const [sums, pictureKey] = await Promise.all([
      this.repo.sums(customerId, camera.id, filter),
      this.repo.pictureKey(camera.id, filter),
    ]);
    const cells = Array.from(sums.cells, tenths);
    return {
      cells,
      max: cells.reduce((a, b) => Math.max(a, b), 0),
      total: tenths(sums.cells.reduce((a, b) => a + b, 0)),
      analysedHours: sums.analysedHours,
      pictureKey,
    };
  }

  async cameraHeatmap(auth: AuthContext, code: string, query: HeatmapQueryValues): Promise<Heatmap> {
    const camera = await this.cameraFor(auth, code);
    const filter = await this.filterOf(query);
    const heat = await this.heatmapOf(auth.user.customerId, camera, filter);
    return {
      camera_code: camera.code,
      camera_name: camera.name,
      start: filter.start,
      end: filter.end,
      hour_from: filter.hourFrom,
      hour_to: filter.hourTo,
      weekdays: [...filter.weekdays],
      time_zone: filter.timeZone,
      cols: HEATMAP_COLS,
      rows: HEATMAP_ROWS,
      cells: heat.cells,
      max: heat.max,
      total: heat.total,
      analysed_hours: heat.analysedHours,
      picture_url: heat.pictureKey ? this.urls.image(heat.pictureKey) : null,
    };
  }
}
