package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/socketmode"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/planfile"
)

// shareStore is what files and sharing need from the store.
type shareStore interface {
	runRecords
	Run(ctx context.Context, teamID, runID string) (bh.Run, error)
	// StartUpload records an upload before it starts, so a restart in the
	// middle finishes it; FinishUpload clears it.
	StartUpload(ctx context.Context, u bh.Upload) (bh.Upload, error)
	FinishUpload(ctx context.Context, id string) error
}

// sharer puts a plan's files (handoff.md, the council's transcript, a
// what-if's diff) into threads, and shares a plan with a person or a
// channel through the Share modal.
type sharer struct {
	b     *Bot
	store shareStore
	links *links
}

// download is the card's Download plan button: handoff.md, the plan as a
// calendar (.ics) and as a picture (.png, shown inline), in its thread.
func (s *sharer) download(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	rec, ok := cardRun(ctx, s.b, s.store, cb, a.Value)
	if !ok {
		return
	}
	files := s.planFiles(ctx, rec, channelOf(cb))
	if len(files) == 0 {
		s.b.tell(ctx, channelOf(cb), cb.User.ID, "This plan's files are missing; run `/plan` again.")
		return
	}
	for _, f := range files {
		s.upload(ctx, rec.Run.TeamID, f, channelOf(cb), messageOf(cb), cb.User.ID)
	}
}

// planFiles are the files a plan goes with, for the readers of the
// conversation where they are posted: its stored handoff.md, then its
// calendar and picture, made from the stored run when asked (they are
// deterministic, so they are not stored), citing its notes as the card
// does (none deleted since, no link its readers cannot open). A file that
// cannot be made is logged and left out.
func (s *sharer) planFiles(ctx context.Context, rec bh.RunRecord, where string) []bh.Artifact {
	links, labels := s.links.citedIn(ctx, rec, where)
	return s.files(ctx, rec, links, labels)
}

// files are rec's stored handoff.md, then its calendar and picture with
// links and labels; a file that cannot be made is logged and left out.
func (s *sharer) files(ctx context.Context, rec bh.RunRecord, links blocks.Links, labels map[string]string) []bh.Artifact {
	var out []bh.Artifact
	if a, ok := rec.Artifact(bh.ArtifactHandoff); ok {
		out = append(out, a)
	}
	for _, kind := range []string{bh.ArtifactCalendar, bh.ArtifactPicture} {
		a, err := s.planFile(rec, kind, links, labels)
		if err != nil {
			s.b.log.WarnContext(ctx, "bot: make a plan file", "run_id", rec.Run.ID, "kind", kind, "err", err)
			continue
		}
		out = append(out, a)
	}
	return out
}

// planFile makes one of a run's calendar or picture, its blocks linked to
// their notes' messages and named by their words.
func (s *sharer) planFile(rec bh.RunRecord, kind string, links blocks.Links, labels map[string]string) (bh.Artifact, error) {
	in := planfile.Input{Run: rec.Run, Plan: rec.Winner(), Links: links, Labels: labels, Now: rec.Run.Now}
	if kind == bh.ArtifactCalendar {
		return planfile.Calendar(in)
	}
	return planfile.Picture(in)
}

// transcript is the card's council.md button.
func (s *sharer) transcript(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	s.artifact(ctx, cb, a.Value, bh.ArtifactTranscript)
}

func (s *sharer) artifact(ctx context.Context, cb slack.InteractionCallback, runID, kind string) {
	rec, ok := cardRun(ctx, s.b, s.store, cb, runID)
	if !ok {
		return
	}
	a, ok := rec.Artifact(kind)
	if !ok {
		s.b.tell(ctx, channelOf(cb), cb.User.ID, "That file is missing from this plan; run `/plan` again.")
		return
	}
	s.upload(ctx, rec.Run.TeamID, a, channelOf(cb), messageOf(cb), cb.User.ID)
}

// upload puts an artifact into a thread through Slack's three-step upload.
// It is recorded first, so a restart in the middle finishes it.
func (s *sharer) upload(ctx context.Context, teamID string, a bh.Artifact, channelID, threadTS, userID string) {
	u, err := s.store.StartUpload(ctx, bh.Upload{TeamID: teamID, RunID: a.RunID, Kind: a.Kind, ChannelID: channelID, ThreadTS: threadTS, UserID: userID})
	if errors.Is(err, bh.ErrFamilyDeleted) {
		// Its plan was deleted meanwhile (delete-my-data): the file is
		// made of the deleted notes, and is not sent.
		s.b.log.InfoContext(ctx, "bot: a file of deleted data not sent", "run_id", a.RunID)
		return
	}
	if err != nil {
		s.b.log.WarnContext(ctx, "bot: record an upload", "run_id", a.RunID, "err", err)
	}
	s.send(ctx, a, channelID, threadTS, userID)
	if u.ID != "" {
		if err := s.store.FinishUpload(ctx, u.ID); err != nil {
			s.b.log.WarnContext(ctx, "bot: finish an upload", "run_id", a.RunID, "err", err)
		}
	}
}

