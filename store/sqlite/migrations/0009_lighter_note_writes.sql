-- A note's capture writes fewer pages of log before its sync: no index
-- that only a start-up pass reads, no row for its Slack event beside it,
-- and no counter row at every change.

-- Notes read under older rules are found at start by one pass over the
-- notes in id order (Reread), not through an index every note updated.
DROP INDEX notes_read_version;

-- A captured note's Slack event is seen through the note (EventSeen,
-- MarkEvent): slack_events keeps the events that stored no note (edits,
-- deletions, the HTTP mode's marks).
CREATE INDEX notes_event ON notes (team_id, event_id) WHERE event_id <> '';

-- A change's number is one above the highest a note has (the seq index)
-- or had when it was removed: the 'notes' counter keeps the highest a
-- removed note had, written when a note goes, not at every change.
CREATE TRIGGER notes_seq_delete AFTER DELETE ON notes BEGIN
	UPDATE counters SET value = max(value, OLD.seq) WHERE name = 'notes';
END;
