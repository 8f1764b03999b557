package store

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
)

// The radar's posts and settings. Claims are inserts of a unique _id, so
// when several processes share one MongoDB exactly one of them posts each
// nudge, reminder and outlook: the store decides, not memory.

type postDoc struct {
	ID          string    `bson:"_id"`
	Kind        string    `bson:"kind"`
	TeamID      string    `bson:"team_id"`
	ShiftID     string    `bson:"shift_id"`
	Day         string    `bson:"day"`
	Seq         int       `bson:"seq"`
	Level       int       `bson:"level"`
	Critical    []string  `bson:"critical,omitempty"`
	Items       []string  `bson:"items,omitempty"`
	Fingerprint string    `bson:"fingerprint,omitempty"`
	Owner       string    `bson:"owner"`
	ClaimedAt   time.Time `bson:"claimed_at"`
	MadeAt      time.Time `bson:"made_at,omitempty"`
	ChannelID   string    `bson:"channel_id,omitempty"`
	TS          string    `bson:"ts"`
	Failed      string    `bson:"failed,omitempty"`
	PostedAt    time.Time `bson:"posted_at,omitempty"`
}

func toPostDoc(p bh.PostRecord) postDoc {
	return postDoc{ID: p.Key, Kind: string(p.Kind), TeamID: p.TeamID, ShiftID: p.ShiftID, Day: p.Day, Seq: p.Seq, Level: int(p.Level),
		Critical: p.Critical, Items: p.Items, Fingerprint: p.Fingerprint, Owner: p.Owner, ClaimedAt: p.ClaimedAt.UTC(), MadeAt: p.MadeAt.UTC(),
		ChannelID: p.ChannelID, TS: p.TS, Failed: p.Failed, PostedAt: p.PostedAt.UTC()}
}

func (d postDoc) domain() bh.PostRecord {
	return bh.PostRecord{Key: d.ID, Kind: bh.PostKind(d.Kind), TeamID: d.TeamID, ShiftID: d.ShiftID, Day: d.Day, Seq: d.Seq,
		Level: bh.RiskLevel(d.Level), Critical: d.Critical, Items: d.Items, Fingerprint: d.Fingerprint, Owner: d.Owner,
		ClaimedAt: d.ClaimedAt.UTC(), MadeAt: d.MadeAt.UTC(), ChannelID: d.ChannelID, TS: d.TS, Failed: d.Failed, PostedAt: d.PostedAt.UTC()}
}

// ClaimPost records the intent to post p. It reports false when another
// claim has the same key (another process, or an earlier run, has it).
func (db *DB) ClaimPost(ctx context.Context, p bh.PostRecord) (bool, error) {
	doc := toPostDoc(p)
	claimed := false
	err := db.write(ctx, func(ctx context.Context) error {
		_, err := db.c.nudges.InsertOne(ctx, doc)
		if isDup(err) {
			claimed = false
			return nil
		}
		claimed = err == nil
		return err
	})
	if err != nil {
		// Not claimed: the write may still be in the committer's hands
		// (a cancelled ctx), so its result is not ours to read.
		return false, db.fail("claim post "+p.Key, err)
	}
	return claimed, nil
}

// PostSent records where a claimed post went, and what it showed (rec's
// level, critical items, items and fingerprint).
func (db *DB) PostSent(ctx context.Context, rec bh.PostRecord, ts string) error {
	err := db.write(ctx, func(ctx context.Context) error {
		_, err := db.c.nudges.UpdateOne(ctx, bson.D{{Key: "_id", Value: rec.Key}},
			bson.D{{Key: "$set", Value: bson.D{{Key: "channel_id", Value: rec.ChannelID}, {Key: "ts", Value: ts}, {Key: "posted_at", Value: db.now()},
				{Key: "level", Value: int(rec.Level)}, {Key: "critical", Value: rec.Critical}, {Key: "items", Value: rec.Items},
				{Key: "fingerprint", Value: rec.Fingerprint}}}})
		return err
	})
	return db.fail("record post "+rec.Key, err)
}

// PostFailed records that a claimed post will not be sent, and why.
func (db *DB) PostFailed(ctx context.Context, key, why string) error {
	err := db.write(ctx, func(ctx context.Context) error {
		_, err := db.c.nudges.UpdateOne(ctx, bson.D{{Key: "_id", Value: key}},
			bson.D{{Key: "$set", Value: bson.D{{Key: "failed", Value: why}}}})
		return err
	})
	return db.fail("record failed post "+key, err)
}

