package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/socketmode"

	"github.com/babyhandoff/babyhandoff/blocks"
)

// action handles one button or menu of a block_actions payload.
type action func(ctx context.Context, cb slack.InteractionCallback, a *slack.BlockAction)

// routes is the one table from what Slack sends to the handler that
// answers it. Adding a button: a constant in blocks, a handler method, and
// one line in newRoutes.
type routes struct {
	// Events API callbacks are few and typed; they are routed in eventsAPI.
	capture *capture
	home    *home

	commands map[string]func(ctx context.Context, cmd slack.SlashCommand)
	// actions by action_id; prefixed for ids that carry a value after a
	// fixed prefix (a tag, a snooze length).
	actions  map[string]action
	prefixed []prefixRoute
	// shortcuts (global) and messageShortcuts by callback_id.
	shortcuts        map[string]func(ctx context.Context, cb slack.InteractionCallback)
	messageShortcuts map[string]func(ctx context.Context, cb slack.InteractionCallback)
	// submissions by the modal's callback_id. They run on the reader, not a
	// worker: Slack takes validation errors only in the ack.
	submissions map[string]func(req *socketmode.Request, cb slack.InteractionCallback)
}

type prefixRoute struct {
	prefix string
	handle action
}

func newRoutes(c *capture, n *noteButtons, m *modals, p *planner, cd *cards, s *sharer, r *radarHandler, h *home, ho *handoffs, f *families, td *teamData) routes {
	return routes{
		capture: c,
		home:    h,
		commands: map[string]func(context.Context, slack.SlashCommand){
			"/plan":    p.command,
			"/radar":   r.command,
			"/handoff": ho.command,
			// delete-my-data, and a help answer.
			"/babyhandoff": td.command,
		},
		actions: map[string]action{
			// The capture reply.
			blocks.ActionUndo:       n.undo,
			blocks.ActionRestore:    n.restore,
			blocks.ActionNoteDone:   n.done,
			blocks.ActionNoteReopen: n.reopen,
			// The Decision Card.
			blocks.ActionEnergy:   cd.energy,
			blocks.ActionOthers:   cd.others,
			blocks.ActionRerun:    cd.rerun,
			blocks.ActionCardMore: cd.more,
			blocks.ActionMarkDone: cd.openMarkDone,
			// Editing the plan (Edit plan…, Undo, Versions…).
			blocks.ActionEditBlock:  cd.editBlock,
			blocks.ActionEditMoveTo: cd.editMoveTo,
			blocks.ActionEditDrop:   cd.editDrop,
			blocks.ActionEditAdd:    cd.editAdd,
			blocks.ActionCardAdd:    cd.cardAdd,
			blocks.ActionEditUndo:   cd.undo,
			blocks.ActionUseVersion: cd.useVersion,
			// A time block's ⋯ (the card, a handoff message).
			blocks.ActionBlockMenu: cd.blockMenu,
			// What if… (in Why this plan?).
			blocks.ActionWhatIfStart: cd.whatIfStart,
			blocks.ActionWhatIfHours: cd.whatIfHours,
			blocks.ActionWhatIfQuiet: cd.whatIfQuiet,
			blocks.ActionWhatIfOnly:  cd.whatIfOnly,
			blocks.ActionWhatIfNote:  cd.whatIfNote,
			// Buttons and checkboxes of cards posted before ⋯ and Mark
			// done…: those cards stay in conversations.
			blocks.ActionDownload:   s.download,
			blocks.ActionTranscript: s.transcript,
			blocks.ActionShare:      s.open,
			blocks.ActionCardCheck:  cd.check,
			blocks.ActionCardClaim:  cd.claim,
			// App Home.
			blocks.ActionAddNote:     m.openFromButton,
			blocks.ActionPlanNow:     h.planNow,
			blocks.ActionLoadSample:  h.planSample,
			blocks.ActionClearSample: h.clearSample,
			// The Risk Radar (in conversations and App Home).
			blocks.ActionRadarDone:    r.done,
			blocks.ActionRadarUndone:  r.undone,
			blocks.ActionRadarPlan:    r.plan,
			blocks.ActionRadarOutlook: r.outlook,
			blocks.ActionRadarQuiet:   r.quiet,
			blocks.ActionOverdue:      r.overdue,
			// Health notes, wherever they are listed.
			blocks.ActionHealthResolved: r.resolved,
			blocks.ActionHealthConcern:  r.concern,
			// Handing off (card, App Home, the receiver's message).
			blocks.ActionHandoffOpen:   ho.open,
			blocks.ActionHandoffGotIt:  ho.gotIt,
			blocks.ActionHandoffAsk:    ho.ask,
			blocks.ActionHandoffDone:   ho.done,
			blocks.ActionHandoffUndone: ho.done,
			blocks.ActionDutyTake:      ho.take,

			blocks.ActionFamilyAdd:    f.add,
			blocks.ActionFamilyJoin:   f.join,
			blocks.ActionFamilyNotNow: f.notNow,
			blocks.ActionFamilyLeave:  f.leave,
			// "Join … and take it", on a Got it refused to someone outside.
			blocks.ActionFamilyJoinTake: ho.joinAndTake,
			// /babyhandoff delete-my-data's question.
			blocks.ActionDeleteDataConfirm: td.confirm,
			blocks.ActionDeleteDataCancel:  td.cancel,
		},
		prefixed: []prefixRoute{
			{blocks.ActionChipPrefix, n.retag},
			{blocks.ActionRadarSnooze, r.snooze},
			// Move…'s buttons: 30 min earlier, later, swap with next.
			{blocks.ActionMovePrefix, cd.editMoveBy},
		},
		shortcuts: map[string]func(context.Context, slack.InteractionCallback){
			blocks.CallbackAddNote: m.open,
		},
		messageShortcuts: map[string]func(context.Context, slack.InteractionCallback){
			blocks.CallbackSaveNote: m.saveAsNote,
		},
		submissions: map[string]func(*socketmode.Request, slack.InteractionCallback){
			blocks.CallbackAddNote:    m.submit,
			blocks.CallbackShare:      s.submit,
			blocks.CallbackMarkDone:   cd.markDone,
			blocks.CallbackHandoff:    ho.submit,
			blocks.CallbackHandoffAsk: ho.askSubmit,
		},
	}
}

