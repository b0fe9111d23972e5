// The weather overlay on the map (core.md §5, §8): one polygon per warning coloured by its category, the most
// severe on top (the server's order), each with a tooltip naming the area and the warning.
import L from 'leaflet';
import { useEffect } from 'react';
import type { WeatherFeatureCollection } from '@camwatch/contract/weather';
import { weatherColor } from '../weather-rules.ts';
import '../map-texts.ts';

export function useWeatherLayer(
  map: L.Map | null,
  overlay: WeatherFeatureCollection | null,
  t: (key: string) => string,
): void {
  useEffect(() => {
    if (!map || !overlay) return;
    const layer = L.geoJSON(overlay, {
      style: (feature) => {
        const color = weatherColor(feature?.properties.category);
        return { color, fillColor: color, fillOpacity: 0.3, weight: 1, opacity: 0.8 };
      },
      onEachFeature: (feature, featureLayer) => {
        const p = feature.properties;
        featureLayer.bindTooltip(
          `${p.area_name}: ${t(`map.subtypes.${p.subtype}`)}${t(`map.categorySuffix.${p.category}`)}`,
          { sticky: true },
        );
      },
    }).addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, overlay, t]);
}
