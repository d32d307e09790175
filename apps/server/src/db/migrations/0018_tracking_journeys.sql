-- Tracking mode, whole (issue 19): each tracker's visits to POIs and its journeys between them, derived at ingest
-- from its placed positions and kept current as late fixes arrive; and each user's watched journeys.

-- A stay in one POI, from the first fix in it to the first fix outside it or in another (departed_at null while
-- it lasts). No foreign key to locations: a POI's removal leaves the history of visits to it.
CREATE TABLE tracking_visits (
  tenant_id text NOT NULL,
  device_id text NOT NULL,
  arrived_at timestamptz NOT NULL,
  location_id text NOT NULL,
  departed_at timestamptz,
  last_seen_at timestamptz NOT NULL,
  fix_count integer NOT NULL,
  PRIMARY KEY (tenant_id, device_id, arrived_at),
  FOREIGN KEY (tenant_id, device_id) REFERENCES tracking_devices (tenant_id, device_id) ON DELETE CASCADE
);
-- A location's arrivals per week and its dwell times (arrive_stats, the POI report).
CREATE INDEX tracking_visits_by_location ON tracking_visits (tenant_id, location_id, arrived_at);

-- A trip from one POI to another between two consecutive visits; a journey counts in the week it arrives.
CREATE TABLE tracking_journeys (
  tenant_id text NOT NULL,
  device_id text NOT NULL,
  arrived_at timestamptz NOT NULL,
  departed_at timestamptz NOT NULL,
  origin_id text NOT NULL,
  destination_id text NOT NULL,
  PRIMARY KEY (tenant_id, device_id, arrived_at),
  FOREIGN KEY (tenant_id, device_id) REFERENCES tracking_devices (tenant_id, device_id) ON DELETE CASCADE
);
-- The origin-destination pairs of recent weeks, and one pair's devices per week.
CREATE INDEX tracking_journeys_by_week ON tracking_journeys (tenant_id, arrived_at);
CREATE INDEX tracking_journeys_by_pair ON tracking_journeys (tenant_id, origin_id, destination_id, arrived_at);

-- Spec §7 /api/watchlist/journey: the origin-destination pairs a user watches.
CREATE TABLE journey_watchlist (
  tenant_id text NOT NULL,
  user_id text NOT NULL,
  origin_id text NOT NULL,
  destination_id text NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id, origin_id, destination_id),
  FOREIGN KEY (tenant_id, origin_id) REFERENCES locations (tenant_id, location_id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, destination_id) REFERENCES locations (tenant_id, location_id) ON DELETE CASCADE
);
