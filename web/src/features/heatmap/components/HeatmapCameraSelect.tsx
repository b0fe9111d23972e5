// The cameras a heat map screen shows (advanced.md heat map): chosen among the user's cameras with the heat map
// function (the camera list narrowed to func heatmap), searched by the words typed (the server searches, as the
// list's keyword search does, so customers with more than a page of cameras find them all), at most
// HEATMAP_MAX_CAMERAS. Chosen cameras keep their names while a search shows others, and after it.
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { HEATMAP_MAX_CAMERAS } from '@camwatch/contract/heatmap-rules';
import { useTranslation } from '../../../lib/i18n.ts';
import { useHeatmapCameras } from '../api/get-heatmap-cameras.ts';

export interface HeatmapCameraSelectProps {
  value: string[];
  onChange: (codes: string[]) => void;
  /** Names known elsewhere (by code): the cameras' heat maps name them. */
  names: ReadonlyMap<string, string>;
}

export function HeatmapCameraSelect({ value, onChange, names }: HeatmapCameraSelectProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [words] = useDebouncedValue(typed, 300);
  const found = useHeatmapCameras(words);
  // Every name a search has shown, so a camera chosen from one keeps its name once the search changes.
  const seen = useRef(new Map<string, string>());
  for (const camera of found.data?.cameras ?? []) seen.current.set(camera.camera_code, camera.camera_name);
  const options = [
    ...value.map((code) => ({ value: code, label: seen.current.get(code) ?? names.get(code) ?? code })),
    ...(found.data?.cameras ?? [])
      .filter((camera) => !value.includes(camera.camera_code))
      .map((camera) => ({ value: camera.camera_code, label: camera.camera_name })),
  ];
  return (
    <MultiSelect
      label={t('heatmap.cameras')}
      description={t('heatmap.camerasDescription', { max: HEATMAP_MAX_CAMERAS })}
      placeholder={value.length < HEATMAP_MAX_CAMERAS ? t('heatmap.camerasPlaceholder') : undefined}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      searchValue={typed}
      onSearchChange={setTyped}
      // The server has searched already (name, site and address); the typed words need not be in the name.
      filter={({ options: all }) => all}
      maxValues={HEATMAP_MAX_CAMERAS}
      nothingFoundMessage={found.isFetching ? t('heatmap.searching') : t('heatmap.noCameraFound')}
      error={found.isError ? t('heatmap.camerasLoadFailed') : undefined}
      maw={640}
      data-testid="heatmap-camera-select"
    />
  );
}
