package bot

// This file: the plan a handoff sends to its one receiver, made for them.

import (
	"context"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/council"
)

// receiverPlan runs the council for a handoff's one receiver: their window
// (the handoff's start and hours), their energy (their own notes), the
// sender's sleep in it stated as the sender's (Run.Rest, so no night of
// the plan is theirs), and only links the receiver can open. The run is a
// new version of the shift's, made for readerDM (the receiver's DM), with
// no card. nil when it cannot be made (logged): the caller sends the
// latest plan instead.
func (p *planner) receiverPlan(ctx context.Context, shift bh.Shift, sender, receiver, readerDM string, start time.Time, hours int) *bh.RunRecord {
	return p.handoffPlan(ctx, shift, sender, receiver, audience{where: readerDM, whole: true}, start, hours)
}

// handoffPlan is receiverPlan for the audience aud, where the handoff is
// read: a plan of only the notes aud may read; receiver "" makes it for
// nobody in particular (a handoff posted in a channel).
func (p *planner) handoffPlan(ctx context.Context, shift bh.Shift, sender, receiver string, aud audience, start time.Time, hours int) *bh.RunRecord {
	b := p.b
	now := b.cfg.Now()
	loc := shift.Location(b.cfg.Location)
	log := b.log.With("shift_id", shift.ID, "receiver", receiver, "where", aud.where)
	live, err := p.store.LiveNotes(ctx, shift.TeamID, shift.ID, now)
	if err != nil {
		log.Info("bot: handoff: the receiver's plan: notes", "err", err)
		return nil
	}
	notes := aud.notes(familyNotes(live.Notes))
	from := start
	if !from.After(now) {
		from = time.Time{}
	}
	end := start.Add(time.Duration(hours) * time.Hour)
	run := bh.Run{TeamID: shift.TeamID, ShiftID: shift.ID, ChannelID: aud.where, Energy: bh.EnergyAuto, HorizonH: hours,
		Mode: b.cfg.Council.Mode(), TZ: loc.String(), TokenBudget: b.cfg.TokenBudget, Now: now, From: from,
		RequestedBy: sender, Clock: b.userClock(ctx, sender)}
	if receiver != "" {
		run.For, run.ForName, run.ForUntil, run.Clock = receiver, b.userName(ctx, receiver), end, b.userClock(ctx, receiver)
	}
	// The sender's night is theirs: they sleep in their own quiet hours
	// (else the family's default) while the receiver is on duty (no Quiet
	// of the receiver's).
	night := p.nightHours(ctx, bh.Run{TeamID: shift.TeamID, ShiftID: shift.ID, For: sender})
	if rs, re, ok := night.RestIn(run.Start(), end, loc); ok {
		run.Rest = []bh.Rest{{UserID: sender, Name: b.userName(ctx, sender), Start: rs, End: re}}
	}
	links, _, _ := p.links.from(notes)
	in := council.Input{Run: run, Notes: notes, Names: p.names(ctx, notes, now), Links: aud.links(notes, links)}
	out, err := b.cfg.Council.Execute(ctx, p.store, in, nil)
	if err != nil {
		log.Warn("bot: handoff: the receiver's plan", "err", err)
		return nil
	}
	rec := out.Record()
	return &rec
}

// handoffFiles are a handoff's plan files for one reader: the run's stored
// handoff.md (the receiver's plan's is already theirs), then its calendar
// and picture linking only what readerDM can open.
func (s *sharer) handoffFiles(ctx context.Context, rec bh.RunRecord, readerDM string) []bh.Artifact {
	links, labels := s.links.citedIn(ctx, rec, readerDM)
	return s.files(ctx, rec, links, labels)
}

// maxCardBack bounds how many handoff plans cardedBefore looks past.
const maxCardBack = 8

// cardedBefore is the newest run of run's shift before it that has a card:
// a handoff's plan for its receiver has none, and the conversation's card
// is still the one to bring up to date.
func (p *planner) cardedBefore(ctx context.Context, run bh.Run) (bh.RunRecord, error) {
	for v := run.Version - 1; v >= 1 && v >= run.Version-maxCardBack; v-- {
		r, err := p.store.RunByVersion(ctx, run.TeamID, run.ShiftID, v)
		switch {
		case bh.ErrorCode(err) == bh.ENOTFOUND:
			continue
		case err != nil:
			return bh.RunRecord{}, err
		case r.CardTS != "":
			return p.store.RunRecord(ctx, r.TeamID, r.ID)
		}
	}
	return bh.RunRecord{}, bh.Errorf(bh.ENOTFOUND, "no card before plan v%d", run.Version)
}
