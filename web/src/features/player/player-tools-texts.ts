// The player tools' texts (ja, en; issue 22): digital zoom and frame step, loaded with the detail page's chunk
// and read as `playerTools.*`.
import { addScreenTexts } from '../../lib/i18n.ts';

const ja = {
  zoomIn: 'ズームイン（+）',
  zoomOut: 'ズームアウト（-）',
  zoomReset: 'ズームを元に戻す（0）',
  zoomLevel: 'デジタルズーム {{level}}',
  picture: '映像（ホイールかピンチでズーム、ドラッグで移動、ダブルクリックで戻す）',
  previousFrame: '前のフレーム（,）',
  nextFrame: '次のフレーム（.）',
  edgeStart: '表示中の期間の最初のフレームです',
  edgeEnd: '表示中の期間の最後のフレームです',
};

const en: typeof ja = {
  zoomIn: 'Zoom in (+)',
  zoomOut: 'Zoom out (-)',
  zoomReset: 'Reset zoom (0)',
  zoomLevel: 'Digital zoom {{level}}',
  picture: 'Picture (wheel or pinch to zoom, drag to move, double-click to reset)',
  previousFrame: 'Previous frame (,)',
  nextFrame: 'Next frame (.)',
  edgeStart: 'First frame of the shown period',
  edgeEnd: 'Last frame of the shown period',
};

addScreenTexts('playerTools', { ja, en });
