package bot

import (
	"context"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
)

// recoverStore is what putting right a stopped process's work needs from
// the store.
type recoverStore interface {
	runRecords
	// UnpostedRuns are runs saved since since whose card was never posted.
	UnpostedRuns(ctx context.Context, since time.Time) ([]bh.Run, error)
	SetRunCard(ctx context.Context, teamID, runID, channelID, ts string) error
	// FailInterruptedRuns marks runs "running" for longer than olderThan
	// as failed and returns them, each to one process only.
	FailInterruptedRuns(ctx context.Context, olderThan time.Duration) ([]bh.Run, error)
	// TakePendingUploads takes the uploads started before cutoff and not
	// finished, each to one process only.
	TakePendingUploads(ctx context.Context, cutoff time.Time) ([]bh.Upload, error)
	FinishUpload(ctx context.Context, id string) error
}

// recoverer puts right, in Slack, what a stopped process left half-done:
// progress messages of interrupted plans, cards never posted, files never
// sent. cmd decides when (Recover at start-up, RecoverShared on a timer).
type recoverer struct {
	b       *Bot
	store   recoverStore
	planner *planner
	share   *sharer
}

// recoverWindow is how far back the start-up looks for Decision Cards a
// stopped process left unposted.
const recoverWindow = 24 * time.Hour

// InterruptedAfter is how long a plan may run before, on a shared store, it
// is taken for one a stopped process left.
const InterruptedAfter = 2 * time.Minute

// Recover runs once at start-up, after Ready: the plans in interrupted (the
// store's FailInterruptedRuns) get their message back (an interrupted notice
// with Re-run, or for a what-if the card it started from), a plan saved
// but whose card was never posted gets its card, and files left unsent are
// sent. exclusive says no other process shares the store, so every pending
// upload is a dead process's.
func (b *Bot) Recover(ctx context.Context, interrupted []bh.Run, exclusive bool) {
	r := b.recov
	for _, run := range interrupted {
		r.interrupted(ctx, run)
	}
	r.uploads(ctx, exclusive)
	runs, err := r.store.UnpostedRuns(ctx, b.cfg.Now().Add(-recoverWindow))
	if err != nil {
		b.log.ErrorContext(ctx, "bot: recover: list unposted cards", "err", err)
		return
	}
	for _, run := range runs {
		ctx := bh.WithTeam(ctx, run.TeamID)
		rec, err := r.store.RunRecord(ctx, run.TeamID, run.ID)
		if err != nil {
			b.log.ErrorContext(ctx, "bot: recover: load run", "run_id", run.ID, "err", err)
			continue
		}
		if err := b.update(ctx, run.CardChannel, run.CardTS, r.planner.card(ctx, rec, 0)); err != nil {
			b.log.WarnContext(ctx, "bot: recover: post a Decision Card", "run_id", run.ID, "err", err)
			continue
		}
		if err := r.store.SetRunCard(ctx, run.TeamID, run.ID, run.CardChannel, run.CardTS); err != nil {
			b.log.ErrorContext(ctx, "bot: recover: remember card", "run_id", run.ID, "err", err)
		}
		b.log.InfoContext(ctx, "posted the Decision Card of a plan saved before a restart", "run_id", run.ID)
	}
}

// RecoverShared looks again, on a store shared with other processes, for
// what a stopped one left: a plan "running" for longer than a council run
// can take, a file still unsent after a minute, a handoff's reminder that
// came due without its process. (At start-up those were too young to be
// sure; a process restarted within seconds would otherwise leave them for
// good.) Each is taken by one process only.
func (b *Bot) RecoverShared(ctx context.Context) {
	r := b.recov
	runs, err := r.store.FailInterruptedRuns(ctx, InterruptedAfter)
	if err != nil {
		b.log.ErrorContext(ctx, "bot: recover: interrupted plans", "err", err)
	}
	for _, run := range runs {
		b.log.WarnContext(ctx, "marked an interrupted run as failed", "run_id", run.ID, "version", run.Version, "shift_id", run.ShiftID)
		r.interrupted(ctx, run)
	}
	r.uploads(ctx, false)
	b.remindDueHandoffs(ctx)
}

func (r *recoverer) interrupted(ctx context.Context, run bh.Run) {
	b := r.b
	ctx = bh.WithTeam(ctx, run.TeamID)
	if run.CardTS == "" || run.CardChannel == "" {
		return
	}
	msg := blocks.Interrupted(run)
	if run.ParentRunID != "" {
		// A what-if turned its card into progress: give the card back, and
		// say in its thread what happened.
		if parent, err := r.store.RunRecord(ctx, run.TeamID, run.ParentRunID); err == nil {
			msg = r.planner.card(ctx, parent, 0)
			note := blocks.Notice("⚠️ The what-if (" + blocks.Echo(run.Change, 100) + ") was interrupted by a restart; choose it again from Energy.")
			if err := b.postInThread(ctx, run.CardChannel, run.CardTS, note); err != nil {
				b.log.WarnContext(ctx, "bot: recover: explain an interrupted what-if", "run_id", run.ID, "err", err)
			}
		}
	}
	if err := b.update(ctx, run.CardChannel, run.CardTS, msg); err != nil {
		b.log.WarnContext(ctx, "bot: recover: update an interrupted plan's message", "run_id", run.ID, "err", err)
	}
}

// uploads sends the files a stopped process was sending. On an exclusive
// store every pending upload is a dead process's; on a shared MongoDB only
// those older than a minute are (an upload takes seconds).
func (r *recoverer) uploads(ctx context.Context, exclusive bool) {
	b := r.b
	cutoff := b.cfg.Now().Add(-time.Minute)
	if exclusive {
		cutoff = b.cfg.Now().Add(time.Hour)
	}
	ups, err := r.store.TakePendingUploads(ctx, cutoff)
	if err != nil {
		b.log.ErrorContext(ctx, "bot: recover: list pending uploads", "err", err)
		return
	}
	for _, u := range ups {
		ctx := bh.WithTeam(ctx, u.TeamID)
		rec, err := r.store.RunRecord(ctx, u.TeamID, u.RunID)
		a, ok := rec.Artifact(u.Kind)
		if err == nil && !ok && (u.Kind == bh.ArtifactCalendar || u.Kind == bh.ArtifactPicture) {
			// Made when asked, not stored: made again.
			var ferr error
			links, labels := r.share.links.citedIn(ctx, rec, u.ChannelID)
			a, ferr = r.share.planFile(rec, u.Kind, links, labels)
			ok = ferr == nil
		}
		if err == nil && ok {
			r.share.send(ctx, a, u.ChannelID, u.ThreadTS, u.UserID)
			b.log.InfoContext(ctx, "sent a file a restart had cut off", "run_id", u.RunID, "file", a.Name)
		}
		if err := r.store.FinishUpload(ctx, u.ID); err != nil {
			b.log.WarnContext(ctx, "bot: recover: finish an upload", "err", err)
		}
	}
}
