package sqlite

import (
	"context"
	"database/sql"
	"strings"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: a note's reading (bh.Reading), in the notes table's read_*
// columns; open_until is computed from it.

const readCols = `read_version, read_zone, read_kind, read_inferred, read_title, read_due, read_all_day, read_start, read_end,
	read_duration_min, read_duration_max, read_energy, read_sleep_hours, read_items, read_horizon, read_out, read_restocked,
	read_medical, read_mood, read_observation, read_live_until`

// supplySep separates the supplies of read_items and read_restocked: a
// control character, which CleanText keeps out of every note.
const supplySep = "\x1f"

// readingRow is a reading as scanNote reads its columns.
type readingRow struct {
	version                    int
	zone, kind, title, energy  string
	items, restocked           string
	inferred, allDay, out      bool
	medical, mood, observation bool
	due, start, end, until     sql.NullInt64
	durMin, durMax, horizon    int64
	sleep                      float64
}

func (r *readingRow) dest() []any {
	return []any{&r.version, &r.zone, &r.kind, &r.inferred, &r.title, &r.due, &r.allDay, &r.start, &r.end, &r.durMin, &r.durMax,
		&r.energy, &r.sleep, &r.items, &r.horizon, &r.out, &r.restocked, &r.medical, &r.mood, &r.observation, &r.until}
}

func (r *readingRow) reading() bh.Reading {
	if r.version == 0 {
		return bh.Reading{}
	}
	return bh.Reading{Version: r.version, Zone: r.zone, Kind: bh.Tag(r.kind), Inferred: r.inferred, Title: r.title, Due: fromNullNs(r.due),
		AllDay: r.allDay, Start: fromNullNs(r.start), End: fromNullNs(r.end), DurationMin: time.Duration(r.durMin), DurationMax: time.Duration(r.durMax),
		Energy: bh.Energy(r.energy), SleepHours: r.sleep, Items: supplies(r.items), Horizon: time.Duration(r.horizon), Out: r.out,
		Restocked: supplies(r.restocked), Medical: r.medical, Mood: r.mood, Observation: r.observation, LiveUntil: fromNullNs(r.until)}
}

// readingCols are the columns of a note's reading, in readingValues'
// order.
var readingCols = []string{"read_version", "read_zone", "read_kind", "read_inferred", "read_title", "read_due", "read_all_day", "read_start", "read_end",
	"read_duration_min", "read_duration_max", "read_energy", "read_sleep_hours", "read_items", "read_horizon", "read_out", "read_restocked",
	"read_medical", "read_mood", "read_observation", "read_live_until"}

// saveReadingSQL is saveReading's statement, made once: a capture's path
// is walked per note, and its text built anew was garbage every time.
var saveReadingSQL = "UPDATE notes SET " + strings.Join(readingCols, " = ?, ") + " = ?, open_until = ? WHERE id = ?"

// readingValues appends r's values (all empty for a note never read) to
// vals, in readingCols' order.
func readingValues(vals []any, r bh.Reading) []any {
	if r.Version == 0 {
		r = bh.Reading{}
	}
	return append(vals, r.Version, r.Zone, string(r.Kind), r.Inferred, r.Title, nullNs(r.Due), r.AllDay, nullNs(r.Start), nullNs(r.End),
		int64(r.DurationMin), int64(r.DurationMax), string(r.Energy), r.SleepHours, strings.Join(r.Items, supplySep), int64(r.Horizon), r.Out,
		strings.Join(r.Restocked, supplySep), r.Medical, r.Mood, r.Observation, nullNs(r.LiveUntil))
}

func supplies(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, supplySep)
}

func nullNs(t *time.Time) sql.NullInt64 {
	if t == nil {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: t.UnixNano(), Valid: true}
}

func fromNullNs(v sql.NullInt64) *time.Time {
	if !v.Valid {
		return nil
	}
	t := time.Unix(0, v.Int64).UTC()
	return &t
}

// readNote reads n's words in loc with the configured reader, if any.
func (db *DB) readNote(n *bh.Note, loc *time.Location) {
	if db.cfg.Read != nil {
		n.Reading = db.cfg.Read(*n, loc)
	}
}

// readIn reads n in loc unless it was read there already (a note never
// read, moved to a family in another zone, or imported).
func (db *DB) readIn(n *bh.Note, loc *time.Location) {
	if n.Reading.Version == 0 || n.Reading.Zone != loc.String() {
		db.readNote(n, loc)
	}
}

// Reread reads again, with the configured reader, every note whose reading
// was made under rules older than version (or never): once, at start, when
// the rules changed. It is no change of the notes (their revision stays,
// the radar hears nothing); what is live may change. It returns how many
// it read.
func (db *DB) Reread(ctx context.Context, version int) (int, error) {
	if db.cfg.Read == nil {
		return 0, nil
	}
	total := 0
	// One pass over the notes in id order, in batches, so a large file
	// does not hold the writer for long. Every start makes it, old readings
	// or not: no index finds them, since every note's write would update
	// it (a page more in each capture's commit). With none old it counts a
	// batch's ids and old versions in one row: 2.2-4.0 ms for 5,000 notes
	// (BenchmarkRereadAtStart; 4.7-5.1 ms when it read them row by row).
	after := ""
	for {
		k, seen := 0, 0
		err := db.write(ctx, "read notes again", func(tx *Tx) error {
			var last string
			var old int
			err := tx.QueryRowContext(ctx, `SELECT count(*), coalesce(max(id), ''), coalesce(sum(read_version < ?), 0)
				FROM (SELECT id, read_version FROM notes WHERE id > ? ORDER BY id LIMIT ?)`, version, after, rereadBatch).Scan(&seen, &last, &old)
			if err != nil || old == 0 {
				after = last
				return err
			}
			// The batch's old notes in one read, not one read each.
			notes, err := notesWhere(ctx, tx, "id > ? AND id <= ? AND read_version < ?", after, last, version)
			if err != nil {
				return err
			}
			after = last
			zones := map[string]*time.Location{}
			for _, n := range notes {
				loc, ok := zones[n.ShiftID]
				if !ok {
					sh, err := shiftByID(ctx, tx, n.TeamID, n.ShiftID)
					if err != nil && err != sql.ErrNoRows {
						return err
					}
					loc = db.zone(sh)
					zones[n.ShiftID] = loc
				}
				db.readNote(&n, loc)
				if n.Reading.Version < version {
					// The reader is older than asked: stop rather than loop.
					return bh.Errorf(bh.EINTERNAL, "The note reader makes version %d readings, not %d.", n.Reading.Version, version)
				}
				if err := tx.saveReading(ctx, n); err != nil {
					return err
				}
			}
			k = len(notes)
			return nil
		})
		if err != nil {
			return total, err
		}
		total += k
		if seen < rereadBatch {
			return total, nil
		}
	}
}

// rereadBatch is how many notes one write of Reread looks at (tests make
// it small).
var rereadBatch = 500

// saveReading stores n's reading and when it stops being live, and nothing
// else of it.
func (tx *Tx) saveReading(ctx context.Context, n bh.Note) error {
	vals := readingValues(make([]any, 0, len(readingCols)+2), n.Reading)
	_, err := tx.ExecContext(ctx, saveReadingSQL, append(vals, openUntil(n), n.ID)...)
	return err
}
