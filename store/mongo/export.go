package mongo

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo/options"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: a family's whole record out and in (bh.FamilyRecord), across
// the collections it owns, for export and import in the current format.

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
	f := bson.M{}
	if teamID != "" {
		f["teamid"] = teamID
	}
	if channelID != "" {
		f["channelid"] = channelID
	}
	docs, err := all[shiftDoc](ctx, db.c(colShifts), f, bson.D{{Key: "teamid", Value: 1}, {Key: "channelid", Value: 1}}, 0)
	out := make([]bh.Shift, 0, len(docs))
	for _, d := range docs {
		out = append(out, d.Shift)
	}
	return out, db.fail("list conversations", err)
}

// listOf decodes the values of a family's documents in col.
func listOf[T any](ctx context.Context, db *DB, col string, filter bson.M, errs *[]error) []T {
	out, err := values(all[doc[T]](ctx, db.c(col), filter, nil, 0))
	*errs = append(*errs, err)
	if len(out) == 0 {
		return nil
	}
	return out
}

// ExportFamily reads everything a family owns, in one transaction's
// snapshot.
func (db *DB) ExportFamily(ctx context.Context, sh bh.Shift) (r bh.FamilyRecord, err error) {
	team, id := sh.TeamID, sh.ID
	err = db.write(ctx, "export "+id, func(ctx context.Context, _ time.Time) error {
		r = bh.FamilyRecord{ReplyAt: map[string]time.Time{}, DetailsRemoved: map[string]time.Time{}}
		d, err := one[shiftDoc](ctx, db.c(colShifts), bson.M{"_id": id, "teamid": team})
		if err != nil {
			return notFound(err, "That family no longer exists.")
		}
		r.Shift, r.Left = d.Shift, d.Leavers
		if len(r.Left) == 0 {
			r.Left = nil
		}
		var errs []error
		byShift := bson.M{"teamid": team, "shiftid": id}
		r.Conversations = listOf[bh.Conversation](ctx, db, colConversations, byShift, &errs)
		if !bh.IsFamilyKey(sh.ChannelID) && !bh.IsSampleChannel(sh.ChannelID) {
			// The conversation that founded it, once its person left, goes
			// as feeding no family: an import must not map it back.
			for _, c := range listOf[bh.Conversation](ctx, db, colConversations, bson.M{"teamid": team, "channelid": d.ChannelID, "shiftid": bson.M{"$ne": id}}, &errs) {
				c.ShiftID = ""
				r.Conversations = append(r.Conversations, c)
			}
		}
		r.Members = listOf[bh.Member](ctx, db, colMembers, byShift, &errs)
		r.Invites = listOf[bh.Invite](ctx, db, colInvites, byShift, &errs)
		r.Events = listOf[bh.Event](ctx, db, colEvents, bson.M{"teamid": team, "shiftid": id, "runid": ""}, &errs)
		r.Posts = listOf[bh.PostRecord](ctx, db, colPosts, byShift, &errs)
		r.Handoffs = listOf[bh.Handoff](ctx, db, colHandoffs, byShift, &errs)
		notes, err := all[noteDoc](ctx, db.c(colNotes), byShift, nil, 0)
		for _, n := range notes {
			r.Notes = append(r.Notes, n.Note)
			if n.ReplyAt != nil {
				r.ReplyAt[n.ID] = *n.ReplyAt
			}
		}
		errs = append(errs, err)
		for _, m := range r.Members {
			p, err := get[bh.Person](ctx, db.c(colPeople), key(team, m.UserID))
			if ok, err := found(err); ok {
				r.People = append(r.People, p)
			} else {
				errs = append(errs, err)
			}
		}
		st, err := one[stateDoc](ctx, db.c(colShiftStates), bson.M{"_id": key(team, id)})
		if ok, err := found(err); ok {
			r.State, r.StateFingerprint = &st.ShiftState, st.Fingerprint
		} else {
			errs = append(errs, err)
		}
		var c struct{ Value int }
		_, err = found(db.c(colCounters).FindOne(ctx, bson.M{"_id": runVersions(team, id)}).Decode(&c))
		r.RunVersion = c.Value
		errs = append(errs, err)
		if s, err := get[bh.RadarSettings](ctx, db.c(colRadarSettings), key(team, id)); err == nil {
			r.Settings = &s
		} else {
			errs = append(errs, notFound(err, ""))
		}
		if d, err := get[bh.Duty](ctx, db.c(colDuty), key(team, id)); err == nil {
			r.Duty = &d
		} else {
			errs = append(errs, notFound(err, ""))
		}
		for _, err := range errs {
			if err != nil && bh.ErrorCode(err) != bh.ENOTFOUND {
				return err
			}
		}
		return db.exportRuns(ctx, &r)
	})
	r.Sort()
	return r, err
}

