package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: a note's reading (bh.Reading), kept in the notes table's
// read_version and reading columns; open_until is computed from it.

// readingDoc is a reading as its column keeps it. Times are UTC: Note.Fact
// puts them back in the zone they were read in.
type readingDoc struct {
	Zone        string     `json:"zone,omitempty"`
	Kind        string     `json:"kind,omitempty"`
	Inferred    bool       `json:"inferred,omitempty"`
	Title       string     `json:"title,omitempty"`
	Due         *time.Time `json:"due,omitempty"`
	AllDay      bool       `json:"all_day,omitempty"`
	Start       *time.Time `json:"start,omitempty"`
	End         *time.Time `json:"end,omitempty"`
	DurationMin int64      `json:"duration_min_ns,omitempty"`
	DurationMax int64      `json:"duration_max_ns,omitempty"`
	Energy      string     `json:"energy,omitempty"`
	SleepHours  float64    `json:"sleep_hours,omitempty"`
	Items       []string   `json:"items,omitempty"`
	Horizon     int64      `json:"horizon_ns,omitempty"`
	Out         bool       `json:"out,omitempty"`
	Restocked   []string   `json:"restocked,omitempty"`
	Medical     bool       `json:"medical,omitempty"`
	Mood        bool       `json:"mood,omitempty"`
	Observation bool       `json:"observation,omitempty"`
	LiveUntil   *time.Time `json:"live_until,omitempty"`
}

func readingJSON(r bh.Reading) ([]byte, error) {
	if r.Version == 0 {
		return []byte("{}"), nil
	}
	return json.Marshal(readingDoc{Zone: r.Zone, Kind: string(r.Kind), Inferred: r.Inferred, Title: r.Title, Due: utcPtr(r.Due), AllDay: r.AllDay,
		Start: utcPtr(r.Start), End: utcPtr(r.End), DurationMin: int64(r.DurationMin), DurationMax: int64(r.DurationMax), Energy: string(r.Energy),
		SleepHours: r.SleepHours, Items: r.Items, Horizon: int64(r.Horizon), Out: r.Out, Restocked: r.Restocked, Medical: r.Medical, Mood: r.Mood,
		Observation: r.Observation, LiveUntil: utcPtr(r.LiveUntil)})
}

func readingOf(version int, raw []byte) (bh.Reading, error) {
	if version == 0 {
		return bh.Reading{}, nil
	}
	var d readingDoc
	if err := json.Unmarshal(raw, &d); err != nil {
		return bh.Reading{}, err
	}
	return bh.Reading{Version: version, Zone: d.Zone, Kind: bh.Tag(d.Kind), Inferred: d.Inferred, Title: d.Title, Due: utcPtr(d.Due), AllDay: d.AllDay,
		Start: utcPtr(d.Start), End: utcPtr(d.End), DurationMin: time.Duration(d.DurationMin), DurationMax: time.Duration(d.DurationMax),
		Energy: bh.Energy(d.Energy), SleepHours: d.SleepHours, Items: d.Items, Horizon: time.Duration(d.Horizon), Out: d.Out, Restocked: d.Restocked,
		Medical: d.Medical, Mood: d.Mood, Observation: d.Observation, LiveUntil: utcPtr(d.LiveUntil)}, nil
}

// readNote reads n's words in loc with the configured reader, if any.
func (db *DB) readNote(n *bh.Note, loc *time.Location) {
	if db.cfg.Read != nil {
		n.Reading = db.cfg.Read(*n, loc)
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
	for {
		// In batches, so a large file does not hold the writer for long.
		k := 0
		err := db.write(ctx, "read notes again", func(tx *Tx) error {
			k = 0
			notes, err := notesWhere(ctx, tx, "read_version < ? ORDER BY id LIMIT 500", version)
			if err != nil {
				return err
			}
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
				k++
			}
			return nil
		})
		if err != nil {
			return total, err
		}
		total += k
		if k == 0 {
			return total, nil
		}
	}
}

// saveReading stores n's reading and when it stops being live, and nothing
// else of it.
func (tx *Tx) saveReading(ctx context.Context, n bh.Note) error {
	r, err := readingJSON(n.Reading)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, "UPDATE notes SET read_version = ?, reading = ?, open_until = ? WHERE id = ?", n.Reading.Version, r, openUntil(n), n.ID)
	return err
}
