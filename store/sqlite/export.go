package sqlite

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: a family's whole record out and in (bh.FamilyRecord), for
// export and import in the current format (archive.DumpOf, archive.RecordOf).

// Conversations lists every family, or the one team/channel feeds when
// both are given, or a team's or a channel's.
func (db *DB) Conversations(ctx context.Context, teamID, channelID string) ([]bh.Shift, error) {
	if teamID != "" && channelID != "" {
		sh, err := db.Shift(ctx, teamID, channelID)
		if bh.ErrorCode(err) == bh.ENOTFOUND {
			return []bh.Shift{}, nil
		}
		return []bh.Shift{sh}, err
	}
	rows, err := db.rq.QueryContext(ctx, "SELECT "+shiftCols+" FROM shifts WHERE (? = '' OR team_id = ?) AND (? = '' OR channel_id = ?) ORDER BY team_id, channel_id",
		teamID, teamID, channelID, channelID)
	if err != nil {
		return nil, db.fail("list conversations", err)
	}
	out, err := collect(rows, scanShift)
	return out, db.fail("list conversations", err)
}

// ExportFamily reads everything a family owns, in one snapshot.
func (db *DB) ExportFamily(ctx context.Context, sh bh.Shift) (r bh.FamilyRecord, err error) {
	team, id := sh.TeamID, sh.ID
	err = db.read(ctx, "export "+id, func(q querier) error {
		if r.Shift, err = shiftByID(ctx, q, team, id); err != nil {
			return notFound(err, "That family no longer exists.")
		}
		var leavers []byte
		if err := q.QueryRowContext(ctx, "SELECT leavers FROM shifts WHERE id = ?", id).Scan(&leavers); err != nil {
			return err
		}
		if err := json.Unmarshal(leavers, &r.Left); err != nil {
			return err
		}
		if len(r.Left) == 0 {
			r.Left = nil
		}
		var errs []error
		const byShift = " WHERE team_id = ? AND shift_id = ?"
		r.Conversations = kept[bh.Conversation](&errs)(rowsOf(ctx, q, scanConv, "SELECT "+convCols+" FROM conversations"+byShift, team, id))
		if !bh.IsFamilyKey(sh.ChannelID) && !bh.IsSampleChannel(sh.ChannelID) {
			// The conversation that founded it, once its person left, goes
			// as feeding no family: an import must not map it back.
			for _, c := range kept[bh.Conversation](&errs)(rowsOf(ctx, q, scanConv, "SELECT "+convCols+" FROM conversations WHERE team_id = ? AND channel_id = ? AND shift_id <> ?",
				team, r.Shift.ChannelID, id)) {
				c.ShiftID = ""
				r.Conversations = append(r.Conversations, c)
			}
		}
		r.Members = kept[bh.Member](&errs)(rowsOf(ctx, q, scanMember, "SELECT "+memberCols+" FROM members"+byShift, team, id))
		r.Invites = kept[bh.Invite](&errs)(rowsOf(ctx, q, scanInvite, "SELECT "+inviteCols+" FROM invites"+byShift, team, id))
		r.Notes = kept[bh.Note](&errs)(notesWhere(ctx, q, "team_id = ? AND shift_id = ?", team, id))
		r.Events = kept[bh.Event](&errs)(allDocs[bh.Event](ctx, q, "SELECT doc FROM events"+byShift+" AND run_id = ''", team, id))
		r.Posts = kept[bh.PostRecord](&errs)(allDocs[bh.PostRecord](ctx, q, "SELECT doc FROM posts"+byShift, team, id))
		r.Handoffs = kept[bh.Handoff](&errs)(allDocs[bh.Handoff](ctx, q, "SELECT doc FROM handoffs"+byShift, team, id))
		if err := cmp.Or(errs...); err != nil {
			return err
		}
		for i := range r.Notes {
			// A reading is made again where the note lands (its rules,
			// its zone): an export carries the notes as written.
			r.Notes[i].Reading = bh.Reading{}
		}
		for _, m := range r.Members {
			p, err := personOf(ctx, q, team, m.UserID)
			if err != nil {
				return err
			}
			if !p.UpdatedAt.IsZero() {
				r.People = append(r.People, p)
			}
		}
		r.ReplyAt = map[string]time.Time{}
		replies, err := q.QueryContext(ctx, "SELECT id, reply_at FROM notes WHERE team_id = ? AND shift_id = ? AND reply_at IS NOT NULL", team, id)
		if err != nil {
			return err
		}
		if _, err := collect(replies, func(s scanner) (struct{}, error) {
			var note string
			var at int64
			err := s.Scan(&note, &at)
			r.ReplyAt[note] = fromMs(at)
			return struct{}{}, err
		}); err != nil {
			return err
		}
		var st bh.ShiftState
		var fp string
		switch err := scanDoc(q.QueryRowContext(ctx, "SELECT doc, fingerprint FROM shift_states WHERE team_id = ? AND shift_id = ?", team, id), &st, &fp); err {
		case nil:
			r.State, r.StateFingerprint = &st, fp
		case sql.ErrNoRows:
		default:
			return err
		}
		if err := ignoreNoRows(q.QueryRowContext(ctx, "SELECT value FROM counters WHERE name = ?", "runs:"+team+":"+id).Scan(&r.RunVersion)); err != nil {
			return err
		}
		for _, one := range []struct {
			v     any
			table string
		}{{&r.Settings, "radar_settings"}, {&r.Duty, "duty"}} {
			var raw []byte
			err := q.QueryRowContext(ctx, "SELECT doc FROM "+one.table+" WHERE team_id = ? AND shift_id = ?", team, id).Scan(&raw)
			if err == nil {
				err = json.Unmarshal(raw, one.v)
			}
			if err = ignoreNoRows(err); err != nil {
				return err
			}
		}
		return db.exportRuns(ctx, q, &r)
	})
	r.Sort()
	return r, err
}

