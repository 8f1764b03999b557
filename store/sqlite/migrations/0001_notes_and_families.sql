-- Notes and families. Times are Unix milliseconds; open_until is Unix
-- nanoseconds, because a note's own words can end it to the nanosecond.

CREATE TABLE counters (
	name  TEXT PRIMARY KEY,
	value INTEGER NOT NULL
);
INSERT INTO counters (name, value) VALUES ('notes', 0);

-- A family's list. channel_id is its founding key (unique per team).
-- notes_rev is the sum of its notes' revisions, kept by the triggers below.
CREATE TABLE shifts (
	id         TEXT PRIMARY KEY,
	team_id    TEXT NOT NULL,
	channel_id TEXT NOT NULL,
	tz         TEXT NOT NULL DEFAULT '',
	sample     INTEGER NOT NULL DEFAULT 0,
	swept_rev  INTEGER NOT NULL DEFAULT 0,
	notes_rev  INTEGER NOT NULL DEFAULT 0,
	created_at INTEGER NOT NULL,
	updated_at INTEGER NOT NULL,
	UNIQUE (team_id, channel_id)
);

-- doc holds what no query filters or sorts by (text, tag, who did it, the
-- reply's location), as JSON. seq is the note's latest change, from the
-- 'notes' counter: never a number used before, even of a removed note.
-- open_until is when it stops being live (0: removed; a large number: never).
CREATE TABLE notes (
	id         TEXT PRIMARY KEY,
	team_id    TEXT NOT NULL,
	shift_id   TEXT NOT NULL,
	channel_id TEXT NOT NULL,
	user_id    TEXT NOT NULL DEFAULT '',
	message_ts TEXT NOT NULL DEFAULT '',
	seq        INTEGER NOT NULL UNIQUE,
	rev        INTEGER NOT NULL,
	created_at INTEGER NOT NULL,
	updated_at INTEGER NOT NULL,
	deleted_at INTEGER,
	done_at    INTEGER,
	open_until INTEGER NOT NULL,
	doc        TEXT NOT NULL
);
CREATE UNIQUE INDEX notes_message ON notes (team_id, channel_id, message_ts) WHERE message_ts <> '';
CREATE INDEX notes_live ON notes (team_id, shift_id, open_until);
CREATE INDEX notes_shift ON notes (team_id, shift_id, created_at);
CREATE INDEX notes_updated ON notes (updated_at);

CREATE TRIGGER notes_rev_insert AFTER INSERT ON notes BEGIN
	UPDATE shifts SET notes_rev = notes_rev + NEW.rev WHERE id = NEW.shift_id;
END;
CREATE TRIGGER notes_rev_update AFTER UPDATE OF rev, shift_id ON notes BEGIN
	UPDATE shifts SET notes_rev = notes_rev - OLD.rev WHERE id = OLD.shift_id;
	UPDATE shifts SET notes_rev = notes_rev + NEW.rev WHERE id = NEW.shift_id;
END;
CREATE TRIGGER notes_rev_delete AFTER DELETE ON notes BEGIN
	UPDATE shifts SET notes_rev = notes_rev - OLD.rev WHERE id = OLD.shift_id;
END;

-- A Slack conversation's family. shift_id is '' once a DM's person left it.
CREATE TABLE conversations (
	team_id    TEXT NOT NULL,
	channel_id TEXT NOT NULL,
	shift_id   TEXT NOT NULL,
	kind       TEXT NOT NULL,
	user_id    TEXT NOT NULL DEFAULT '',
	since      INTEGER NOT NULL,
	PRIMARY KEY (team_id, channel_id)
);
CREATE INDEX conversations_shift ON conversations (team_id, shift_id, channel_id);

CREATE TABLE members (
	team_id    TEXT NOT NULL,
	shift_id   TEXT NOT NULL,
	user_id    TEXT NOT NULL,
	joined_at  INTEGER NOT NULL,
	invited_by TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (team_id, shift_id, user_id)
);
CREATE INDEX members_user ON members (team_id, user_id);

-- What follows a person (quiet hours), as a document.
CREATE TABLE people (
	team_id    TEXT NOT NULL,
	user_id    TEXT NOT NULL,
	doc        TEXT NOT NULL,
	updated_at INTEGER NOT NULL,
	PRIMARY KEY (team_id, user_id)
);

CREATE TABLE invites (
	id          TEXT PRIMARY KEY,
	team_id     TEXT NOT NULL,
	shift_id    TEXT NOT NULL,
	from_user   TEXT NOT NULL,
	to_user     TEXT NOT NULL,
	handoff_id  TEXT NOT NULL DEFAULT '',
	created_at  INTEGER NOT NULL,
	answer      TEXT NOT NULL DEFAULT '',
	answered_at INTEGER
);
CREATE INDEX invites_to ON invites (team_id, to_user, created_at);

-- Slack event ids already handled (edits, deletions), for de-duplication.
CREATE TABLE slack_events (
	team_id     TEXT NOT NULL,
	event_id    TEXT NOT NULL,
	received_at INTEGER NOT NULL,
	PRIMARY KEY (team_id, event_id)
);