// RefreshPost moves a posted nudge to what its update in place shows: a new
// fingerprint, its items, level and critical items (what a later rise is
// measured from). Only one caller moves it from oldFP; it reports whether
// it was this one.
func (db *DB) RefreshPost(ctx context.Context, key, oldFP string, shows bh.PostRecord) (bool, error) {
	moved, err := db.changedOne(ctx, db.c.nudges, bson.D{{Key: "_id", Value: key}, {Key: "fingerprint", Value: oldFP}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "fingerprint", Value: shows.Fingerprint}, {Key: "items", Value: shows.Items},
			{Key: "level", Value: int(shows.Level)}, {Key: "critical", Value: shows.Critical}}}})
	if err != nil {
		return false, db.fail("refresh post "+key, err)
	}
	return moved, nil
}

// LastNudge returns a shift's latest nudge of the day.
func (db *DB) LastNudge(ctx context.Context, teamID, shiftID, day string) (bh.PostRecord, bool, error) {
	docs, err := findAll[postDoc](ctx, db, colNudges, bson.D{{Key: "team_id", Value: teamID}, {Key: "shift_id", Value: shiftID},
		{Key: "kind", Value: string(bh.PostNudge)}, {Key: "day", Value: day}}, bson.D{{Key: "seq", Value: -1}})
	if err != nil {
		return bh.PostRecord{}, false, db.fail("last nudge", err)
	}
	if len(docs) == 0 {
		return bh.PostRecord{}, false, nil
	}
	return docs[0].domain(), true, nil
}

// NudgesOfDay lists a shift's nudges of the day, the latest first: the
// radar keeps one standing message per conversation it posted in (the
// same query as LastNudge, all of it).
func (db *DB) NudgesOfDay(ctx context.Context, teamID, shiftID, day string) ([]bh.PostRecord, error) {
	docs, err := findAll[postDoc](ctx, db, colNudges, bson.D{{Key: "team_id", Value: teamID}, {Key: "shift_id", Value: shiftID},
		{Key: "kind", Value: string(bh.PostNudge)}, {Key: "day", Value: day}}, bson.D{{Key: "seq", Value: -1}})
	if err != nil {
		return nil, db.fail("nudges of the day", err)
	}
	out := make([]bh.PostRecord, 0, len(docs))
	for _, d := range docs {
		out = append(out, d.domain())
	}
	return out, nil
}

// Posts lists a shift's radar posts, newest claim first (audit, tests).
func (db *DB) Posts(ctx context.Context, teamID, shiftID string) ([]bh.PostRecord, error) {
	docs, err := findAll[postDoc](ctx, db, colNudges, bson.D{{Key: "team_id", Value: teamID}, {Key: "shift_id", Value: shiftID}},
		bson.D{{Key: "claimed_at", Value: -1}, {Key: "_id", Value: -1}})
	if err != nil {
		return nil, db.fail("list posts", err)
	}
	out := make([]bh.PostRecord, 0, len(docs))
	for _, d := range docs {
		out = append(out, d.domain())
	}
	return out, nil
}

// TakeStalePosts takes over claims that were never posted nor failed and
// were claimed before cutoff: their process died between claim and post.
func (db *DB) TakeStalePosts(ctx context.Context, cutoff time.Time, owner string) ([]bh.PostRecord, error) {
	stale := bson.D{{Key: "ts", Value: ""}, {Key: "failed", Value: bson.D{{Key: "$exists", Value: false}}},
		{Key: "claimed_at", Value: bson.D{{Key: "$lt", Value: cutoff.UTC()}}}}
	docs, err := findAll[postDoc](ctx, db, colNudges, stale, bson.D{{Key: "claimed_at", Value: 1}})
	if err != nil {
		return nil, db.fail("list stale posts", err)
	}
	var out []bh.PostRecord
	for _, d := range docs {
		now := db.now()
		// Compare-and-set on the old claim: one taker wins.
		took, err := db.changedOne(ctx, db.c.nudges, bson.D{{Key: "_id", Value: d.ID}, {Key: "ts", Value: ""}, {Key: "owner", Value: d.Owner},
			{Key: "claimed_at", Value: d.ClaimedAt}}, bson.D{{Key: "$set", Value: bson.D{{Key: "owner", Value: owner}, {Key: "claimed_at", Value: now}}}})
		if err != nil {
			return out, db.fail("take stale post "+d.ID, err)
		}
		if took {
			d.Owner, d.ClaimedAt = owner, now
			out = append(out, d.domain())
		}
	}
	return out, nil
}