// exportRuns adds the family's runs, each with what is kept of it.
func (db *DB) exportRuns(ctx context.Context, q querier, r *bh.FamilyRecord) error {
	team, id := r.Shift.TeamID, r.Shift.ID
	rows, err := q.QueryContext(ctx, "SELECT id FROM runs WHERE team_id = ? AND shift_id = ? ORDER BY version", team, id)
	if err != nil {
		return err
	}
	ids, err := collect(rows, func(s scanner) (id string, err error) { return id, s.Scan(&id) })
	if err != nil {
		return err
	}
	r.DetailsRemoved = map[string]time.Time{}
	for _, runID := range ids {
		var rec bh.RunRecord
		var raw, details []byte
		var removed sql.NullInt64
		if err := q.QueryRowContext(ctx, `SELECT r.doc, r.details_removed_at, d.doc FROM runs r LEFT JOIN run_details d ON d.run_id = r.id
			WHERE r.id = ?`, runID).Scan(&raw, &removed, &details); err != nil {
			return err
		}
		if err := json.Unmarshal(raw, &rec.Run); err != nil {
			return err
		}
		if removed.Valid {
			r.DetailsRemoved[runID] = fromMs(removed.Int64)
		}
		if details != nil {
			var d runDetails
			if err := unmarshalDoc(details, &d); err != nil {
				return err
			}
			rec.Pack, rec.Tasks, rec.Messages, rec.Proposals, rec.Decision = d.Pack, d.Tasks, d.Messages, d.Proposals, d.Decision
		}
		if rec.Artifacts, err = allDocs[bh.Artifact](ctx, q, "SELECT doc FROM artifacts WHERE run_id = ?", runID); err != nil {
			return err
		}
		if rec.Events, err = allDocs[bh.Event](ctx, q, "SELECT doc FROM events WHERE run_id = ?", runID); err != nil {
			return err
		}
		if len(rec.Artifacts) == 0 {
			rec.Artifacts = nil // as a run's record reads none
		}
		if len(rec.Events) == 0 {
			rec.Events = nil
		}
		r.Runs = append(r.Runs, rec)
	}
	return nil
}

// kept returns what a read returned, its error kept in errs.
func kept[T any](errs *[]error) func([]T, error) []T {
	return func(v []T, err error) []T {
		*errs = append(*errs, err)
		return v
	}
}

func rowsOf[T any](ctx context.Context, q querier, scan func(scanner) (T, error), query string, args ...any) ([]T, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return collect(rows, scan)
}