// send uploads a file; a failure is told to the person who asked.
func (s *sharer) send(ctx context.Context, a bh.Artifact, channelID, threadTS, userID string) {
	p := slack.UploadFileParameters{Filename: a.Name, Title: a.Name, Content: a.Content, FileSize: len(a.Content),
		Channel: channelID, ThreadTimestamp: threadTS}
	if strings.HasSuffix(a.Name, ".md") {
		p.SnippetType = "markdown"
	}
	_, err := s.b.api.UploadFileContext(ctx, p)
	if err != nil {
		s.b.log.ErrorContext(ctx, "bot: upload file", "file", a.Name, "run_id", a.RunID, "err", err)
		s.b.tell(ctx, channelID, userID, fmt.Sprintf("I could not upload %s (%s)%s. Please try again.", a.Name, slackErr(err), bh.Ref(ctx)))
	}
}

// open is the card's Share button: the Share modal.
func (s *sharer) open(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction) {
	rec, ok := cardRun(ctx, s.b, s.store, cb, a.Value)
	if !ok {
		return
	}
	if _, err := s.b.api.OpenViewContext(ctx, cb.TriggerID, blocks.ShareModal(rec.Run.ID, rec.Run.Version)); err != nil {
		s.b.log.ErrorContext(ctx, "bot: open Share", "run_id", rec.Run.ID, "err", err)
		s.b.tell(ctx, channelOf(cb), cb.User.ID, "I could not open the share form"+bh.Ref(ctx)+"; please try again.")
	}
}

// submit validates the Share modal in the ack, then shares.
func (s *sharer) submit(req *socketmode.Request, cb slack.InteractionCallback) {
	person, channel := "", ""
	if v := cb.View.State; v != nil {
		person = v.Values[blocks.InputSharePerson][blocks.ActionShareTo].SelectedUser
		channel = v.Values[blocks.InputShareChannel][blocks.ActionShareTo].SelectedConversation
	}
	switch {
	case person == "" && channel == "":
		s.b.ack(req, slack.NewErrorsViewSubmissionResponse(map[string]string{blocks.InputSharePerson: "Pick a person or a channel."}))
		return
	case person != "" && channel != "":
		s.b.ack(req, slack.NewErrorsViewSubmissionResponse(map[string]string{blocks.InputShareChannel: "Pick a person or a channel, not both."}))
		return
	}
	target := person + channel
	s.b.ack(req, nil)
	runID := cb.View.PrivateMetadata
	s.b.enqueue(cb.Team.ID, "share", func(ctx context.Context) { s.share(ctx, cb, runID, target) })
}

// share posts a compact card and handoff.md to a person or a channel.
func (s *sharer) share(ctx context.Context, cb slack.InteractionCallback, runID, target string) {
	b := s.b
	run, err := s.store.Run(ctx, cb.Team.ID, runID)
	if err == nil && run.CardChannel == "" {
		err = bh.Errorf(bh.ENOTFOUND, "That plan no longer exists.")
	}
	var rec bh.RunRecord
	if err == nil {
		rec, err = authorizedRun(ctx, s.store, cb.Team.ID, run.ChannelID, runID)
	}
	if err != nil {
		b.tell(ctx, "", cb.User.ID, "Not shared: "+bh.ErrorText(ctx, err))
		return
	}
	in := cardInput(rec)
	// Read in a person's DM on their clock, in a channel on the family's.
	toPerson := strings.HasPrefix(target, "U") || strings.HasPrefix(target, "W")
	reader := ""
	if toPerson {
		reader = target
	}
	in.Run.Clock = b.clockIn(ctx, target, reader, rec.Run.Location(b.cfg.Location))
	msg := blocks.SharedCard(in, cb.User.ID)
	ch, ts, err := b.api.PostMessageContext(ctx, target, msg.Options()...)
	if err != nil {
		b.log.InfoContext(ctx, "bot: share failed", "run_id", runID, "err", err)
		b.tell(ctx, "", cb.User.ID, fmt.Sprintf("I could not post there (%s)%s. For a channel, invite me first with /invite @BabyHandoff.", slackErr(err), bh.Ref(ctx)))
		return
	}
	for _, f := range s.planFiles(ctx, rec, ch) {
		s.upload(ctx, cb.Team.ID, f, ch, ts, cb.User.ID)
	}
	where := "<#" + ch + ">"
	if toPerson {
		where = "<@" + target + ">"
	}
	b.tell(ctx, run.ChannelID, cb.User.ID, fmt.Sprintf("Shared plan v%d with %s.", rec.Run.Version, where))
}
