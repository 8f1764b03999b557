-- Runs, the radar's tables, handoffs and duty, uploads. As in 0001, what a
-- query filters or sorts by is a column; the rest of a row is its doc, the
-- domain value as JSON (times in UTC, to the millisecond).

-- A plan run. Versions come from the counters table ('runs:<team>:<shift>').
CREATE TABLE runs (
	id                 TEXT PRIMARY KEY,
	team_id            TEXT NOT NULL,
	shift_id           TEXT NOT NULL,
	version            INTEGER NOT NULL,
	status             TEXT NOT NULL,
	created_at         INTEGER NOT NULL,
	details_removed_at INTEGER,
	doc                TEXT NOT NULL,
	UNIQUE (team_id, shift_id, version)
);
CREATE INDEX runs_status ON runs (status, created_at);
CREATE INDEX runs_created ON runs (created_at) WHERE details_removed_at IS NULL;

-- What a completed run produced (pack, tasks, messages, proposals,
-- decision), one document a run; removed by the sweep after RUN_DETAIL_DAYS.
CREATE TABLE run_details (
	run_id  TEXT PRIMARY KEY,
	team_id TEXT NOT NULL,
	doc     TEXT NOT NULL
);

-- A run's files, one of each kind (a second what-if diff replaces the first).
CREATE TABLE artifacts (
	run_id  TEXT NOT NULL,
	kind    TEXT NOT NULL,
	team_id TEXT NOT NULL,
	doc     TEXT NOT NULL,
	PRIMARY KEY (run_id, kind)
);

CREATE TABLE agents (
	name TEXT PRIMARY KEY,
	doc  TEXT NOT NULL
);

-- A family's timeline: a run's events and the radar's wake-ups.
CREATE TABLE events (
	id       TEXT PRIMARY KEY,
	team_id  TEXT NOT NULL,
	shift_id TEXT NOT NULL,
	run_id   TEXT NOT NULL DEFAULT '',
	type     TEXT NOT NULL,
	at       INTEGER NOT NULL,
	doc      TEXT NOT NULL
);
CREATE INDEX events_shift ON events (team_id, shift_id, type, at);
CREATE INDEX events_run ON events (run_id) WHERE run_id <> '';
CREATE INDEX events_at ON events (at);

-- A file being uploaded to Slack; removed when done.
CREATE TABLE uploads (
	id         TEXT PRIMARY KEY,
	created_at INTEGER NOT NULL,
	doc        TEXT NOT NULL
);

-- The radar's latest state of a family. at_risk: it has deadlines or
-- health items (StatesAtRisk lists those and any above a level).
CREATE TABLE shift_states (
	team_id     TEXT NOT NULL,
	shift_id    TEXT NOT NULL,
	notes_rev   INTEGER NOT NULL,
	level       INTEGER NOT NULL,
	at_risk     INTEGER NOT NULL,
	fingerprint TEXT NOT NULL,
	doc         TEXT NOT NULL,
	PRIMARY KEY (team_id, shift_id)
);

-- Where the radar has read the notes' changes to.
CREATE TABLE radar_cursor (
	id    INTEGER PRIMARY KEY CHECK (id = 1),
	token BLOB,
	at    INTEGER NOT NULL
);

-- The radar's posts (nudges, reminders, outlooks), claimed before sent.
CREATE TABLE posts (
	key        TEXT PRIMARY KEY,
	team_id    TEXT NOT NULL,
	shift_id   TEXT NOT NULL,
	kind       TEXT NOT NULL,
	day        TEXT NOT NULL,
	seq        INTEGER NOT NULL,
	ts         TEXT NOT NULL,
	failed     TEXT NOT NULL,
	claimed_at INTEGER NOT NULL,
	doc        TEXT NOT NULL
);
CREATE INDEX posts_shift ON posts (team_id, shift_id, kind, day, seq);
CREATE INDEX posts_unsent ON posts (claimed_at) WHERE ts = '' AND failed = '';

CREATE TABLE radar_settings (
	team_id  TEXT NOT NULL,
	shift_id TEXT NOT NULL,
	doc      TEXT NOT NULL,
	PRIMARY KEY (team_id, shift_id)
);

-- Who is on duty in a family: one person at a time.
CREATE TABLE duty (
	team_id  TEXT NOT NULL,
	shift_id TEXT NOT NULL,
	doc      TEXT NOT NULL,
	PRIMARY KEY (team_id, shift_id)
);

CREATE TABLE handoffs (
	id             TEXT PRIMARY KEY,
	team_id        TEXT NOT NULL,
	shift_id       TEXT NOT NULL,
	created_at     INTEGER NOT NULL,
	thread_channel TEXT NOT NULL DEFAULT '',
	thread_ts      TEXT NOT NULL DEFAULT '',
	doc            TEXT NOT NULL
);
CREATE INDEX handoffs_shift ON handoffs (team_id, shift_id, created_at);
CREATE INDEX handoffs_created ON handoffs (created_at);
CREATE INDEX handoffs_thread ON handoffs (team_id, thread_channel, thread_ts) WHERE thread_ts <> '';

-- When a note's reply was posted: its place is kept bh.ReplyAge.
ALTER TABLE notes ADD COLUMN reply_at INTEGER;
CREATE INDEX notes_reply ON notes (reply_at) WHERE reply_at IS NOT NULL;
CREATE INDEX slack_events_received ON slack_events (received_at);
