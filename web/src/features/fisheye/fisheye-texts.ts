// The 360-degree viewer's texts (ja, en), loaded with the screens that show them rather than the shell's catalogue, which every
// first screen downloads (issue 19), read as `fisheye.*`.
import { addScreenTexts } from '../../lib/i18n.ts';

const ja = {
  viewer: '{{name}}の360度映像',
  coachMark: 'マウスホイールで360度表示に切り替えられます',
  normal: '通常表示',
  panorama: '360度表示',
  zoom: 'ズーム',
  hint: 'ホイールでズーム、ドラッグで向きを変更',
};

const en = {
  viewer: '360-degree view of {{name}}',
  coachMark: 'Use the mouse wheel to switch to the 360-degree view',
  normal: 'Normal view',
  panorama: '360-degree view',
  zoom: 'Zoom',
  hint: 'Wheel to zoom, drag to turn',
};

addScreenTexts('fisheye', { ja, en });
