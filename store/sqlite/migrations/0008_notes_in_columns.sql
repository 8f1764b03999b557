-- A note is columns, all of it: reading a family's live notes (every plan,
-- every radar look) decodes no JSON, and a reply's place is one UPDATE.
-- Times are Unix milliseconds, a reading's (read_*) nanoseconds: a note's
-- words can end it to the nanosecond. read_items and read_restocked list
-- supplies separated by a unit separator (char(31)), which a note's text
-- never holds (CleanText).
ALTER TABLE notes ADD COLUMN text          TEXT NOT NULL DEFAULT '';
ALTER TABLE notes ADD COLUMN raw_text      TEXT NOT NULL DEFAULT '';
ALTER TABLE notes ADD COLUMN tag           TEXT NOT NULL DEFAULT '';
ALTER TABLE notes ADD COLUMN tag_source    TEXT NOT NULL DEFAULT '';
ALTER TABLE notes ADD COLUMN source        TEXT NOT NULL DEFAULT '';
ALTER TABLE notes ADD COLUMN permalink     TEXT NOT NULL DEFAULT '';
ALTER TABLE notes ADD COLUMN event_id      TEXT NOT NULL DEFAULT '';
ALTER TABLE notes ADD COLUMN done_by       TEXT NOT NULL DEFAULT '';
ALTER TABLE notes ADD COLUMN done_by_note  TEXT NOT NULL DEFAULT '';
ALTER TABLE notes ADD COLUMN dropped       INTEGER NOT NULL DEFAULT 0;
ALTER TABLE notes ADD COLUMN still_on_at   INTEGER;
ALTER TABLE notes ADD COLUMN claimed_by    TEXT NOT NULL DEFAULT '';
ALTER TABLE notes ADD COLUMN claimed_at    INTEGER;
ALTER TABLE notes ADD COLUMN reply_channel TEXT NOT NULL DEFAULT '';
ALTER TABLE notes ADD COLUMN reply_ts      TEXT NOT NULL DEFAULT '';

UPDATE notes SET
	text          = coalesce(json_extract(doc, '$.text'), ''),
	raw_text      = coalesce(json_extract(doc, '$.raw_text'), ''),
	tag           = coalesce(json_extract(doc, '$.tag'), ''),
	tag_source    = coalesce(json_extract(doc, '$.tag_source'), ''),
	source        = coalesce(json_extract(doc, '$.source'), ''),
	permalink     = coalesce(json_extract(doc, '$.permalink'), ''),
	event_id      = coalesce(json_extract(doc, '$.event_id'), ''),
	done_by       = coalesce(json_extract(doc, '$.done_by'), ''),
	done_by_note  = coalesce(json_extract(doc, '$.done_by_note'), ''),
	dropped       = coalesce(json_extract(doc, '$.dropped'), 0),
	still_on_at   = CAST(round(unixepoch(json_extract(doc, '$.still_on_at'), 'subsec') * 1000) AS INTEGER),
	claimed_by    = coalesce(json_extract(doc, '$.claimed_by'), ''),
	claimed_at    = CAST(round(unixepoch(json_extract(doc, '$.claimed_at'), 'subsec') * 1000) AS INTEGER),
	reply_channel = coalesce(json_extract(doc, '$.reply_channel'), ''),
	reply_ts      = coalesce(json_extract(doc, '$.reply_ts'), '');
ALTER TABLE notes DROP COLUMN doc;

-- The reading (bh.Reading) in columns too. Rows read before are read
-- again at start (read_version 0): the redo fills these.
ALTER TABLE notes DROP COLUMN reading;
UPDATE notes SET read_version = 0;
ALTER TABLE notes ADD COLUMN read_zone         TEXT NOT NULL DEFAULT '';
ALTER TABLE notes ADD COLUMN read_kind         TEXT NOT NULL DEFAULT '';
ALTER TABLE notes ADD COLUMN read_inferred     INTEGER NOT NULL DEFAULT 0;
ALTER TABLE notes ADD COLUMN read_title        TEXT NOT NULL DEFAULT '';
ALTER TABLE notes ADD COLUMN read_due          INTEGER;
ALTER TABLE notes ADD COLUMN read_all_day      INTEGER NOT NULL DEFAULT 0;
ALTER TABLE notes ADD COLUMN read_start        INTEGER;
ALTER TABLE notes ADD COLUMN read_end          INTEGER;
ALTER TABLE notes ADD COLUMN read_duration_min INTEGER NOT NULL DEFAULT 0;
ALTER TABLE notes ADD COLUMN read_duration_max INTEGER NOT NULL DEFAULT 0;
ALTER TABLE notes ADD COLUMN read_energy       TEXT NOT NULL DEFAULT '';
ALTER TABLE notes ADD COLUMN read_sleep_hours  REAL NOT NULL DEFAULT 0;
ALTER TABLE notes ADD COLUMN read_items        TEXT NOT NULL DEFAULT '';
ALTER TABLE notes ADD COLUMN read_horizon      INTEGER NOT NULL DEFAULT 0;
ALTER TABLE notes ADD COLUMN read_out          INTEGER NOT NULL DEFAULT 0;
ALTER TABLE notes ADD COLUMN read_restocked    TEXT NOT NULL DEFAULT '';
ALTER TABLE notes ADD COLUMN read_medical      INTEGER NOT NULL DEFAULT 0;
ALTER TABLE notes ADD COLUMN read_mood         INTEGER NOT NULL DEFAULT 0;
ALTER TABLE notes ADD COLUMN read_observation  INTEGER NOT NULL DEFAULT 0;
ALTER TABLE notes ADD COLUMN read_live_until   INTEGER;

-- A family's order of states (swept_rev + notes_rev) never goes back, and
-- the triggers keep it so: a note removed (the retention sweep) leaves its
-- revisions in swept_rev, and a note moved to another family leaves its
-- revisions and one more (the move is a change to the list it left). A
-- write that changes neither the revision nor the family touches no shift.
DROP TRIGGER notes_rev_update;
CREATE TRIGGER notes_rev_update AFTER UPDATE OF rev, shift_id ON notes
	WHEN OLD.rev <> NEW.rev OR OLD.shift_id <> NEW.shift_id
BEGIN
	UPDATE shifts SET notes_rev = notes_rev - OLD.rev,
		swept_rev = swept_rev + CASE WHEN OLD.shift_id <> NEW.shift_id THEN OLD.rev + 1 ELSE 0 END
		WHERE id = OLD.shift_id;
	UPDATE shifts SET notes_rev = notes_rev + NEW.rev WHERE id = NEW.shift_id;
END;
DROP TRIGGER notes_rev_delete;
CREATE TRIGGER notes_rev_delete AFTER DELETE ON notes BEGIN
	UPDATE shifts SET notes_rev = notes_rev - OLD.rev, swept_rev = swept_rev + OLD.rev WHERE id = OLD.shift_id;
END;
