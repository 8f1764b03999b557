package bot

import (
	"context"
	"time"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
)

// recoverWindow is how far back the start-up looks for Decision Cards a
// stopped process left unposted.
const recoverWindow = 24 * time.Hour

// recoverRuns runs once at start-up: a plan the last process was working
// on when it stopped gets its message back (an interrupted notice with
// Re-run, or for a what-if the card it started from), and a plan that was
// saved but whose card was never posted gets its card.
func (b *Bot) recoverRuns(ctx context.Context) {
	for _, r := range b.cfg.Interrupted {
		b.recoverInterrupted(ctx, r)
	}
	b.recoverUploads(ctx)
	runs, err := b.store.UnpostedRuns(ctx, b.cfg.Now().Add(-recoverWindow))
	if err != nil {
		b.log.Error("bot: recover: list unposted cards", "err", err)
		return
	}
	for _, r := range runs {
		rec, err := b.store.RunRecord(ctx, r.TeamID, r.ID)
		if err != nil {
			b.log.Error("bot: recover: load run", "run_id", r.ID, "err", err)
			continue
		}
		if err := b.updateWithRetry(ctx, r.CardChannel, r.CardTS, b.card(ctx, rec, 0)); err != nil {
			b.log.Warn("bot: recover: post a Decision Card", "run_id", r.ID, "err", err)
			continue
		}
		if err := b.store.SetRunCard(ctx, r.TeamID, r.ID, r.CardChannel, r.CardTS); err != nil {
			b.log.Error("bot: recover: remember card", "run_id", r.ID, "err", err)
		}
		b.log.Info("posted the Decision Card of a plan saved before a restart", "run_id", r.ID)
	}
}

func (b *Bot) recoverInterrupted(ctx context.Context, r bh.Run) {
	if r.CardTS == "" || r.CardChannel == "" {
		return
	}
	msg := blocks.Interrupted(r)
	if r.ParentRunID != "" {
		// A what-if turned its card into progress: give the card back, and
		// say in its thread what happened.
		if parent, err := b.store.RunRecord(ctx, r.TeamID, r.ParentRunID); err == nil {
			msg = b.card(ctx, parent, 0)
			note := blocks.Notice("⚠️ The what-if (" + blocks.Echo(r.Change, 100) + ") was interrupted by a restart; choose it again from Energy.")
			if _, _, err := b.api.PostMessageContext(ctx, r.CardChannel, append(note.Options(), slack.MsgOptionTS(r.CardTS))...); err != nil {
				b.log.Warn("bot: recover: explain an interrupted what-if", "run_id", r.ID, "err", err)
			}
		}
	}
	if err := b.updateWithRetry(ctx, r.CardChannel, r.CardTS, msg); err != nil {
		b.log.Warn("bot: recover: update an interrupted plan's message", "run_id", r.ID, "err", err)
	}
}

// recoverShared looks again, on a store shared with other processes, for
// what a stopped one left: a plan "running" for longer than a council run
// can take, a file still unsent after a minute. (At start-up those were
// too young to be sure; a process restarted within seconds would otherwise
// leave them for good.) Each is taken by one process only.
func (b *Bot) recoverShared(ctx context.Context) {
	runs, err := b.store.FailInterruptedRuns(ctx, InterruptedAfter)
	if err != nil {
		b.log.Error("bot: recover: interrupted plans", "err", err)
	}
	for _, r := range runs {
		b.log.Warn("marked an interrupted run as failed", "run_id", r.ID, "version", r.Version, "shift_id", r.ShiftID)
		b.recoverInterrupted(ctx, r)
	}
	b.recoverUploads(ctx)
}

// InterruptedAfter is how long a plan may run before, on a shared store, it
// is taken for one a stopped process left.
const InterruptedAfter = 2 * time.Minute

// rerun plans again, with the settings of an interrupted run, in the
// conversation the button was pressed in.
func (b *Bot) rerun(ctx context.Context, cb slack.InteractionCallback, channelID, runID string) {
	r, err := b.store.Run(ctx, cb.Team.ID, runID)
	if err == nil && r.ChannelID != channelID {
		err = bh.Errorf(bh.EFORBIDDEN, "That plan belongs to another conversation; nothing was changed.")
	}
	if err != nil {
		b.refuse(ctx, channelID, cb.User.ID, err)
		return
	}
	b.plan(ctx, cb.Team.ID, channelID, cb.User.ID, planArgs{energy: r.Energy, hours: r.HorizonH})
}

// recoverUploads sends the files a stopped process was sending. On the
// embedded store every pending upload is a dead process's; on a shared
// MongoDB only those older than a minute are (an upload takes seconds).
func (b *Bot) recoverUploads(ctx context.Context) {
	cutoff := b.cfg.Now().Add(-time.Minute)
	if b.cfg.ExclusiveStore {
		cutoff = b.cfg.Now().Add(time.Hour)
	}
	ups, err := b.store.TakePendingUploads(ctx, cutoff)
	if err != nil {
		b.log.Error("bot: recover: list pending uploads", "err", err)
		return
	}
	for _, u := range ups {
		rec, err := b.store.RunRecord(ctx, u.TeamID, u.RunID)
		a, ok := rec.Artifact(u.Kind)
		if err == nil && ok {
			b.sendFile(ctx, a, u.ChannelID, u.ThreadTS, u.UserID)
			b.log.Info("sent a file a restart had cut off", "run_id", u.RunID, "file", a.Name)
		}
		if err := b.store.FinishUpload(ctx, u.ID); err != nil {
			b.log.Warn("bot: recover: finish an upload", "err", err)
		}
	}
}
