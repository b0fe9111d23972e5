// The head of a screen about one camera (its analysis settings and reports): a trail back to the camera's
// detail page, then the screen's title.
import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from './PageTitle.tsx';

export interface CameraPageHeaderProps {
  camera: { camera_code: string; camera_name: string };
  /** The steps after the camera; the last is this screen (no link). */
  trail: { label: string; to?: string }[];
  title: string;
}

export function CameraPageHeader({ camera, trail, title }: CameraPageHeaderProps) {
  return (
    <>
      <Breadcrumbs mb="xs" fz="sm" separatorMargin={6} style={{ flexWrap: 'wrap' }}>
        <Anchor component={Link} to={`/detail/${encodeURIComponent(camera.camera_code)}`}>
          {camera.camera_name}
        </Anchor>
        {trail.map((step) =>
          step.to ? (
            <Anchor key={step.label} component={Link} to={step.to}>
              {step.label}
            </Anchor>
          ) : (
            <Text key={step.label} size="sm">
              {step.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
      <PageTitle>{title}</PageTitle>
    </>
  );
}
