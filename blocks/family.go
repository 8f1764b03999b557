package blocks

import (
	"fmt"
	"strings"

	"github.com/slack-go/slack"
)

// Families: the invite to share a family's list (Join / Not now) and App
// Home's family section (Add your partner, Leave this family).
const (
	// ActionFamilyAdd is App Home's user picker: the person chosen is asked
	// to join.
	ActionFamilyAdd = "family_add"
	// ActionFamilyJoin and ActionFamilyNotNow answer an invite; their
	// value is the invite's id.
	ActionFamilyJoin   = "family_join"
	ActionFamilyNotNow = "family_not_now"
	// ActionFamilyLeave is App Home's Leave this family.
	ActionFamilyLeave = "family_leave"
	// ActionFamilyJoinTake is "Join Maya's family and take it", offered
	// when someone outside the family taps Got it with an invite open: Join,
	// then Got it. Its value is JoinTakeValue.
	ActionFamilyJoinTake = "family_join_take"
	// BlockFamily is App Home's family section; BlockFamilyInvite the
	// invite's buttons.
	BlockFamily       = "home_family"
	BlockFamilyInvite = "family_invite"
)

// InviteInput is what an invite to join a family says.
type InviteInput struct {
	// ID is the invite's id (the buttons' value); From names who asks.
	ID   string
	From string
	// Moving is how many open items of the person's own list would move
	// to the family's list on Join (0: none, nothing said).
	Moving int
	// Handoff says a handoff came with it.
	Handoff bool
}

// InviteMessage asks a person to share someone's family list, with Join
// and Not now.
func InviteMessage(in InviteInput) Message {
	from := in.From
	if from == "" {
		from = "Someone"
	}
	lines := []string{fmt.Sprintf("👪 *%s asked you to share their family's list*: notes, plans, the radar and who is on duty, one list for all of you.", Escape(from))}
	if in.Handoff {
		lines = append(lines, "They are also handing off to you: tap *Join*, then *Got it* on the handoff.")
	}
	switch in.Moving {
	case 0:
	case 1:
		lines = append(lines, "Your 1 open item moves to the family's list when you join; your closed notes stay in your own history.")
	default:
		lines = append(lines, fmt.Sprintf("Your %d open items move to the family's list when you join; your closed notes stay in your own history.", in.Moving))
	}
	text := strings.Join(lines, "\n")
	return Message{Text: from + " asked you to share their family's list", Blocks: []slack.Block{
		section(Fit(text, MaxSectionText)),
		slack.NewActionBlock(BlockFamilyInvite,
			slack.NewButtonBlockElement(ActionFamilyJoin, in.ID, plain("Join", MaxButtonText)).WithStyle(slack.StylePrimary),
			slack.NewButtonBlockElement(ActionFamilyNotNow, in.ID, plain("Not now", MaxButtonText)),
		),
	}}
}

// InviteAnswered is the invite once answered: its words, without buttons.
func InviteAnswered(in InviteInput, answer string) Message {
	m := InviteMessage(in)
	m.Blocks = append(m.Blocks[:1], slack.NewContextBlock("", mrkdwn(Escape(answer))))
	return m
}

// HomeFamily is App Home's family section: who shares the viewer's list.
type HomeFamily struct {
	// Members are the family's people (user ids), the viewer among them.
	Members []string
}

// homeFamily is the family section: its people, Add your partner and
// Leave this family.
func homeFamily(f *HomeFamily, viewer string) []slack.Block {
	var others []string
	for _, m := range f.Members {
		if m != viewer {
			others = append(others, "<@"+m+">")
		}
	}
	text := "*Family* · just you: *Add your partner* to share one list (notes, plans, the radar, who is on duty)."
	if len(others) > 0 {
		text = "*Family* · you and " + strings.Join(others, ", ") + " share this list."
	}
	sec := section(Fit(text, MaxSectionText))
	sec.BlockID = BlockFamily
	pick := slack.NewOptionsSelectBlockElement(slack.OptTypeUser, plain("Add your partner…", 150), ActionFamilyAdd)
	sec.Accessory = slack.NewAccessory(pick)
	out := []slack.Block{sec}
	if len(others) > 0 {
		out = append(out, slack.NewActionBlock(BlockFamily+"_actions",
			slack.NewButtonBlockElement(ActionFamilyLeave, "leave", plain("Leave this family", MaxButtonText))))
	}
	return out
}

// JoinTakeValue is the value of "Join … and take it": the invite, then
// the handoff.
func JoinTakeValue(inviteID, handoffID string) string { return inviteID + ":" + handoffID }

// ParseJoinTake reads JoinTakeValue back.
func ParseJoinTake(v string) (inviteID, handoffID string, ok bool) {
	inviteID, handoffID, ok = strings.Cut(v, ":")
	return inviteID, handoffID, ok && inviteID != "" && handoffID != ""
}

// NotInFamily refuses a Got it from someone outside the handoff's family
// (privately): nothing changed. With an open invite (inviteID) it offers
// to join from (the family of from, by name) and take the handoff at once.
func NotInFamily(from, inviteID, handoffID string) Message {
	if from == "" {
		from = "the sender"
	}
	text := fmt.Sprintf("You are not in %s's family's list yet, and only its members take its handoffs; nothing was changed.", Escape(from))
	if inviteID == "" {
		text += fmt.Sprintf(" Ask %s to add you with *Add your partner* on my Home tab.", Escape(from))
		return Notice(text)
	}
	text += " Join it and take the handoff in one tap:"
	return Message{Text: text, Blocks: []slack.Block{
		section(Fit(text, MaxSectionText)),
		slack.NewActionBlock(BlockFamilyInvite,
			slack.NewButtonBlockElement(ActionFamilyJoinTake, JoinTakeValue(inviteID, handoffID),
				plain(fmt.Sprintf("Join %s's family and take it", from), MaxButtonText)).WithStyle(slack.StylePrimary),
		),
	}}
}
