// The map's first view when no point was asked for (core.md §5): fitted to the sites of the cameras the list
// shows, once they are known; when none has a position (or they could not be read) it stays at the start
// (Tokyo at zoom 16). Until then no markers are asked for.
import type L from 'leaflet';
import { useEffect, useState } from 'react';
import { DEFAULT_MAP_ZOOM } from '@camwatch/contract/constants';
import { useMapRange, type MapConditions } from '../api/get-map-data.ts';
import { camerasBounds, rangeQueryOf, WORLD_BOX } from '../map-rules.ts';

/** Returns whether the first view is still waiting for the sites. */
export function useFitToSites(
  map: L.Map | null,
  conditions: MapConditions,
  isWanted: boolean,
  onFitted: () => void,
): boolean {
  const [isFitting, setFitting] = useState(isWanted);
  const allSites = useMapRange(conditions, isFitting ? rangeQueryOf(WORLD_BOX) : null, isFitting);

  useEffect(() => {
    if (!isFitting || !map || allSites.isPending) return;
    const box = allSites.data ? camerasBounds(allSites.data) : null;
    setFitting(false);
    if (box)
      map.fitBounds(
        [
          [box.south, box.west],
          [box.north, box.east],
        ],
        { padding: [48, 48], maxZoom: DEFAULT_MAP_ZOOM, animate: false },
      );
    // fitBounds ends in moveend; nothing moving (the view already was the box) does not: read the view here.
    onFitted();
    // onFitted is read when the sites arrive, not a reason to fit again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, isFitting, allSites.isPending, allSites.data]);

  return isFitting;
}
