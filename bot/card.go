package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/socketmode"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/council"
)

// cardAction handles the Decision Card's controls. It reports false when
// the action is not a card action.
func (b *Bot) cardAction(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) bool {
	switch a.ActionID {
	case blocks.ActionEnergy, blocks.ActionDownload, blocks.ActionTranscript, blocks.ActionOthers, blocks.ActionShare, blocks.ActionRerun:
	default:
		return false
	}
	channelID := cb.Channel.ID
	if channelID == "" {
		channelID = cb.Container.ChannelID
	}
	runID := a.Value
	if a.ActionID == blocks.ActionEnergy {
		runID = strings.TrimPrefix(a.BlockID, blocks.CardActionsPrefix)
	}
	if a.ActionID == blocks.ActionRerun {
		b.rerun(ctx, cb, channelID, runID)
		return true
	}
	rec, err := b.authorizedRun(ctx, cb.Team.ID, channelID, runID)
	if err != nil {
		b.refuse(ctx, channelID, cb.User.ID, err)
		return true
	}
	cardTS := cb.Container.MessageTs
	if cardTS == "" {
		cardTS = cb.Message.Timestamp
	}
	switch a.ActionID {
	case blocks.ActionEnergy:
		b.whatIf(ctx, cb, rec, bh.Energy(a.SelectedOption.Value), channelID, cardTS)
	case blocks.ActionDownload:
		b.uploadArtifact(ctx, rec, bh.ArtifactHandoff, channelID, cardTS, cb.User.ID)
	case blocks.ActionTranscript:
		b.uploadArtifact(ctx, rec, bh.ArtifactTranscript, channelID, cardTS, cb.User.ID)
	case blocks.ActionOthers:
		if _, err := b.api.OpenViewContext(ctx, cb.TriggerID, blocks.OthersModal(b.cardInput(rec))); err != nil {
			b.log.Error("bot: open Other plans", "run_id", rec.Run.ID, "err", err)
			b.tell(ctx, channelID, cb.User.ID, "I could not open the other plans; please try again.")
		}
	case blocks.ActionShare:
		if _, err := b.api.OpenViewContext(ctx, cb.TriggerID, blocks.ShareModal(rec.Run.ID, rec.Run.Version)); err != nil {
			b.log.Error("bot: open Share", "run_id", rec.Run.ID, "err", err)
			b.tell(ctx, channelID, cb.User.ID, "I could not open the share form; please try again.")
		}
	}
	return true
}

func (b *Bot) refuse(ctx context.Context, channelID, userID string, err error) {
	if bh.ErrorCode(err) == bh.EINTERNAL {
		b.log.Error("bot: card action", "err", err)
	}
	b.tell(ctx, channelID, userID, bh.ErrorMessage(err))
}

// authorizedRun loads a run a control names, only if the control was used
// in the run's own team and conversation.
func (b *Bot) authorizedRun(ctx context.Context, teamID, channelID, runID string) (bh.RunRecord, error) {
	if runID == "" || len(runID) > 64 {
		return bh.RunRecord{}, bh.Errorf(bh.EINVALID, "That button does not name a plan; nothing was changed.")
	}
	rec, err := b.store.RunRecord(ctx, teamID, runID)
	if err != nil {
		return rec, err
	}
	if channelID != rec.Run.ChannelID {
		return bh.RunRecord{}, bh.Errorf(bh.EFORBIDDEN, "That plan belongs to another conversation; nothing was changed.")
	}
	return rec, nil
}

func (b *Bot) cardInput(rec bh.RunRecord) blocks.CardInput {
	return blocks.CardInput{Run: rec.Run, Decision: rec.Decision, Proposals: rec.Proposals}
}

// whatIf forks the card's run with another energy: a new version from the
// same notes and clock, the card updated in place, and a threaded summary of
// what changed with the diff as a file.
func (b *Bot) whatIf(ctx context.Context, cb slack.InteractionCallback, parent bh.RunRecord, energy bh.Energy, channelID, cardTS string) {
	switch energy {
	case bh.EnergyAuto, bh.EnergyHigh, bh.EnergyMedium, bh.EnergyLow:
	default:
		b.tell(ctx, channelID, cb.User.ID, "That is not an energy level I know; nothing was changed.")
		return
	}
	run := parent.Run
	run.ParentRunID = parent.Run.ID
	run.Change = fmt.Sprintf("energy %s → %s", parent.Run.Energy, energy)
	run.Mode = b.council.Mode()
	run.Energy, run.RequestedBy = energy, cb.User.ID
	run.ID, run.Version, run.CardTS, run.Error = "", 0, "", ""
	pack := parent.Pack
	out, ok := b.runCouncil(ctx, council.Input{Run: run, Pack: &pack}, channelID, cardTS, cb.User.ID, parent.Run.Version)
	if !ok {
		return
	}
	d := council.Diff(council.FromRecord(parent), out)
	art := council.DiffArtifact(d, out.Run)
	if err := b.store.SaveArtifact(ctx, out.Run.TeamID, out.Run.ShiftID, art); err != nil {
		b.log.Error("bot: save diff", "run_id", out.Run.ID, "err", err)
	}
	msg := blocks.DiffReply(d, out.Run.Location(b.loc))
	opts := append(msg.Options(), slack.MsgOptionTS(cardTS))
	if _, _, err := b.api.PostMessageContext(ctx, channelID, opts...); err != nil {
		b.log.Error("bot: post what-if summary", "run_id", out.Run.ID, "err", err)
		return
	}
	b.upload(ctx, cb.Team.ID, art, channelID, cardTS, cb.User.ID)
}

