// The synced wall's texts (ja, en), read as `syncedWall.*`: kept beside the wall rather than in the shell's
// catalogue, which every first screen downloads (issue 19).
import { addScreenTexts } from '../../lib/i18n.ts';

const ja = {
  noRecording: 'この時刻の録画はありません',
  recordingFrom: '{{time}} から録画があります',
};

const en = {
  noRecording: 'No recording at this time',
  recordingFrom: 'Recording from {{time}}',
};

export const syncedWallTexts = { ja, en };

addScreenTexts('syncedWall', syncedWallTexts);
