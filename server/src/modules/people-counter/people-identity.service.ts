// Staff exclusion for the people counter, per analysed clip: the counting job hands over the passes of a clip
// with the appearance descriptors of their tracks, inside its own transaction; each pass is given an identity
// of the camera's gallery (the nearest under the threshold, else a new one), the clip's day is recorded, and
// the answer says whether that person is staff as of that day (vision/staff.ts holds the rules).
//
// Analysing the same clip again answers the same identities and changes nothing: the identity given to each
// track of a clip is remembered (people_identity_tracks). A track that goes on into the next clip keeps its
// identity without being matched again. The gallery stays bounded: identities unseen for 90 days go, and at
// most GALLERY_CAP a camera, the least recently seen first.
import type { Db } from '../../db/database.ts';
import {
  GALLERY_CAP,
  IDENTITY_MATCH_THRESHOLD,
  galleryEvictions,
  isStaff,
  localDay,
  matchIdentity,
  recordSighting,
  startIdentity,
  type DescriptorDistance,
  type Identity,
  type StaffSetting,
} from '../../vision/staff.ts';
import { PeopleIdentityRepository, type TrackIdentity } from './people-identity.repository.ts';

/**
 * The days of a camera are Japan's unless the caller names a zone: cameras carry no zone of their own, and the
 * product's customers are in Japan (weather, demo data).
 */
export const DEFAULT_STAFF_TIME_ZONE = 'Asia/Tokyo';

/** A track's identity is remembered this long, for re-runs of its clip and for the clips it goes on into. */
export const TRACK_MEMORY_DAYS = 14;

export interface IdentityPass {
  trackId: string;
  /** The track's appearance descriptor; a pass without one gets no identity and is not staff. */
  descriptor: readonly number[] | null;
}

export interface AssignIdentitiesInput {
  customerId: number;
  cameraId: number;
  /** Start of the clip the passes are from; with the camera, what makes a re-run the same. */
  clipTime: Date;
  passes: readonly IdentityPass[];
  setting: StaffSetting;
  /** IANA zone whose calendar days count as days seen; DEFAULT_STAFF_TIME_ZONE when absent. */
  timeZone?: string;
}

export interface AssignedIdentity {
  trackId: string;
  identityId: number | null;
  isStaff: boolean;
}

export interface PeopleIdentityServiceOptions {
  distance: DescriptorDistance;
  threshold?: number;
  galleryCap?: number;
}

export class PeopleIdentityService {
  private readonly distance: DescriptorDistance;
  private readonly threshold: number;
  private readonly galleryCap: number;

  constructor(options: PeopleIdentityServiceOptions) {
    this.distance = options.distance;
    this.threshold = options.threshold ?? IDENTITY_MATCH_THRESHOLD;
    this.galleryCap = options.galleryCap ?? GALLERY_CAP;
  }

  /**
   * One answer per pass, in the passes' order. Runs on `trx` (the caller's transaction), and locks the
   * camera's gallery until it ends. Throws when the camera is not the customer's.
   */
  async assignIdentities(trx: Db, input: AssignIdentitiesInput): Promise<AssignedIdentity[]> {
    if (input.passes.length === 0) return [];
    const repo = new PeopleIdentityRepository(trx);
    const { customerId, cameraId, clipTime, setting } = input;
    if (!(await repo.lockCamera(customerId, cameraId)))
      throw new Error(`camera ${cameraId.toString()} is not of customer ${customerId.toString()}`);
    const day = localDay(clipTime, input.timeZone ?? DEFAULT_STAFF_TIME_ZONE);

    // The clip's tracks with a descriptor, each once, with the number of passes it made.
    const tracks = new Map<string, { descriptor: readonly number[]; passes: number }>();
    for (const pass of input.passes) {
      if (!pass.descriptor || pass.descriptor.length === 0) continue;
      const known = tracks.get(pass.trackId);
      if (known) known.passes += 1;
      else tracks.set(pass.trackId, { descriptor: pass.descriptor, passes: 1 });
    }
    const trackIds = [...tracks.keys()];

    const assigned = new Map<string, number>();
    for (const t of await repo.tracksOfClip(customerId, cameraId, clipTime, trackIds))
      assigned.set(t.trackId, t.identityId);
    const pending = trackIds.filter((id) => !assigned.has(id));

    const gallery = new Map<number, Identity>();
    for (const identity of await repo.gallery(customerId, cameraId)) gallery.set(identity.id, identity);
    const stale = galleryEvictions([...gallery.values()], clipTime, Infinity);
    for (const id of stale) gallery.delete(id);
    await repo.remove(customerId, cameraId, stale);

    const continued = new Map<string, number>();
    for (const t of await repo.tracksBefore(customerId, cameraId, clipTime, pending))
      continued.set(t.trackId, t.identityId);

    const changed = new Set<number>();
    const remembered: TrackIdentity[] = [];
    for (const trackId of pending) {
      const track = tracks.get(trackId);
      if (!track) continue;
      const sighting = { descriptor: track.descriptor, at: clipTime, day, passes: track.passes };
      const previous = continued.get(trackId);
      const known =
        (previous === undefined ? undefined : gallery.get(previous)) ??
        matchIdentity([...gallery.values()], track.descriptor, this.threshold, this.distance);
      let identityId: number;
      if (known) {
        gallery.set(known.id, recordSighting(known, sighting));
        changed.add(known.id);
        identityId = known.id;
      } else {
        const fresh = startIdentity(sighting);
        identityId = await repo.insert(customerId, cameraId, fresh);
        gallery.set(identityId, { ...fresh, id: identityId });
      }
      assigned.set(trackId, identityId);
      remembered.push({ trackId, identityId });
    }

    for (const id of changed) {
      const identity = gallery.get(id);
      if (identity) await repo.update(customerId, cameraId, identity);
    }
    await repo.rememberTracks(cameraId, clipTime, remembered);

    // Over the cap, the least recently seen go; never one this clip was just given.
    const inUse = new Set(assigned.values());
    const overCap = galleryEvictions(
      [...gallery.values()].filter((i) => !inUse.has(i.id)),
      clipTime,
      Math.max(0, this.galleryCap - inUse.size),
    );
    await repo.remove(customerId, cameraId, overCap);
    await repo.forgetTracksBefore(
      customerId,
      cameraId,
      new Date(clipTime.getTime() - TRACK_MEMORY_DAYS * 86_400_000),
    );

    return input.passes.map((pass) => {
      const identityId = assigned.get(pass.trackId) ?? null;
      const identity = identityId === null ? undefined : gallery.get(identityId);
      return {
        trackId: pass.trackId,
        identityId,
        isStaff: identity ? isStaff(identity, { ...setting, today: day }) : false,
      };
    });
  }
}