// command answers a slash command; one this version does not have is
// answered, not ignored.
func (r routes) command(ctx context.Context, b *Bot, cmd slack.SlashCommand) {
	if h, ok := r.commands[cmd.Command]; ok {
		h(ctx, cmd)
		return
	}
	b.tell(ctx, cmd.ChannelID, cmd.UserID, fmt.Sprintf("`%s` is not available in this version yet. Send me notes as messages, and `/plan` when you want a plan.", blocks.Escape(cmd.Command)))
}

// blockActions answers each action of a block_actions payload.
func (r routes) blockActions(ctx context.Context, b *Bot, cb slack.InteractionCallback) {
	for _, a := range cb.ActionCallback.BlockActions {
		if a == nil {
			continue
		}
		if h := r.action(a.ActionID); h != nil {
			h(ctx, cb, a)
			continue
		}
		// A button of ours from an older version, or a forged one.
		b.log.DebugContext(ctx, "bot: unknown action", "action_id", a.ActionID)
		b.tell(ctx, channelOf(cb), cb.User.ID, "That button is not one I know (perhaps from an older message); nothing was changed.")
	}
}

func (r routes) action(id string) action {
	if h, ok := r.actions[id]; ok {
		return h
	}
	for _, p := range r.prefixed {
		if strings.HasPrefix(id, p.prefix) {
			return p.handle
		}
	}
	return nil
}

// submission validates a modal in its ack; an unknown modal is just acked.
func (r routes) submission(b *Bot, req *socketmode.Request, cb slack.InteractionCallback) {
	if h, ok := r.submissions[cb.View.CallbackID]; ok {
		h(req, cb)
		return
	}
	b.ack(req, nil)
}
