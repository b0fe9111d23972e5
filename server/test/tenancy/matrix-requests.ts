// The shapes of the tenancy matrix and the request builders its entries share.
import type { InjectOptions } from 'fastify';

export interface MatrixIds {
  owner: {
    cameraCode: string;
    locationCode: string;
    tagCode: string;
    childId: number;
    parentEmail: string;
    appKeyId: number;
    areaLinkId: string;
    archiveId: string;
    downloadId: string;
    heatmapDownloadId: string;
    personTrackingId: string;
    operationAnalysisId: string;
    pushEndpoint: string;
    shareLinkId: string;
  };
  outsider: { cameraCode: string; tagCode: string };
}

/**
 * - `foreign-id`: the request names the owner's ids; refused (404 hides that they exist; 403 where the rights check
 *   comes first).
 * - `own`: the call acts on or lists the caller's own customer; it answers, and nothing of the owner's shows.
 * - `no-tenant-data`: nothing in it belongs to a customer (the public settings, releases, weather, sign-in).
 * - `device`: a device token of the outsider's camera against the owner's camera code; 403.
 * - `signed-address`: media and streams are addressed by signed tokens naming their camera; a forged one is refused.
 */
export type Scope = 'foreign-id' | 'own' | 'no-tenant-data' | 'device' | 'signed-address';

export interface MatrixEntry {
  scope: Scope;
  requests: (ids: MatrixIds) => InjectOptions[];
  /** The outsider parent's answer (all rights). */
  parent: number;
  /** The outsider's child without any right; the parent's answer when not given. */
  child?: number;
  /** Sent after every other entry: the call ends the caller's session. */
  endsSession?: boolean;
}

export const GET = (url: string): InjectOptions => ({ method: 'GET', url });
export const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): InjectOptions => ({
  method,
  url,
  ...(payload ? { payload } : {}),
});
export const range = { start_datetime: '2026-01-01T00:00:00Z', end_datetime: '2026-01-01T01:00:00Z' };
export const rangeQuery = `start_datetime=${range.start_datetime}&end_datetime=${range.end_datetime}`;
export const rect = [
  { x: 0.1, y: 0.1 },
  { x: 0.9, y: 0.1 },
  { x: 0.9, y: 0.9 },
];
export const areaLink = {
  areaName: 'outsider link',
  entryArea: rect,
  machineArea: null,
  detectionFrameThreshold: 3,
  minimumDetectionSize: 0.2,
  runningThreshold: 0.02,
  vigilantTime: 10,
};
export const FORGED = 'eyJjIjoxLCJrIjoiY2xpcHMvMSJ9.Zm9yZ2VkLXNpZ25hdHVyZS1mb3ItdGhlLW1hdHJpeA';
export const minute = '2026-01-01T00:00:00Z';

export const camera = (code: string) => `/api/cameras/${code}`;
export const links = (code: string) => `/api/enter-alert/camera/${code}/area-links`;