type radarSettingsDoc struct {
	ID           string    `bson:"_id"`
	TeamID       string    `bson:"team_id"`
	ShiftID      string    `bson:"shift_id"`
	SnoozedUntil time.Time `bson:"snoozed_until,omitempty"`
	OutlookOn    bool      `bson:"outlook_on,omitempty"`
	OutlookHour  int       `bson:"outlook_hour"`
	Off          string    `bson:"off,omitempty"`
	OffAt        time.Time `bson:"off_at,omitempty"`
	OffNotesRev  int       `bson:"off_notes_rev,omitempty"`
	// Quiet is absent until a person chooses quiet hours (documents
	// written before quiet hours could be chosen read as the default).
	Quiet *quietDoc `bson:"quiet,omitempty"`
	// Version counts writes, for UpdateRadarSettings' compare-and-set.
	Version int `bson:"version"`
}

type quietDoc struct {
	From int `bson:"from"`
	To   int `bson:"to"`
}

func (d radarSettingsDoc) domain() bh.RadarSettings {
	s := bh.RadarSettings{TeamID: d.TeamID, ShiftID: d.ShiftID, SnoozedUntil: d.SnoozedUntil.UTC(), OutlookOn: d.OutlookOn,
		OutlookHour: d.OutlookHour, Off: d.Off, OffAt: d.OffAt.UTC(), OffNotesRev: d.OffNotesRev}
	if d.Quiet != nil {
		s.Quiet = &bh.QuietHours{From: d.Quiet.From, To: d.Quiet.To}
	}
	return s
}

// DefaultOutlookHour is when the morning outlook goes out unless chosen.
const DefaultOutlookHour = 7

// RadarSettings returns a shift's radar settings (defaults when none).
func (db *DB) RadarSettings(ctx context.Context, teamID, shiftID string) (bh.RadarSettings, error) {
	var d radarSettingsDoc
	err := db.c.radarSettings.FindOne(ctx, bson.D{{Key: "_id", Value: teamID + "/" + shiftID}}).Decode(&d)
	if isNoDocs(err) {
		return bh.RadarSettings{TeamID: teamID, ShiftID: shiftID, OutlookHour: DefaultOutlookHour}, nil
	}
	if err != nil {
		return bh.RadarSettings{}, db.fail("get radar settings", err)
	}
	return d.domain(), nil
}

// UpdateRadarSettings applies change to a shift's radar settings as they are
// now and stores the result only if nobody changed them in between; if
// somebody did, it reads them again and applies change again. Settings are
// changed by people (snooze, outlook) and by every process's radar (a snooze
// that ended, a conversation out of reach): a plain read-modify-write would
// let one undo another, and let two processes both act on one ended snooze.
// change reports whether it changed anything; changed is false (and nothing
// is written) when it did not, so a caller can tell it was first.
func (db *DB) UpdateRadarSettings(ctx context.Context, teamID, shiftID string, change func(*bh.RadarSettings) bool) (s bh.RadarSettings, changed bool, err error) {
	id := teamID + "/" + shiftID
	for range 8 {
		var d radarSettingsDoc
		found := true
		if err := db.c.radarSettings.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&d); isNoDocs(err) {
			found = false
			d = radarSettingsDoc{ID: id, TeamID: teamID, ShiftID: shiftID, OutlookHour: DefaultOutlookHour}
		} else if err != nil {
			return bh.RadarSettings{}, false, db.fail("update radar settings", err)
		}
		s = d.domain()
		if !change(&s) {
			return s, false, nil
		}
		next := radarSettingsDoc{ID: id, TeamID: teamID, ShiftID: shiftID, SnoozedUntil: s.SnoozedUntil.UTC(),
			OutlookOn: s.OutlookOn, OutlookHour: s.OutlookHour, Off: s.Off, OffAt: s.OffAt.UTC(), OffNotesRev: s.OffNotesRev,
			Version: d.Version + 1}
		if s.Quiet != nil {
			next.Quiet = &quietDoc{From: s.Quiet.From, To: s.Quiet.To}
		}
		won := false
		err := db.write(ctx, func(ctx context.Context) error {
			won = false
			if !found {
				_, err := db.c.radarSettings.InsertOne(ctx, next)
				if isDup(err) {
					return nil // created meanwhile: read again
				}
				won = err == nil
				return err
			}
			unchanged := bson.D{{Key: "_id", Value: id}, {Key: "version", Value: d.Version}}
			if d.Version == 0 { // written before settings had a version
				unchanged = bson.D{{Key: "_id", Value: id}, {Key: "$or", Value: bson.A{
					bson.D{{Key: "version", Value: 0}}, bson.D{{Key: "version", Value: bson.D{{Key: "$exists", Value: false}}}}}}}
			}
			res, err := db.c.radarSettings.ReplaceOne(ctx, unchanged, next)
			if err != nil {
				return err
			}
			won = res.MatchedCount == 1
			return nil
		})
		if err != nil {
			return bh.RadarSettings{}, false, db.fail("update radar settings", err)
		}
		if won {
			return s, true, nil
		}
	}
	return bh.RadarSettings{}, false, db.fail("update radar settings", bh.Errorf(bh.ECONFLICT, "the radar settings here keep changing; try again"))
}

