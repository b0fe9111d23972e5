// A camera's thumbnail; without an address, or when it fails to load, a placeholder image (core.md §8).
import { Image } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';

const PLACEHOLDER =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 90"><rect width="160" height="90" fill="#e9ecef"/>' +
      '<g fill="none" stroke="#adb5bd" stroke-width="4" stroke-linejoin="round"><rect x="56" y="30" width="36" height="30" rx="4"/>' +
      '<path d="M92 40l14-8v26l-14-8z"/></g></svg>',
  );

export function CameraThumb({
  name,
  url,
  width,
  decorative = false,
}: {
  name: string;
  url: string | null;
  width?: number | string;
  /** Next to the camera's name already: the image adds nothing for a screen reader. */
  decorative?: boolean;
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  const usable = url !== null && failed !== url;
  return (
    <Image
      src={usable ? url : PLACEHOLDER}
      alt={decorative ? '' : usable ? t('cameras.thumbnail', { name }) : t('cameras.noImage', { name })}
      onError={() => setFailed(url)}
      w={width}
      radius="sm"
      style={{ aspectRatio: '16 / 9', objectFit: 'cover' }}
      data-placeholder={usable ? undefined : 'true'}
    />
  );
}
