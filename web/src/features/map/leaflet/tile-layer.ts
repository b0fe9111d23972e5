// The background tiles of the map (core.md §5). Without the tile server (offline, blocked) the map still works
// on a plain background: the first tile that fails is reported once, so the screen can say so.
import L from 'leaflet';

export function addTileLayer(
  map: L.Map,
  tiles: { url: string; attribution: string },
  onFirstFailure: () => void,
): L.TileLayer {
  return L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 })
    .once('tileerror', onFirstFailure)
    .addTo(map);
}
