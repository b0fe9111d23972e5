// The heat map (advanced.md heat map; docs/vision.md): where tracked people's feet stood, as person-seconds per
// cell of the contract's 32 × 18 grid over the picture (HEATMAP_CELLS float32 values, little-endian, row after row).
// heatmap_clip_cells holds each analysed clip's own grid, replaced when the clip is analysed again, and goes with
// the clip when retention removes it. heatmap_hours holds the sum of a camera's clips per UTC hour, recomputed
// from the clip grids whenever one of its clips is (re)analysed, so a re-run never counts twice; the hours
// outlive the video (retention removes recordings, not the heat map), and a month of one camera is 744 rows.
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE TABLE heatmap_clip_cells (
     clip_id bigint PRIMARY KEY REFERENCES clips (id) ON DELETE CASCADE,
     camera_id bigint NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
     hour timestamptz NOT NULL,
     cells bytea NOT NULL
   )`,
  `CREATE INDEX heatmap_clip_cells_camera_hour ON heatmap_clip_cells (camera_id, hour)`,
  `CREATE TABLE heatmap_hours (
     camera_id bigint NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
     customer_id bigint NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
     hour timestamptz NOT NULL,
     cells bytea NOT NULL,
     total real NOT NULL CHECK (total >= 0),
     clips integer NOT NULL CHECK (clips > 0),
     updated_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (camera_id, hour)
   )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS heatmap_hours').execute(db);
  await sql.raw('DROP TABLE IF EXISTS heatmap_clip_cells').execute(db);
}