// exportRuns adds the family's runs, each with what is kept of it.
func (db *DB) exportRuns(ctx context.Context, r *bh.FamilyRecord) error {
	runs, err := all[runDoc](ctx, db.c(colRuns), bson.M{"teamid": r.Shift.TeamID, "shiftid": r.Shift.ID}, bson.D{{Key: "version", Value: 1}}, 0)
	for _, run := range runs {
		if err != nil {
			return err
		}
		rec := bh.RunRecord{Run: run.Run}
		if run.DetailsRemovedAt != nil {
			r.DetailsRemoved[run.ID] = *run.DetailsRemovedAt
		}
		d, derr := get[runDetails](ctx, db.c(colRunDetails), run.ID)
		if ok, derr := found(derr); ok {
			d = d.read()
			rec.Pack, rec.Tasks, rec.Messages, rec.Proposals, rec.Decision = d.Pack, d.Tasks, d.Messages, d.Proposals, d.Decision
		} else if derr != nil {
			return derr
		}
		rec.Artifacts, rec.Events, err = db.runFiles(ctx, run.ID)
		r.Runs = append(r.Runs, rec)
	}
	return err
}

// ImportFamily writes a family's record in one transaction: what is not
// there is inserted, what is there is kept as it is (so importing twice,
// or an old export, changes nothing), except the run counter, which rises
// to the export's if lower.
func (db *DB) ImportFamily(ctx context.Context, r bh.FamilyRecord) (out bh.Imported, err error) {
	sh := r.Shift
	if sh.ID == "" || sh.TeamID == "" {
		return out, db.fail("import", bh.Errorf(bh.EINVALID, "The export has no family."))
	}
	err = db.write(ctx, "import "+sh.ID, func(ctx context.Context, _ time.Time) error {
		out = bh.Imported{}
		count := func(wrote bool, err error) error {
			if wrote {
				out.New++
			} else {
				out.Kept++
			}
			return err
		}
		if err := count(insertDoc(ctx, db.c(colShifts), shiftDoc{Key: sh.ID, Shift: sh, Leavers: append([]string{}, r.Left...)})); err != nil {
			return err
		}
		var errs []error
		add := func(col string, d any) { errs = append(errs, count(insertDoc(ctx, db.c(col), d))) }
		for _, c := range r.Conversations {
			add(colConversations, doc[bh.Conversation]{key(c.TeamID, c.ChannelID), c})
		}
		for _, m := range r.Members {
			add(colMembers, doc[bh.Member]{key(m.TeamID, m.ShiftID, m.UserID), m})
		}
		for _, p := range r.People {
			add(colPeople, doc[bh.Person]{key(p.TeamID, p.UserID), p})
		}
		for _, i := range r.Invites {
			add(colInvites, doc[bh.Invite]{i.ID, i})
		}
		for _, e := range r.Events {
			errs = append(errs, count(db.putEvent(ctx, e)))
		}
		for _, p := range r.Posts {
			add(colPosts, doc[bh.PostRecord]{p.Key, p})
		}
		for _, h := range r.Handoffs {
			add(colHandoffs, doc[bh.Handoff]{h.ID, h})
		}
		if s := r.Settings; s != nil {
			add(colRadarSettings, doc[bh.RadarSettings]{key(sh.TeamID, sh.ID), *s})
		}
		if d := r.Duty; d != nil {
			add(colDuty, doc[bh.Duty]{key(sh.TeamID, sh.ID), *d})
		}
		if st := r.State; st != nil {
			k := key(st.TeamID, st.ShiftID)
			errs = append(errs, count(insertDoc(ctx, db.c(colShiftStates), stateDoc{Key: k, ShiftState: *st, Fingerprint: r.StateFingerprint,
				AtRisk: len(st.Deadlines) > 0 || len(st.Health) > 0})))
		}
		if r.RunVersion > 0 {
			_, err := db.c(colCounters).UpdateOne(ctx, bson.M{"_id": runVersions(sh.TeamID, sh.ID)}, bson.M{"$max": bson.M{"value": r.RunVersion}}, options.Update().SetUpsert(true))
			errs = append(errs, err)
		}
		for _, err := range errs {
			if err != nil {
				return err
			}
		}
		if err := db.importNotes(ctx, r, count); err != nil {
			return err
		}
		return db.importRuns(ctx, r, count)
	})
	return out, err
}