func (b *Bot) uploadArtifact(ctx context.Context, rec bh.RunRecord, kind, channelID, threadTS, userID string) {
	a, ok := rec.Artifact(kind)
	if !ok {
		b.tell(ctx, channelID, userID, "That file is missing from this plan; run `/plan` again.")
		return
	}
	b.upload(ctx, rec.Run.TeamID, a, channelID, threadTS, userID)
}

// upload puts an artifact into a thread through Slack's three-step upload.
// It is recorded first, so a restart in the middle finishes it.
func (b *Bot) upload(ctx context.Context, teamID string, a bh.Artifact, channelID, threadTS, userID string) {
	u, err := b.store.StartUpload(ctx, bh.Upload{TeamID: teamID, RunID: a.RunID, Kind: a.Kind, ChannelID: channelID, ThreadTS: threadTS, UserID: userID})
	if err != nil {
		b.log.Warn("bot: record an upload", "run_id", a.RunID, "err", err)
	}
	b.sendFile(ctx, a, channelID, threadTS, userID)
	if u.ID != "" {
		if err := b.store.FinishUpload(ctx, u.ID); err != nil {
			b.log.Warn("bot: finish an upload", "run_id", a.RunID, "err", err)
		}
	}
}

func (b *Bot) sendFile(ctx context.Context, a bh.Artifact, channelID, threadTS, userID string) {
	_, err := b.api.UploadFileContext(ctx, slack.UploadFileParameters{
		Filename: a.Name, Title: a.Name, Content: a.Content, FileSize: len(a.Content),
		Channel: channelID, ThreadTimestamp: threadTS, SnippetType: "markdown",
	})
	if err != nil {
		b.log.Error("bot: upload file", "file", a.Name, "run_id", a.RunID, "err", err)
		b.tell(ctx, channelID, userID, fmt.Sprintf("I could not upload %s (%s). Please try again.", a.Name, slackErr(err)))
	}
}

// share posts a compact card and handoff.md to a person or a channel.
func (b *Bot) share(ctx context.Context, cb slack.InteractionCallback, runID, target string) {
	run, err := b.store.Run(ctx, cb.Team.ID, runID)
	if err == nil && run.CardChannel == "" {
		err = bh.Errorf(bh.ENOTFOUND, "That plan no longer exists.")
	}
	var rec bh.RunRecord
	if err == nil {
		rec, err = b.authorizedRun(ctx, cb.Team.ID, run.ChannelID, runID)
	}
	if err != nil {
		b.tell(ctx, "", cb.User.ID, "Not shared: "+bh.ErrorMessage(err))
		return
	}
	msg := blocks.SharedCard(b.cardInput(rec), cb.User.ID)
	ch, ts, err := b.api.PostMessageContext(ctx, target, msg.Options()...)
	if err != nil {
		b.log.Info("bot: share failed", "run_id", runID, "err", err)
		b.tell(ctx, "", cb.User.ID, fmt.Sprintf("I could not post there (%s). For a channel, invite me first with /invite @BabyHandoff.", slackErr(err)))
		return
	}
	if a, ok := rec.Artifact(bh.ArtifactHandoff); ok {
		b.upload(ctx, cb.Team.ID, a, ch, ts, cb.User.ID)
	}
	where := "<#" + ch + ">"
	if strings.HasPrefix(target, "U") || strings.HasPrefix(target, "W") {
		where = "<@" + target + ">"
	}
	b.tell(ctx, run.ChannelID, cb.User.ID, fmt.Sprintf("Shared plan v%d with %s.", rec.Run.Version, where))
}

// shareSubmission validates the Share modal in the ack.
func (b *Bot) shareSubmission(req *socketmode.Request, cb slack.InteractionCallback) {
	person, channel := "", ""
	if v := cb.View.State; v != nil {
		person = v.Values[blocks.InputSharePerson][blocks.ActionShareTo].SelectedUser
		channel = v.Values[blocks.InputShareChannel][blocks.ActionShareTo].SelectedConversation
	}
	switch {
	case person == "" && channel == "":
		b.ack(req, slack.NewErrorsViewSubmissionResponse(map[string]string{blocks.InputSharePerson: "Pick a person or a channel."}))
		return
	case person != "" && channel != "":
		b.ack(req, slack.NewErrorsViewSubmissionResponse(map[string]string{blocks.InputShareChannel: "Pick a person or a channel, not both."}))
		return
	}
	target := person + channel
	b.ack(req, nil)
	runID := cb.View.PrivateMetadata
	b.enqueue("share", func(ctx context.Context) { b.share(ctx, cb, runID, target) })
}