// AllRadarSettings lists the settings of every shift that has any (the
// scheduler's sweep: outlooks, snoozes that end).
func (db *DB) AllRadarSettings(ctx context.Context) ([]bh.RadarSettings, error) {
	docs, err := findAll[radarSettingsDoc](ctx, db, colRadarSettings, bson.D{}, nil)
	if err != nil {
		return nil, db.fail("list radar settings", err)
	}
	out := make([]bh.RadarSettings, 0, len(docs))
	for _, d := range docs {
		out = append(out, d.domain())
	}
	return out, nil
}

// StatesAtRisk lists the shift states that have a deadline or a health
// note or are at min or above (the scheduler's sweep for reminders, health
// asks and missed looks).
func (db *DB) StatesAtRisk(ctx context.Context, min bh.RiskLevel) ([]bh.ShiftState, error) {
	// Filtered here: array paths are not something every engine indexes.
	docs, err := db.allStates(ctx)
	if err != nil {
		return nil, db.fail("list shift states", err)
	}
	var out []bh.ShiftState
	for _, d := range docs {
		if len(d.Deadlines) > 0 || len(d.Health) > 0 || bh.RiskLevel(d.Level) >= min {
			out = append(out, d.domain())
		}
	}
	return out, nil
}

// MarkNoteDone marks a note's item done (or not done again): plans and the
// radar leave it out. It is a change of the note, so the radar wakes up.
func (db *DB) MarkNoteDone(ctx context.Context, teamID, id string, done bool) (bh.Note, error) {
	filter := bson.D{{Key: "_id", Value: id}, {Key: "team_id", Value: teamID}, {Key: "deleted_at", Value: bson.D{{Key: "$exists", Value: false}}}}
	if done {
		return db.MarkNoteDoneBy(ctx, teamID, id, bh.DoneBy{})
	}
	return db.updateNote(ctx, "mark note not done "+id, filter, nil,
		bson.D{{Key: "done_at", Value: ""}, {Key: "done_by", Value: ""}, {Key: "done_by_note", Value: ""}, {Key: "dropped", Value: ""}})
}

// MarkStillOn records that a person says an overdue deadline is still on:
// it stays in plans for OverdueDrop from now.
func (db *DB) MarkStillOn(ctx context.Context, teamID, id string) (bh.Note, error) {
	filter := bson.D{{Key: "_id", Value: id}, {Key: "team_id", Value: teamID}, {Key: "deleted_at", Value: bson.D{{Key: "$exists", Value: false}}}}
	return db.updateNote(ctx, "mark note still on "+id, filter, bson.D{{Key: "still_on_at", Value: db.now()}}, nil)
}

// ClaimNote records who said "I'll do it" for a note's item; user ""
// takes the claim back.
func (db *DB) ClaimNote(ctx context.Context, teamID, id, user string) (bh.Note, error) {
	filter := bson.D{{Key: "_id", Value: id}, {Key: "team_id", Value: teamID}, {Key: "deleted_at", Value: bson.D{{Key: "$exists", Value: false}}}}
	if user == "" {
		return db.updateNote(ctx, "unclaim note "+id, filter, nil, bson.D{{Key: "claimed_by", Value: ""}, {Key: "claimed_at", Value: ""}})
	}
	return db.updateNote(ctx, "claim note "+id, filter, bson.D{{Key: "claimed_by", Value: user}, {Key: "claimed_at", Value: db.now()}}, nil)
}

// MarkNoteDoneBy is MarkNoteDone(done) recording who: a person, or the
// note that said the item was bought.
func (db *DB) MarkNoteDoneBy(ctx context.Context, teamID, id string, by bh.DoneBy) (bh.Note, error) {
	filter := bson.D{{Key: "_id", Value: id}, {Key: "team_id", Value: teamID}, {Key: "deleted_at", Value: bson.D{{Key: "$exists", Value: false}}}}
	set := bson.D{{Key: "done_at", Value: db.now()}}
	var unset bson.D
	for _, f := range []struct{ key, val string }{{"done_by", by.User}, {"done_by_note", by.Note}} {
		if f.val != "" {
			set = append(set, bson.E{Key: f.key, Value: f.val})
		} else {
			unset = append(unset, bson.E{Key: f.key, Value: ""})
		}
	}
	if by.Dropped {
		set = append(set, bson.E{Key: "dropped", Value: true})
	} else {
		unset = append(unset, bson.E{Key: "dropped", Value: ""})
	}
	return db.updateNote(ctx, "mark note done "+id, filter, set, unset)
}