// importNotes inserts the notes not there (by id, or a note of the same
// message), each as a change the radar hears of.
func (db *DB) importNotes(ctx context.Context, r bh.FamilyRecord, count func(bool, error) error) error {
	sh, err := db.shiftByID(ctx, r.Shift.TeamID, r.Shift.ID)
	if err != nil {
		return err
	}
	for _, n := range r.Notes {
		f := bson.M{"_id": n.ID}
		if n.MessageTS != "" {
			f = bson.M{"$or": bson.A{f, byMessage(n.TeamID, n.ChannelID, n.MessageTS)}}
		}
		k, err := db.c(colNotes).CountDocuments(ctx, f)
		if err != nil || k > 0 {
			if err := count(false, err); err != nil {
				return err
			}
			continue
		}
		d := &noteDoc{}
		if at, ok := r.ReplyAt[n.ID]; ok {
			d.ReplyAt = &at
		}
		if err := db.bumpRevs(ctx, n.ShiftID, 0, n.Rev); err != nil {
			return err
		}
		if err := count(true, db.putNote(ctx, n, sh, d)); err != nil {
			return err
		}
	}
	return nil
}

// importRuns inserts the runs not there, each with what the export kept of it.
func (db *DB) importRuns(ctx context.Context, r bh.FamilyRecord, count func(bool, error) error) error {
	for _, rec := range r.Runs {
		d := runDoc{Key: rec.Run.ID, Run: rec.Run}
		details := runDetails{TeamID: rec.Run.TeamID, Pack: rec.Pack, Tasks: rec.Tasks, Messages: rec.Messages, Proposals: rec.Proposals, Decision: rec.Decision}
		if at, ok := r.DetailsRemoved[rec.Run.ID]; ok {
			d.DetailsRemovedAt = &at
			details = runDetails{TeamID: rec.Run.TeamID, Decision: rec.Decision}
		}
		wrote, err := insertDoc(ctx, db.c(colRuns), d)
		if err := count(wrote, err); err != nil {
			return err
		} else if !wrote {
			continue
		}
		if rec.Pack.ID != "" || rec.Decision.ID != "" {
			if err := put(ctx, db.c(colRunDetails), rec.Run.ID, details); err != nil {
				return err
			}
		}
		for _, a := range rec.Artifacts {
			if err := db.putArtifact(ctx, rec.Run.TeamID, a); err != nil {
				return err
			}
		}
		for _, e := range rec.Events {
			if _, err := db.putEvent(ctx, e); err != nil {
				return err
			}
		}
	}
	return nil
}
