// The demo account's sites: nine locations across Japan, each with coordinates, prefecture and city.

export interface DemoLocation {
  key: string;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  area_jp: string;
  city_jp: string;
}

export const demoLocations: DemoLocation[] = [
  {
    key: 'shibuya',
    name: '渋谷店',
    address: '東京都渋谷区道玄坂2-1',
    latitude: 35.658,
    longitude: 139.6994,
    area_jp: '東京都',
    city_jp: '渋谷区',
  },
  {
    key: 'shinjuku',
    name: '新宿倉庫',
    address: '東京都新宿区西新宿1-5',
    latitude: 35.6909,
    longitude: 139.696,
    area_jp: '東京都',
    city_jp: '新宿区',
  },
  {
    key: 'yokohama',
    name: '横浜工場',
    address: '神奈川県横浜市鶴見区末広町1-1',
    latitude: 35.4886,
    longitude: 139.6832,
    area_jp: '神奈川県',
    city_jp: '横浜市',
  },
  {
    key: 'umeda',
    name: '梅田店',
    address: '大阪府大阪市北区梅田3-1',
    latitude: 34.7025,
    longitude: 135.4959,
    area_jp: '大阪府',
    city_jp: '大阪市',
  },
  {
    key: 'nagoya',
    name: '名古屋物流センター',
    address: '愛知県名古屋市港区金城ふ頭2-2',
    latitude: 35.0436,
    longitude: 136.848,
    area_jp: '愛知県',
    city_jp: '名古屋市',
  },
  {
    key: 'tenjin',
    name: '天神店',
    address: '福岡県福岡市中央区天神2-11',
    latitude: 33.5903,
    longitude: 130.399,
    area_jp: '福岡県',
    city_jp: '福岡市',
  },
  {
    key: 'sapporo',
    name: '札幌工場',
    address: '北海道札幌市東区北6条東2-1',
    latitude: 43.0718,
    longitude: 141.3626,
    area_jp: '北海道',
    city_jp: '札幌市',
  },
  {
    key: 'sendai',
    name: '仙台店',
    address: '宮城県仙台市青葉区中央1-1',
    latitude: 38.2601,
    longitude: 140.8824,
    area_jp: '宮城県',
    city_jp: '仙台市',
  },
  {
    key: 'kyoto',
    name: '京都四条店',
    address: '京都府京都市下京区四条通烏丸東入',
    latitude: 35.0037,
    longitude: 135.7626,
    area_jp: '京都府',
    city_jp: '京都市',
  },
];
