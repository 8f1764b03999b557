package mongo

import (
	"context"
	"errors"
	"time"

	"github.com/256dpi/lungo"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo/options"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: a family's whole record (bh.FamilyRecord) out and in.

// Conversations lists the families of team and channel ("": any).
func (db *DB) Conversations(ctx context.Context, teamID, channelID string) ([]bh.Shift, error) {
	if teamID != "" && channelID != "" {
		sh, err := db.Shift(ctx, teamID, channelID)
		if bh.ErrorCode(err) == bh.ENOTFOUND {
			return []bh.Shift{}, nil
		}
		return []bh.Shift{sh}, err
	}
	f := bson.M{}
	for k, v := range map[string]string{"teamid": teamID, "channelid": channelID} {
		if v != "" {
			f[k] = v
		}
	}
	out, err := all[bh.Shift](ctx, db.c(colShifts), f, by("teamid", "channelid"), 0)
	return out, db.fail("list conversations", err)
}

// listOf is the values filter finds in col (nil: none), its error kept in errs.
func listOf[T any](ctx context.Context, c lungo.ICollection, filter bson.M, errs *[]error) []T {
	out, err := all[T](ctx, c, filter, nil, 0)
	if *errs = append(*errs, err); len(out) == 0 {
		return nil
	}
	return out
}

// optional is the value under k in c (nil: none), its error kept in errs.
func optional[T any](ctx context.Context, c lungo.ICollection, k string, errs *[]error) *T {
	v, err := get[T](ctx, c, k)
	ok, err := found(err)
	if *errs = append(*errs, err); !ok {
		return nil
	}
	return &v
}

// ExportFamily reads everything a family owns, in one transaction's snapshot.
func (db *DB) ExportFamily(ctx context.Context, sh bh.Shift) (r bh.FamilyRecord, err error) {
	team, id := sh.TeamID, sh.ID
	err = db.write(ctx, "export "+id, func(ctx context.Context, _ time.Time) error {
		r = bh.FamilyRecord{ReplyAt: map[string]time.Time{}, DetailsRemoved: map[string]time.Time{}}
		d, err := one[shiftDoc](ctx, db.c(colShifts), bson.M{"_id": id, "teamid": team})
		if err != nil {
			return notFound(err, "That family no longer exists.")
		}
		r.Shift, r.Left = d.Shift, nilIfEmpty(d.Leavers)
		var errs []error
		of := bson.M{"teamid": team, "shiftid": id}
		r.Conversations = listOf[bh.Conversation](ctx, db.c(colConversations), of, &errs)
		if !bh.IsFamilyKey(sh.ChannelID) && !bh.IsSampleChannel(sh.ChannelID) {
			// The conversation that founded it, once its person left, feeds none.
			for _, c := range listOf[bh.Conversation](ctx, db.c(colConversations), bson.M{"teamid": team, "channelid": d.ChannelID, "shiftid": bson.M{"$ne": id}}, &errs) {
				c.ShiftID = ""
				r.Conversations = append(r.Conversations, c)
			}
		}
		r.Members = listOf[bh.Member](ctx, db.c(colMembers), of, &errs)
		r.Invites = listOf[bh.Invite](ctx, db.c(colInvites), of, &errs)
		r.Events = listOf[bh.Event](ctx, db.c(colEvents), bson.M{"teamid": team, "shiftid": id, "runid": ""}, &errs)
		r.Posts = listOf[bh.PostRecord](ctx, db.c(colPosts), of, &errs)
		r.Handoffs = listOf[bh.Handoff](ctx, db.c(colHandoffs), of, &errs)
		r.Settings = optional[bh.RadarSettings](ctx, db.c(colRadarSettings), key(team, id), &errs)
		r.Duty = optional[bh.Duty](ctx, db.c(colDuty), key(team, id), &errs)
		for _, m := range r.Members {
			if p := optional[bh.Person](ctx, db.c(colPeople), key(team, m.UserID), &errs); p != nil {
				r.People = append(r.People, *p)
			}
		}
		if st := optional[stateDoc](ctx, db.c(colShiftStates), key(team, id), &errs); st != nil {
			r.State, r.StateFingerprint = &st.ShiftState, st.Fingerprint
		}
		if c := optional[struct{ Value int }](ctx, db.c(colCounters), runVersions(team, id), &errs); c != nil {
			r.RunVersion = c.Value
		}
		notes, err := all[noteDoc](ctx, db.c(colNotes), of, nil, 0)
		for _, n := range notes {
			if r.Notes = append(r.Notes, n.Note); n.ReplyAt != nil {
				r.ReplyAt[n.ID] = *n.ReplyAt
			}
		}
		runs, rerr := all[runDoc](ctx, db.c(colRuns), of, by("version"), 0)
		for _, run := range runs {
			rec, _, rerr := db.runRecord(ctx, run)
			if r.Runs, errs = append(r.Runs, rec), append(errs, rerr); run.DetailsRemovedAt != nil {
				r.DetailsRemoved[run.ID] = *run.DetailsRemovedAt
			}
		}
		return errOr(err, errOr(rerr, errors.Join(errs...)))
	})
	r.Sort()
	return r, err
}

// addAll adds each of vs to col under its key.
func addAll[T any](vs []T, col string, add func(string, any) bool, keyOf func(T) string) {
	for _, v := range vs {
		add(col, doc[T]{keyOf(v), v})
	}
}

func nilIfEmpty[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}

// ImportFamily writes what of a family's record is not there, in one
// transaction, and keeps what is; the run counter rises to the export's.
func (db *DB) ImportFamily(ctx context.Context, r bh.FamilyRecord) (out bh.Imported, err error) {
	sh := r.Shift
	if sh.ID == "" || sh.TeamID == "" {
		return out, db.fail("import", bh.Errorf(bh.EINVALID, "The export has no family."))
	}
	err = db.write(ctx, "import "+sh.ID, func(ctx context.Context, _ time.Time) error {
		out = bh.Imported{}
		var errs []error
		count := func(wrote bool, err error) bool {
			if errs = append(errs, err); wrote {
				out.New++
			} else {
				out.Kept++
			}
			return wrote
		}
		add := func(col string, d any) bool { return count(insertDoc(ctx, db.c(col), d)) }
		add(colShifts, doc[shiftDoc]{sh.ID, shiftDoc{Shift: sh, Leavers: append([]string{}, r.Left...)}})
		addAll(r.Conversations, colConversations, add, func(c bh.Conversation) string { return key(c.TeamID, c.ChannelID) })
		addAll(r.Members, colMembers, add, func(m bh.Member) string { return key(m.TeamID, m.ShiftID, m.UserID) })
		addAll(r.People, colPeople, add, func(p bh.Person) string { return key(p.TeamID, p.UserID) })
		addAll(r.Invites, colInvites, add, func(i bh.Invite) string { return i.ID })
		addAll(r.Posts, colPosts, add, func(p bh.PostRecord) string { return p.Key })
		addAll(r.Handoffs, colHandoffs, add, func(h bh.Handoff) string { return h.ID })
		for _, e := range r.Events {
			count(db.putEvent(ctx, e))
		}
		if s := r.Settings; s != nil {
			add(colRadarSettings, doc[bh.RadarSettings]{key(sh.TeamID, sh.ID), *s})
		}
		if d := r.Duty; d != nil {
			add(colDuty, doc[bh.Duty]{key(sh.TeamID, sh.ID), *d})
		}
		if st := r.State; st != nil {
			add(colShiftStates, doc[stateDoc]{key(st.TeamID, st.ShiftID), stateDoc{ShiftState: *st, Fingerprint: r.StateFingerprint, AtRisk: atRisk(*st)}})
		}
		if r.RunVersion > 0 {
			_, err := db.c(colCounters).UpdateOne(ctx, bson.M{"_id": runVersions(sh.TeamID, sh.ID)}, bson.M{"$max": bson.M{"value": r.RunVersion}},
				options.Update().SetUpsert(true))
			errs = append(errs, err)
		}
		dest, err := db.shiftByID(ctx, sh.TeamID, sh.ID)
		for _, n := range r.Notes { // those not there, by id or by message, each a change the radar hears of
			f := bson.M{"_id": n.ID}
			if n.MessageTS != "" {
				f = bson.M{"$or": bson.A{f, byMessage(n.TeamID, n.ChannelID, n.MessageTS)}}
			}
			k, cerr := db.c(colNotes).CountDocuments(ctx, f)
			if err = errOr(err, cerr); err == nil && count(k == 0, nil) {
				d := &noteDoc{}
				if at, ok := r.ReplyAt[n.ID]; ok {
					d.ReplyAt = &at
				}
				err = errOr(db.bumpRevs(ctx, n.ShiftID, 0, n.Rev), db.putNote(ctx, n, dest, d))
			}
		}
		for _, rec := range r.Runs { // those not there, with what the export kept of each
			d := runDoc{Run: rec.Run}
			details := runDetails{TeamID: rec.Run.TeamID, Pack: rec.Pack, Tasks: rec.Tasks, Messages: rec.Messages, Proposals: rec.Proposals, Decision: rec.Decision}
			if at, ok := r.DetailsRemoved[rec.Run.ID]; ok {
				d.DetailsRemovedAt, details = &at, runDetails{TeamID: rec.Run.TeamID, Decision: rec.Decision}
			}
			if !add(colRuns, doc[runDoc]{rec.Run.ID, d}) {
				continue
			}
			if rec.Pack.ID != "" || rec.Decision.ID != "" {
				errs = append(errs, put(ctx, db.c(colRunDetails), rec.Run.ID, details))
			}
			errs = append(errs, db.saveFiles(ctx, rec.Run.TeamID, rec.Artifacts, rec.Events))
		}
		return errOr(err, errors.Join(errs...))
	})
	return out, err
}
