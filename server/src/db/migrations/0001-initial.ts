// Initial schema: tenants, users and their rights, sessions, device keys, IP allow-lists,
// locations, cameras, tags, notification read states, push subscriptions, feedback, releases, settings.
import { sql, type Kysely } from 'kysely';

// One statement per entry: PGlite runs one statement per query.
const statements = [
  `CREATE TABLE customers (
    id bigserial PRIMARY KEY,
    code text NOT NULL UNIQUE,
    name text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE users (
    id bigserial PRIMARY KEY,
    customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    parent_user_id bigint REFERENCES users(id) ON DELETE CASCADE,
    email text NOT NULL,
    name text NOT NULL,
    password_hash text NOT NULL,
    is_admin boolean NOT NULL DEFAULT false,
    is_partner boolean NOT NULL DEFAULT false,
    perm_live boolean NOT NULL DEFAULT false,
    perm_archive boolean NOT NULL DEFAULT false,
    perm_ptz boolean NOT NULL DEFAULT false,
    perm_mod_password boolean NOT NULL DEFAULT false,
    perm_mod_devauth boolean NOT NULL DEFAULT false,
    perm_heatmap boolean NOT NULL DEFAULT false,
    perm_analytics boolean NOT NULL DEFAULT false,
    perm_config_motion boolean NOT NULL DEFAULT false,
    perm_config_enter_alert boolean NOT NULL DEFAULT false,
    perm_config_person_tracking boolean NOT NULL DEFAULT false,
    perm_config_operation_analysis boolean NOT NULL DEFAULT false,
    perm_batch_download boolean NOT NULL DEFAULT false,
    perm_lighting boolean NOT NULL DEFAULT false,
    perm_debug boolean NOT NULL DEFAULT false,
    lock_state text NOT NULL DEFAULT 'none' CHECK (lock_state IN ('none', 'parent', 'admin')),
    failed_login_count integer NOT NULL DEFAULT 0,
    system_locked_until timestamptz,
    devauth_enabled boolean NOT NULL DEFAULT false,
    password_changed_at timestamptz NOT NULL DEFAULT now(),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (parent_user_id IS NULL OR parent_user_id <> id)
  )`,
  `CREATE UNIQUE INDEX users_email_key ON users (lower(email))`,
  `CREATE INDEX users_customer_idx ON users (customer_id)`,
  `CREATE INDEX users_parent_idx ON users (parent_user_id) WHERE parent_user_id IS NOT NULL`,
  `CREATE TABLE sessions (
    id bigserial PRIMARY KEY,
    token_hash text NOT NULL UNIQUE,
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_seen_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    revoked_at timestamptz,
    ip text,
    user_agent text
  )`,
  `CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL`,
  `CREATE TABLE app_keys (
    id bigserial PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    key_hash text NOT NULL UNIQUE,
    name text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz,
    revoked_at timestamptz
  )`,
  `CREATE INDEX app_keys_user_idx ON app_keys (user_id) WHERE revoked_at IS NULL`,
  `CREATE TABLE ip_allow_rules (
    id bigserial PRIMARY KEY,
    customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    user_id bigint REFERENCES users(id) ON DELETE CASCADE,
    cidr cidr NOT NULL,
    note text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX ip_allow_rules_customer_idx ON ip_allow_rules (customer_id)`,
  `CREATE TABLE locations (
    id bigserial PRIMARY KEY,
    customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    code text NOT NULL UNIQUE,
    name text NOT NULL,
    address text NOT NULL DEFAULT '',
    latitude double precision,
    longitude double precision,
    area_jp text NOT NULL DEFAULT '',
    city_jp text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (latitude IS NULL OR latitude BETWEEN -90 AND 90),
    CHECK (longitude IS NULL OR longitude BETWEEN -180 AND 180)
  )`,
  `CREATE INDEX locations_customer_geo_idx ON locations (customer_id, latitude, longitude)`,
  `CREATE INDEX locations_customer_area_idx ON locations (customer_id, area_jp, city_jp)`,
  `CREATE TABLE cameras (
    id bigserial PRIMARY KEY,
    customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    location_id bigint REFERENCES locations(id) ON DELETE SET NULL,
    code text NOT NULL UNIQUE,
    name text NOT NULL,
    model_code text NOT NULL DEFAULT '',
    product_name text NOT NULL DEFAULT '',
    watch_status text NOT NULL DEFAULT 'normal' CHECK (watch_status IN ('normal', 'down')),
    watch_status_changed_at timestamptz NOT NULL DEFAULT now(),
    image_fps real NOT NULL DEFAULT 5,
    image_fps_default real,
    image_rs_width integer NOT NULL DEFAULT 1280 CHECK (image_rs_width > 0),
    image_rs_height integer NOT NULL DEFAULT 720 CHECK (image_rs_height > 0),
    image_type text NOT NULL DEFAULT 'normal' CHECK (image_type IN ('normal', 'fisheye', 'undefined', 'unknown')),
    archive_force_raw boolean NOT NULL DEFAULT false,
    upload_mode text NOT NULL DEFAULT 'all' CHECK (upload_mode IN ('all', 'motion')),
    use_motion boolean NOT NULL DEFAULT false,
    use_camera_motion boolean NOT NULL DEFAULT false,
    use_heatmap boolean NOT NULL DEFAULT false,
    use_nolive boolean NOT NULL DEFAULT false,
    use_audio boolean NOT NULL DEFAULT false,
    use_people_counter boolean NOT NULL DEFAULT false,
    use_ptz boolean NOT NULL DEFAULT false,
    use_time_lapse boolean NOT NULL DEFAULT false,
    use_parking_detect boolean NOT NULL DEFAULT false,
    use_streaming boolean NOT NULL DEFAULT false,
    use_enter_alert boolean NOT NULL DEFAULT false,
    use_person_tracking boolean NOT NULL DEFAULT false,
    use_operation_analysis boolean NOT NULL DEFAULT false,
    use_dewarp boolean NOT NULL DEFAULT false,
    archive_hide text[] NOT NULL DEFAULT '{}',
    archive_storing_days integer NOT NULL DEFAULT 7 CHECK (archive_storing_days BETWEEN 1 AND 3650),
    can_pan boolean NOT NULL DEFAULT false,
    can_tilt boolean NOT NULL DEFAULT false,
    can_zoom boolean NOT NULL DEFAULT false,
    time_week_from integer CHECK (time_week_from BETWEEN 0 AND 1440),
    time_week_to integer CHECK (time_week_to BETWEEN 0 AND 2880),
    time_sat_from integer CHECK (time_sat_from BETWEEN 0 AND 1440),
    time_sat_to integer CHECK (time_sat_to BETWEEN 0 AND 2880),
    time_holi_from integer CHECK (time_holi_from BETWEEN 0 AND 1440),
    time_holi_to integer CHECK (time_holi_to BETWEEN 0 AND 2880),
    note text NOT NULL DEFAULT '',
    motion_detect_objects jsonb NOT NULL DEFAULT '[]',
    image_mask_objects jsonb NOT NULL DEFAULT '[]',
    motion_area jsonb,
    live_interval integer NOT NULL DEFAULT 1 CHECK (live_interval > 0),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX cameras_customer_name_idx ON cameras (customer_id, name, id)`,
  `CREATE INDEX cameras_customer_down_idx ON cameras (customer_id) WHERE watch_status = 'down'`,
  `CREATE INDEX cameras_location_idx ON cameras (location_id)`,
  `CREATE TABLE tags (
    id bigserial PRIMARY KEY,
    customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    code text NOT NULL UNIQUE,
    name text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX tags_customer_name_key ON tags (customer_id, lower(name))`,
  `CREATE TABLE camera_tags (
    camera_id bigint NOT NULL REFERENCES cameras(id) ON DELETE CASCADE,
    tag_id bigint NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
    PRIMARY KEY (camera_id, tag_id)
  )`,
  `CREATE INDEX camera_tags_tag_idx ON camera_tags (tag_id, camera_id)`,
  `CREATE TABLE notification_reads (
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    event text NOT NULL,
    last_read_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, event)
  )`,
  `CREATE TABLE push_subscriptions (
    id bigserial PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    endpoint text NOT NULL UNIQUE,
    public_key text NOT NULL,
    auth_secret text NOT NULL,
    content_encoding text NOT NULL DEFAULT 'aes128gcm',
    expires_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id)`,
  `CREATE TABLE feedback (
    id bigserial PRIMARY KEY,
    customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    user_id bigint REFERENCES users(id) ON DELETE SET NULL,
    message text NOT NULL,
    page text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE releases (
    id bigserial PRIMARY KEY,
    version text NOT NULL,
    released_on date NOT NULL,
    message text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX releases_released_on_idx ON releases (released_on DESC, id DESC)`,
  `CREATE TABLE settings (
    key text PRIMARY KEY,
    value jsonb NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'settings',
    'releases',
    'feedback',
    'push_subscriptions',
    'notification_reads',
    'camera_tags',
    'tags',
    'cameras',
    'locations',
    'ip_allow_rules',
    'app_keys',
    'sessions',
    'users',
    'customers',
  ])
    await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
}
