-- A note's latest move (MoveOpenNotes): the family it left and when. While
-- moved_at equals updated_at, the note's latest change is its move, which
-- is a change to the list it left too (the radar recomputes both).
ALTER TABLE notes ADD COLUMN moved_from TEXT NOT NULL DEFAULT '';
ALTER TABLE notes ADD COLUMN moved_at INTEGER;

-- Who left a family (Leave) and has not joined it again, as a JSON array:
-- it travels with the family in every export, so an import without the
-- family's rows neither makes them members again nor maps their DM back.
ALTER TABLE shifts ADD COLUMN leavers TEXT NOT NULL DEFAULT '[]';
