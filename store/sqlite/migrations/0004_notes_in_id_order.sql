-- A family's notes of one instant are listed by id, as the current store
-- lists them (so a list reads the same after an import, which stores
-- them by id): the index carries the order whole.
DROP INDEX notes_shift;
CREATE INDEX notes_shift ON notes (team_id, shift_id, created_at, id);
