// The audit log screen's filters as the address keeps them (user, camera, kind, from and to days, page), and
// the query they make: days are whole local days, `to` inclusive. Pure.
import { AUDIT_KINDS, type AuditKind } from '@camwatch/contract/audit-rules';
import { nextLocalMidnight, parseDateInput, toOffsetIso } from '../../lib/local-time.ts';

export interface AuditFilters {
  user: string;
  camera: string;
  kind: AuditKind | '';
  /** `YYYY-MM-DD` or empty. */
  from: string;
  to: string;
}

export const EMPTY_FILTERS: AuditFilters = { user: '', camera: '', kind: '', from: '', to: '' };

const isKind = (value: string): value is AuditKind => (AUDIT_KINDS as readonly string[]).includes(value);

export function filtersFromSearch(search: URLSearchParams): { filters: AuditFilters; page: number } {
  const kind = search.get('kind') ?? '';
  const page = Number(search.get('page'));
  return {
    filters: {
      user: /^[1-9]\d*$/.test(search.get('user') ?? '') ? (search.get('user') ?? '') : '',
      camera: search.get('camera') ?? '',
      kind: isKind(kind) ? kind : '',
      from: Number.isNaN(parseDateInput(search.get('from') ?? '')) ? '' : (search.get('from') ?? ''),
      to: Number.isNaN(parseDateInput(search.get('to') ?? '')) ? '' : (search.get('to') ?? ''),
    },
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function filtersToSearch(filters: AuditFilters, page = 1): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value);
  if (page > 1) search.set('page', String(page));
  return search;
}

export type AuditQueryProblem = 'toBeforeFrom';

/** The call's query for the filters, or why there is none. */
export function auditQueryOf(
  filters: AuditFilters,
): { query: Record<string, string> } | { problem: AuditQueryProblem } {
  const query: Record<string, string> = {};
  if (filters.user) query.user_id = filters.user;
  if (filters.camera) query.camera_code = filters.camera;
  if (filters.kind) query.kind = filters.kind;
  const fromMs = parseDateInput(filters.from);
  const toStartMs = parseDateInput(filters.to);
  if (!Number.isNaN(fromMs) && !Number.isNaN(toStartMs) && toStartMs < fromMs)
    return { problem: 'toBeforeFrom' };
  if (!Number.isNaN(fromMs)) query.from = toOffsetIso(fromMs);
  if (!Number.isNaN(toStartMs)) query.to = toOffsetIso(nextLocalMidnight(toStartMs));
  return { query };
}

/** This browser's UTC offset now, e.g. `+09:00`: the CSV's times are written in it. */
export function localUtcOffset(ms = Date.now()): string {
  return toOffsetIso(ms).slice(-6);
}

/** A detail as one line: `key: value`, lists joined by commas. */
export const detailLine = (detail: Record<string, unknown>): string =>
  Object.entries(detail)
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join(' / ');