// scanDoc scans a row of a doc and more columns, decoding the doc into v.
func scanDoc(row *sql.Row, v any, more ...any) error {
	var raw []byte
	if err := row.Scan(append([]any{&raw}, more...)...); err != nil {
		return err
	}
	return json.Unmarshal(raw, v)
}

// Imported counts what ImportFamily wrote: New and Kept (a row already
// there is Kept, equal or not).
type Imported = bh.Imported

// ImportFamily writes a family's record in one transaction: what is not
// there is inserted, what is there is kept as it is (so importing twice,
// or an old export, changes nothing), except the run counter, which rises
// to the export's if lower.
func (db *DB) ImportFamily(ctx context.Context, r bh.FamilyRecord) (out Imported, err error) {
	sh := r.Shift
	if sh.ID == "" || sh.TeamID == "" {
		return out, db.fail("import", bh.Errorf(bh.EINVALID, "The export has no family."))
	}
	err = db.write(ctx, "import "+sh.ID, func(tx *Tx) error {
		out = Imported{}
		count := func(wrote bool, err error) error {
			if wrote {
				out.New++
			} else {
				out.Kept++
			}
			return err
		}
		ins := func(query string, args ...any) error {
			return count(changed(tx.ExecContext(ctx, "INSERT OR IGNORE INTO "+query, args...)))
		}
		leavers, err := json.Marshal(append([]string{}, r.Left...))
		if err != nil {
			return err
		}
		if err := ins("shifts ("+shiftCols+", leavers) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", sh.ID, sh.TeamID, sh.ChannelID, sh.TZ, sh.Sample, sh.SweptRev,
			ms(sh.CreatedAt), ms(sh.UpdatedAt), leavers); err != nil {
			return err
		}
		for _, c := range r.Conversations {
			if err := ins("conversations ("+convCols+") VALUES (?, ?, ?, ?, ?, ?)", c.TeamID, c.ChannelID, c.ShiftID, c.Kind, c.UserID, ms(c.Since)); err != nil {
				return err
			}
		}
		for _, m := range r.Members {
			if err := ins("members ("+memberCols+") VALUES (?, ?, ?, ?, ?)", m.TeamID, m.ShiftID, m.UserID, ms(m.JoinedAt), m.InvitedBy); err != nil {
				return err
			}
		}
		for _, p := range r.People {
			doc, err := json.Marshal(personDoc{Quiet: p.Quiet})
			if err == nil {
				err = ins("people (team_id, user_id, doc, updated_at) VALUES (?, ?, ?, ?)", p.TeamID, p.UserID, doc, ms(p.UpdatedAt))
			}
			if err != nil {
				return err
			}
		}
		for _, i := range r.Invites {
			answered := sql.NullInt64{Int64: ms(i.AnsweredAt), Valid: !i.AnsweredAt.IsZero()}
			if err := ins("invites ("+inviteCols+") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", i.ID, i.TeamID, i.ShiftID, i.From, i.To, i.HandoffID,
				ms(i.CreatedAt), i.Answer, answered); err != nil {
				return err
			}
		}
		if err := tx.importNotes(ctx, db.zone(sh), r, count); err != nil {
			return err
		}
		if st := r.State; st != nil {
			doc, err := jsonOf(*st)
			if err == nil {
				err = ins("shift_states (team_id, shift_id, notes_rev, level, at_risk, fingerprint, doc) VALUES (?, ?, ?, ?, ?, ?, ?)",
					st.TeamID, st.ShiftID, st.NotesRev, int(st.Level), len(st.Deadlines) > 0 || len(st.Health) > 0, r.StateFingerprint, doc)
			}
			if err != nil {
				return err
			}
		}
		if r.RunVersion > 0 {
			if _, err := tx.ExecContext(ctx, "INSERT INTO counters (name, value) VALUES (?, ?) ON CONFLICT DO UPDATE SET value = max(value, excluded.value)",
				"runs:"+sh.TeamID+":"+sh.ID, r.RunVersion); err != nil {
				return err
			}
		}
		if err := tx.importRuns(ctx, r, count); err != nil {
			return err
		}
		for _, e := range r.Events {
			if err := count(tx.putEvent(ctx, e)); err != nil {
				return err
			}
		}
		for _, p := range r.Posts {
			if err := count(tx.putPost(ctx, p, true)); err != nil {
				return err
			}
		}
		var docs [][2]string // table, doc
		if r.Settings != nil {
			doc, err := jsonOf(*r.Settings)
			docs = append(docs, [2]string{"radar_settings", doc})
			if err != nil {
				return err
			}
		}
		if r.Duty != nil {
			doc, err := jsonOf(*r.Duty)
			docs = append(docs, [2]string{"duty", doc})
			if err != nil {
				return err
			}
		}
		for _, d := range docs {
			if err := ins(d[0]+" (team_id, shift_id, doc) VALUES (?, ?, ?)", sh.TeamID, sh.ID, d[1]); err != nil {
				return err
			}
		}
		for _, h := range r.Handoffs {
			doc, err := jsonOf(h)
			if err == nil {
				err = ins("handoffs (team_id, shift_id, created_at, thread_channel, thread_ts, doc, id) VALUES (?, ?, ?, ?, ?, ?, ?)",
					h.TeamID, h.ShiftID, ms(h.CreatedAt), h.ThreadChannel, h.ThreadTS, doc, h.ID)
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
	return out, err
}

// importNotes inserts the notes not there (by id, or a note of the same
// message), each as a change the radar hears of.
func (tx *Tx) importNotes(ctx context.Context, loc *time.Location, r bh.FamilyRecord, count func(bool, error) error) error {
	for _, n := range r.Notes {
		var one int
		err := tx.QueryRowContext(ctx, "SELECT 1 FROM notes WHERE id = ? OR ("+byMessage+")", n.ID, n.TeamID, n.ChannelID, n.MessageTS).Scan(&one)
		if err == nil {
			if err := count(false, nil); err != nil {
				return err
			}
			continue
		} else if err != sql.ErrNoRows {
			return err
		}
		tx.db.readIn(&n, loc)
		if err := tx.putNote(ctx, n, true, true); err != nil {
			return err
		}
		if at, ok := r.ReplyAt[n.ID]; ok {
			if _, err := tx.ExecContext(ctx, "UPDATE notes SET reply_at = ? WHERE id = ?", ms(at), n.ID); err != nil {
				return err
			}
		}
		if err := count(true, nil); err != nil {
			return err
		}
	}
	return nil
}

// importRuns inserts the runs not there, each with what the export kept of it.
func (tx *Tx) importRuns(ctx context.Context, r bh.FamilyRecord, count func(bool, error) error) error {
	for _, rec := range r.Runs {
		doc, err := jsonOf(rec.Run)
		if err != nil {
			return err
		}
		removed := sql.NullInt64{}
		if at, ok := r.DetailsRemoved[rec.Run.ID]; ok {
			removed = sql.NullInt64{Int64: ms(at), Valid: true}
		}
		wrote, err := changed(tx.ExecContext(ctx, `INSERT OR IGNORE INTO runs (id, team_id, shift_id, version, status, created_at, details_removed_at, doc)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, rec.Run.ID, rec.Run.TeamID, rec.Run.ShiftID, rec.Run.Version, string(rec.Run.Status), ms(rec.Run.CreatedAt), removed, doc))
		if err := count(wrote, err); err != nil {
			return err
		} else if !wrote {
			continue
		}
		details := runDetails{Pack: rec.Pack, Tasks: rec.Tasks, Messages: rec.Messages, Proposals: rec.Proposals, Decision: rec.Decision}
		if removed.Valid {
			details = runDetails{Decision: rec.Decision}
		}
		if rec.Pack.ID != "" || rec.Decision.ID != "" {
			d, err := zipJSON(details)
			if err == nil {
				_, err = tx.ExecContext(ctx, "INSERT OR REPLACE INTO run_details (run_id, team_id, doc) VALUES (?, ?, ?)", rec.Run.ID, rec.Run.TeamID, d)
			}
			if err != nil {
				return err
			}
		}
		for _, a := range rec.Artifacts {
			if err := tx.putArtifact(ctx, rec.Run.TeamID, a); err != nil {
				return err
			}
		}
		for _, e := range rec.Events {
			if _, err := tx.putEvent(ctx, e); err != nil {
				return err
			}
		}
	}
	return nil
}
