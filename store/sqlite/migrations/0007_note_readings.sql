-- A note's reading (bh.Reading): what the normaliser read in its words, in
-- its family's zone, made by the bot's reader when the note is stored and
-- when its words, tag or zone change. read_version is the rules that made
-- it (0: never read); notes of older rules are read again at start.
-- reading is the rest, as JSON. open_until (0001) is computed from it.
ALTER TABLE notes ADD COLUMN read_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE notes ADD COLUMN reading TEXT NOT NULL DEFAULT '{}';
CREATE INDEX notes_read_version ON notes (read_version);
