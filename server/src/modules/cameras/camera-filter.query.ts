// The one SQL condition for "the customer's cameras matching a filter", used by the camera list, its
// counts and every map call, so the list and the map always show the same cameras.
// The condition refers to the cameras table as `c`; everything else it needs comes from subqueries.
import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { CameraFunction } from '@camwatch/contract/cameras';
import { NO_LIVE_MODEL_CODE } from '@camwatch/contract/constants';
import type { CamerasTable, Database } from '../../db/schema.ts';
import type { CameraFilter, GeoBox } from './camera-filter.ts';

type CameraScope = Database & { c: CamerasTable };
type CameraEb = ExpressionBuilder<CameraScope, 'c'>;

/** Escapes LIKE's wildcards so `%` and `_` in a keyword match themselves (backslash is LIKE's escape). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

type FlagColumn =
  | 'use_motion'
  | 'use_heatmap'
  | 'use_audio'
  | 'use_people_counter'
  | 'use_ptz'
  | 'use_time_lapse'
  | 'use_enter_alert'
  | 'use_person_tracking'
  | 'use_operation_analysis'
  | 'use_dewarp';

const flagOf: Record<Exclude<CameraFunction, 'live'>, FlagColumn> = {
  motion: 'use_motion',
  heatmap: 'use_heatmap',
  audio: 'use_audio',
  people_counter: 'use_people_counter',
  ptz: 'use_ptz',
  time_lapse: 'use_time_lapse',
  enter_alert: 'use_enter_alert',
  person_tracking: 'use_person_tracking',
  operation_analysis: 'use_operation_analysis',
  dewarp: 'use_dewarp',
};

function hasFunction(eb: CameraEb, fn: CameraFunction): Expression<SqlBool> {
  // Live: not flagged no-live and not the L21 model, which has no live function (core.md §3).
  if (fn === 'live')
    return eb.and([eb('c.use_nolive', '=', false), eb('c.model_code', '<>', NO_LIVE_MODEL_CODE)]);
  return eb(`c.${flagOf[fn]}`, '=', true);
}

/**
 * One keyword: a substring of the camera name, or of its location's name or address, or of one of its tag
 * names, ignoring case. The lower-cased columns are kept by PostgreSQL (migration 0004), so each row costs
 * one plain LIKE; the pattern goes through the same lower(). Locations and tags are matched in uncorrelated
 * subqueries, which PostgreSQL runs once per query as a hashed set instead of once per camera.
 */
function matchesWord(eb: CameraEb, customerId: number, word: string): Expression<SqlBool> {
  const pattern = sql<string>`lower(${`%${escapeLike(word)}%`})`;
  return eb.or([
    eb('c.name_lower', 'like', pattern),
    eb(
      'c.location_id',
      'in',
      eb
        .selectFrom('locations as kl')
        .select('kl.id')
        .where('kl.customer_id', '=', customerId)
        .where((w) => w.or([w('kl.name_lower', 'like', pattern), w('kl.address_lower', 'like', pattern)])),
    ),
    eb(
      'c.id',
      'in',
      eb
        .selectFrom('camera_tags as kct')
        .innerJoin('tags as kt', 'kt.id', 'kct.tag_id')
        .select('kct.camera_id')
        .where('kt.customer_id', '=', customerId)
        .where('kt.name_lower', 'like', pattern),
    ),
  ]);
}

/** The customer's cameras (alias `c`) that match every part of the filter. */
export function cameraFilterCondition(customerId: number, filter: CameraFilter): Expression<SqlBool> {
  const eb = expressionBuilder<CameraScope, 'c'>();
  const conditions: Expression<SqlBool>[] = [eb('c.customer_id', '=', customerId)];
  if (filter.watchStatus) conditions.push(eb('c.watch_status', '=', filter.watchStatus));
  for (const fn of filter.functions) conditions.push(hasFunction(eb, fn));
  if (filter.tagCodes.length > 0)
    conditions.push(
      eb(
        'c.id',
        'in',
        eb
          .selectFrom('camera_tags as fct')
          .innerJoin('tags as ft', 'ft.id', 'fct.tag_id')
          .select('fct.camera_id')
          .where('ft.customer_id', '=', customerId)
          .where('ft.code', 'in', filter.tagCodes),
      ),
    );
  for (const word of filter.words) conditions.push(matchesWord(eb, customerId, word));
  return eb.and(conditions);
}

/** Cameras at one location. */
export function cameraAtLocation(locationId: number): Expression<SqlBool> {
  return expressionBuilder<CameraScope, 'c'>()('c.location_id', '=', locationId);
}

/** Cameras at a location of the customer inside the box (bounds included). */
export function cameraInBox(customerId: number, box: GeoBox): Expression<SqlBool> {
  const eb = expressionBuilder<CameraScope, 'c'>();
  return eb(
    'c.location_id',
    'in',
    eb
      .selectFrom('locations as bl')
      .select('bl.id')
      .where('bl.customer_id', '=', customerId)
      .where('bl.latitude', '>=', box.latMin)
      .where('bl.latitude', '<=', box.latMax)
      .where('bl.longitude', '>=', box.lngMin)
      .where('bl.longitude', '<=', box.lngMax),
  );
}
