// The tracked people's paths drawn over the camera's picture (advanced.md §2 person tracking results): one
// coloured line per person from a dot where they were first seen to an arrow-head circle where they were last, the
// tracking range's areas outlined. The chosen person's line is drawn thicker, on top.
import { Box, Center, Text } from '@mantine/core';
import { useState } from 'react';
import type { PersonTrackingArea } from '@camwatch/contract/person-tracking-rules';
import type { TrackedPerson } from '@camwatch/contract/person-tracking';
import { useTranslation } from '../../../lib/i18n.ts';
import { pathPoints, personColor } from '../person-tracking-rules.ts';

const W = 1000;

interface Props {
  pictureUrl: string | null;
  label: string;
  persons: readonly TrackedPerson[];
  areas: readonly PersonTrackingArea[];
  chosen: string | null;
}

export function PersonPathPicture({ pictureUrl, label, persons, areas, chosen }: Props) {
  const { t } = useTranslation();
  const [ratio, setRatio] = useState(16 / 9);
  const [failed, setFailed] = useState(false);
  const h = Math.round(W / ratio);
  const order = persons
    .map((p, i) => ({ p, i }))
    .sort((a, b) => Number(a.p.id === chosen) - Number(b.p.id === chosen));
  return (
    <Box
      pos="relative"
      w="100%"
      maw={720}
      style={{
        aspectRatio: `${ratio}`,
        background: 'var(--mantine-color-gray-3)',
        borderRadius: 4,
        overflow: 'hidden',
      }}
    >
      {pictureUrl && !failed ? (
        <img
          src={pictureUrl}
          alt=""
          onLoad={(event) => {
            const img = event.currentTarget;
            if (img.naturalWidth > 0 && img.naturalHeight > 0) setRatio(img.naturalWidth / img.naturalHeight);
          }}
          onError={() => setFailed(true)}
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'fill' }}
        />
      ) : (
        <Center pos="absolute" inset={0}>
          <Text c="dimmed" size="sm">
            {t('personTracking.result.noPicture')}
          </Text>
        </Center>
      )}
      <svg
        viewBox={`0 0 ${W} ${h}`}
        role="img"
        aria-label={label}
        data-testid="person-paths"
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
      >
        {areas.map((area) => (
          <polygon
            key={area.name}
            points={pathPoints(area.points, W, h)}
            fill="rgba(255,255,255,0.12)"
            stroke="#fff"
            strokeWidth={2}
            strokeDasharray="8 6"
          />
        ))}
        {order.map(({ p, i }) => {
          const color = personColor(i);
          const isChosen = p.id === chosen;
          const first = p.path[0];
          const last = p.path[p.path.length - 1];
          return (
            <g key={p.id} data-person={p.id} opacity={chosen && !isChosen ? 0.45 : 1}>
              <polyline
                points={pathPoints(p.path, W, h)}
                fill="none"
                stroke={color}
                strokeWidth={isChosen ? 7 : 4}
                strokeLinejoin="round"
                strokeLinecap="round"
              />
              {first && <circle cx={first.x * W} cy={first.y * h} r={isChosen ? 9 : 6} fill={color} />}
              {last && (
                <circle
                  cx={last.x * W}
                  cy={last.y * h}
                  r={isChosen ? 11 : 8}
                  fill="none"
                  stroke={color}
                  strokeWidth={3}
                />
              )}
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
