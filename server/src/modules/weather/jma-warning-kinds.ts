// The Japan Meteorological Agency's warning kind codes (気象特別警報・警報・注意報, as in its XML `Kind/Code`
// and its JSON `warnings[].code`): each code's category and the overlay's subtype key.
import type { WeatherCategory } from '@camwatch/contract/constants';

export interface JmaWarningKind {
  category: WeatherCategory;
  /** Stable key of the kind within its category; the web app translates it. */
  subtype: string;
  /** The JMA name, for operators (CLI output). */
  name: string;
}

const kind = (category: WeatherCategory, subtype: string, name: string): JmaWarningKind => ({
  category,
  subtype,
  name,
});

export const JMA_WARNING_KINDS: Readonly<Record<string, JmaWarningKind>> = {
  '32': kind('special_warning', 'snowstorm', '暴風雪特別警報'),
  '33': kind('special_warning', 'heavy_rain', '大雨特別警報'),
  '35': kind('special_warning', 'storm', '暴風特別警報'),
  '36': kind('special_warning', 'heavy_snow', '大雪特別警報'),
  '37': kind('special_warning', 'high_waves', '波浪特別警報'),
  '38': kind('special_warning', 'storm_surge', '高潮特別警報'),
  '02': kind('warning', 'snowstorm', '暴風雪警報'),
  '03': kind('warning', 'heavy_rain', '大雨警報'),
  '04': kind('warning', 'flood', '洪水警報'),
  '05': kind('warning', 'storm', '暴風警報'),
  '06': kind('warning', 'heavy_snow', '大雪警報'),
  '07': kind('warning', 'high_waves', '波浪警報'),
  '08': kind('warning', 'storm_surge', '高潮警報'),
  '10': kind('advisory', 'heavy_rain', '大雨注意報'),
  '12': kind('advisory', 'heavy_snow', '大雪注意報'),
  '13': kind('advisory', 'wind_snow', '風雪注意報'),
  '14': kind('advisory', 'thunder', '雷注意報'),
  '15': kind('advisory', 'gale', '強風注意報'),
  '16': kind('advisory', 'high_waves', '波浪注意報'),
  '17': kind('advisory', 'snowmelt', '融雪注意報'),
  '18': kind('advisory', 'flood', '洪水注意報'),
  '19': kind('advisory', 'storm_surge', '高潮注意報'),
  '20': kind('advisory', 'dense_fog', '濃霧注意報'),
  '21': kind('advisory', 'dry_air', '乾燥注意報'),
  '22': kind('advisory', 'avalanche', 'なだれ注意報'),
  '23': kind('advisory', 'low_temperature', '低温注意報'),
  '24': kind('advisory', 'frost', '霜注意報'),
  '25': kind('advisory', 'icing', '着氷注意報'),
  '26': kind('advisory', 'snow_accretion', '着雪注意報'),
  '27': kind('advisory', 'other', 'その他の注意報'),
};

/**
 * JMA statuses of a kind in a report. 解除 (lifted) ends it; every other status means the kind named by the
 * code is in force: 発表 (issued), 継続 (continued), and the changes such as 特別警報から警報 (the code then
 * names the new, lower kind).
 */
export const LIFTED_STATUS = '解除';
/** An area item saying the area has no warning at all (it carries no code). */
export const NONE_STATUS = '発表警報・注意報はなし';

export const isInForce = (status: string): boolean => status !== LIFTED_STATUS && status !== NONE_STATUS;
