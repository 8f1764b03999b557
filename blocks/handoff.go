package blocks

// This file: handing a conversation's shift to someone — the form, the
// message the receiver reads, the sender's thread, and who is on duty.

import (
	"fmt"
	"strings"
	"time"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
)

// Hand off ids: the form's callback and inputs, the buttons.
const (
	CallbackHandoff      = "handoff"
	InputHandoffTo       = "handoff_to"
	InputHandoffEveryone = "handoff_everyone"
	InputHandoffPost     = "handoff_post"
	InputHandoffFrom     = "handoff_from"
	InputHandoffHours    = "handoff_hours"
	InputHandoffMessage  = "handoff_message"
	InputHandoffPlan     = "handoff_plan"
	ActionHandoffField   = "value" // every input's one element
	ActionHandoffOpen    = "handoff_open"
	ActionHandoffGotIt   = "handoff_got_it"
	ActionHandoffAsk     = "handoff_ask"
	ActionHandoffDone    = "handoff_done"
	ActionHandoffUndone  = "handoff_undone"
	ActionDutyTake       = "duty_take"
	CallbackHandoffAsk   = "handoff_ask"
	InputHandoffQuestion = "handoff_question"
	// HandoffActionsPrefix + handoff id is a handoff message's row of
	// buttons.
	HandoffActionsPrefix  = "handoff_actions:"
	handoffEveryoneOption = "everyone"
	handoffPlanOption     = "plan"
)

// MaxHandoffMessage bounds the sender's message, so the handoff still fits
// one phone screen with the plan.
const MaxHandoffMessage = 200

// HandoffHours are the lengths the form offers.
var HandoffHours = []int{2, 4, 6, 8, 10, 12, 16, 24}

// HandoffForm is what the Hand off form opens with.
type HandoffForm struct {
	// ChannelID is the conversation handed off; RunID the plan to send
	// ("" for the latest). Both travel in the form's private metadata.
	ChannelID string
	RunID     string
	// Channel offers "everyone in this channel" (a family channel).
	Channel bool
	To      []string
	From    string // as typed: "now", "7pm", "tomorrow 7am"
	Hours   int
}

// HandoffMetadata is the form's private metadata: the conversation and
// the plan.
func HandoffMetadata(channelID, runID string) string { return channelID + "|" + runID }

// ParseHandoffMetadata reads HandoffMetadata back.
func ParseHandoffMetadata(s string) (channelID, runID string) {
	channelID, runID, _ = strings.Cut(s, "|")
	return channelID, runID
}

// HandoffModal is the Hand off form: to whom (people, or everyone in this
// channel, or a channel to post in), from when, for how long, a personal
// message, and whether the plan goes with it (on by default).
func HandoffModal(f HandoffForm) slack.ModalViewRequest {
	if f.Hours <= 0 {
		f.Hours = 12
	}
	if f.From == "" {
		f.From = "now"
	}
	to := slack.NewOptionsMultiSelectBlockElement(slack.MultiOptTypeUser, plain("Your partner, a helper…", 150), ActionHandoffField)
	to.InitialUsers = f.To
	toIn := slack.NewInputBlock(InputHandoffTo, plain("To", 2000), plain("They get it in their DM with me; they need not have used BabyHandoff.", 2000), to)
	toIn.Optional = true
	bl := []slack.Block{section("Hand this conversation to someone: they get what to do now, the next hours and your message, with *Got it*."), toIn}
	if f.Channel {
		all := slack.NewCheckboxGroupsBlockElement(ActionHandoffField,
			slack.NewOptionBlockObject(handoffEveryoneOption, mrkdwn("Everyone in this channel"), mrkdwn("A message here mentioning the channel; the first *Got it* takes it.")))
		in := slack.NewInputBlock(InputHandoffEveryone, plain("Or", 2000), nil, all)
		in.Optional = true
		bl = append(bl, in)
	}
	post := slack.NewOptionsSelectBlockElement(slack.OptTypeConversations, plain("A family channel", 150), ActionHandoffField)
	post.Filter = &slack.SelectBlockElementFilter{Include: []string{"public", "private"}}
	postIn := slack.NewInputBlock(InputHandoffPost, plain("Post in a channel instead of DMs", 2000), plain("The people above are mentioned there. Invite me to the channel first.", 2000), post)
	postIn.Optional = true
	from := slack.NewPlainTextInputBlockElement(plain("now, 7pm, tomorrow 7am", 150), ActionHandoffField)
	from.InitialValue = f.From
	hours := make([]*slack.OptionBlockObject, 0, len(HandoffHours))
	var initial *slack.OptionBlockObject
	for _, h := range HandoffHours {
		o := slack.NewOptionBlockObject(fmt.Sprint(h), plain(fmt.Sprintf("%d hours", h), MaxOptionText), nil)
		if h == f.Hours {
			initial = o
		}
		hours = append(hours, o)
	}
	if initial == nil {
		initial = slack.NewOptionBlockObject(fmt.Sprint(f.Hours), plain(fmt.Sprintf("%d hours", f.Hours), MaxOptionText), nil)
		hours = append(hours, initial)
	}
	length := slack.NewOptionsSelectBlockElement(slack.OptTypeStatic, plain("How long", 150), ActionHandoffField, hours...)
	length.InitialOption = initial
	msg := slack.NewPlainTextInputBlockElement(plain("Bottle in the fridge; she fell asleep at 9.", 150), ActionHandoffField)
	msg.Multiline = true
	msg.MaxLength = MaxHandoffMessage
	msgIn := slack.NewInputBlock(InputHandoffMessage, plain("A message from you", 2000), plain("A few lines: it shares their phone screen with the plan.", 2000), msg)
	msgIn.Optional = true
	planOpt := slack.NewOptionBlockObject(handoffPlanOption, mrkdwn("Include the plan"), mrkdwn("What to do now, the next hours, what runs low, and handoff.md."))
	withPlan := slack.NewCheckboxGroupsBlockElement(ActionHandoffField, planOpt)
	withPlan.InitialOptions = []*slack.OptionBlockObject{planOpt}
	planIn := slack.NewInputBlock(InputHandoffPlan, plain("The plan", 2000), nil, withPlan)
	planIn.Optional = true
	bl = append(bl, postIn,
		slack.NewInputBlock(InputHandoffFrom, plain("From", 2000), plain("On this conversation's clock.", 2000), from),
		slack.NewInputBlock(InputHandoffHours, plain("For", 2000), nil, length),
		msgIn, planIn)
	return slack.ModalViewRequest{Type: slack.VTModal, CallbackID: CallbackHandoff, PrivateMetadata: HandoffMetadata(f.ChannelID, f.RunID),
		Title: plain("Hand off", MaxModalTitle), Submit: plain("Hand off", 24), Close: plain("Cancel", 24),
		Blocks: slack.Blocks{BlockSet: bl}}
}

// HandoffAnswers are the form's answers as Slack sends them.
type HandoffAnswers struct {
	To       []string
	Everyone bool
	Post     string
	From     string
	Hours    int
	Message  string
	Plan     bool
}

// ReadHandoffForm reads the form's submitted state.
func ReadHandoffForm(st *slack.ViewState) HandoffAnswers {
	var a HandoffAnswers
	if st == nil {
		return a
	}
	v := func(block string) slack.BlockAction { return st.Values[block][ActionHandoffField] }
	a.To = v(InputHandoffTo).SelectedUsers
	for _, o := range v(InputHandoffEveryone).SelectedOptions {
		a.Everyone = a.Everyone || o.Value == handoffEveryoneOption
	}
	a.Post = v(InputHandoffPost).SelectedConversation
	a.From = strings.TrimSpace(v(InputHandoffFrom).Value)
	fmt.Sscan(v(InputHandoffHours).SelectedOption.Value, &a.Hours)
	a.Message = strings.TrimSpace(v(InputHandoffMessage).Value)
	for _, o := range v(InputHandoffPlan).SelectedOptions {
		a.Plan = a.Plan || o.Value == handoffPlanOption
	}
	return a
}

// HandoffView is one receiver's handoff message.
type HandoffView struct {
	Handoff bh.Handoff
	// Receiver is who reads it: a user id, or "" for a channel post.
	Receiver string
	// SenderName names the sender on buttons ("Ask Maya"); "" says "Ask".
	SenderName string
	// Plan is the plan sent with it (nil without one); Done marks what is
	// done since. Run is the run whose plan it is: its time blocks get
	// their ⋯ (zero: plain lines).
	Plan *bh.Proposal
	Run  bh.Run
	// Undo shows Undo a moment after an edit of Run, as the card does.
	Undo bool
	Done map[string]bool
	// Claims are who said "I'll do it", by note id.
	Claims map[string]string
	// Health are the family's health notes, open ones first, then those
	// resolved since the handoff, read from the notes (not from the plan,
	// which may be older or absent); Mood says one is about the parent's
	// own mood. They open the message, whatever else it must leave out.
	Health []HealthEntry
	Mood   bool
	// FirstTime adds one line saying what BabyHandoff is for.
	FirstTime bool
	Location  *time.Location
	// Clock is how the receiver reads times in the notification text.
	Clock bh.Clock
	Now   time.Time
}

// maxHandoffNext bounds the next blocks a handoff shows: it must fit a
// phone screen; handoff.md has the rest.
const maxHandoffNext = 4

// firstTimeLine tells a first-time receiver what BabyHandoff is for.
const firstTimeLine = "BabyHandoff keeps your family's notes and plans: send me quick notes here, tap Done when a thing is done."

// HandoffMessage is what a receiver reads: who handed off, from and until
// when, what to do now (what is out or overdue) with Done, the next
// blocks, what runs low, the sender's message; Got it and Ask.
func HandoffMessage(v HandoffView) Message {
	h, l := v.Handoff, v.Location
	if l == nil {
		l = time.UTC
	}
	you := "you"
	if v.Receiver == "" {
		// A post in a family channel: the people named, or everyone
		// active there (@here, the bot's own mention, meant to notify).
		you = "<!here>"
		if len(h.To) > 0 {
			you = mentions(h.To)
		}
	}
	span := "until " + WhenOn(h.End(), l, DayTime, v.Clock)
	plainSpan := "until " + Plain(h.End(), l, v.Clock, DayTime)
	if h.Start.Sub(v.Now) > 5*time.Minute {
		span = "from " + WhenOn(h.Start, l, DayTime, v.Clock) + " " + span
		plainSpan = "from " + Plain(h.Start, l, v.Clock, DayTime) + " " + plainSpan
	}
	head := fmt.Sprintf("🤝 *<@%s> handed off to %s* at %s, %s", h.From, you, WhenOn(h.CreatedAt, l, Clock, v.Clock), span)
	text := fmt.Sprintf("<@%s> handed off to %s, %s", h.From, you, plainSpan)
	if h.Taken() {
		head = fmt.Sprintf("✅ *<@%s> has it* from %s, until %s · handed off by <@%s>", h.GotBy, WhenOn(h.GotAt, l, Clock, v.Clock), WhenOn(h.End(), l, DayTime, v.Clock), h.From)
	}
	// What fits one phone screen: fewer next blocks, then fewer running-low
	// lines, then fewer do-now items, each list saying how many more
	// handoff.md (in the thread) has.
	f := handoffFit{now: maxNow, next: maxHandoffNext, low: maxHandoffLow, health: len(v.Health) > 0}
	// Undo of a Resolved is in its private confirmation.
	resolve := healthControl(v.Health, ActionHandoffDone, func(id string) string { return HandoffDoneValue(h.ID, id) })
	healthBlock := "handoff_health:" + h.ID
	build := func() []slack.Block {
		bl := []slack.Block{section(head)}
		if list := healthList(v.Health, v.Mood, maxHandoffHealth, "…and %d more in handoff.md"); list != "" {
			sec := section(list)
			if resolve != nil && !f.resolveBelow {
				sec.BlockID, sec.Accessory = healthBlock, slack.NewAccessory(resolve)
			}
			bl = append(bl, sec)
			if resolve != nil && f.resolveBelow {
				bl = append(bl, slack.NewActionBlock(healthBlock, resolve))
			}
		}
		if p := v.Plan; p != nil {
			gaveWay := f.next == 0 && f.low == 0
			bl = append(bl, handoffNow(v, p, f.now, !gaveWay)...)
			if gaveWay {
				// Given way to the health notes: one line says where the rest is.
				rest := "The next hours and what runs low: handoff.md in the thread."
				if more := len(p.Now) - f.now; more > 0 {
					rest = fmt.Sprintf("%d more to do now, the next hours and what runs low: handoff.md in the thread.", more)
				}
				bl = append(bl, slack.NewContextBlock("", mrkdwn(rest)))
			} else {
				bl = append(bl, handoffNext(v, p, f.next)...)
				if low := itemLines(p.RunningLow, f.low, v.Now, l, v.Clock); low != "" {
					bl = append(bl, section("*Running low*\n"+low))
				}
			}
		}
		if h.Message != "" {
			bl = append(bl, section(fmt.Sprintf("💬 <@%s>: %s", h.From, Echo(h.Message, MaxHandoffMessage))))
		}
		return append(bl, handoffControls(v, h)...)
	}
	bl := build()
	for Height(bl) > FirstScreen && f.shrink() {
		bl = build()
	}
	if ht := HealthText(v.Health); ht != "" {
		text += " · " + ht
	}
	return Message{Text: text, Blocks: bl}
}

// maxHandoffHealth bounds the health notes a handoff lists (open ones
// first); handoff.md has them all. Nothing else is kept in their place: the
// plan's lines make room for them.
const maxHandoffHealth = 6

// handoffFit is how much of each list a handoff message shows.
type handoffFit struct {
	now, next, low int
	// resolveBelow puts the health notes' Resolved in a row under them,
	// so their words take the screen's whole width.
	resolveBelow bool
	// health: the message lists health notes, and the plan's lists give
	// way to them entirely if need be.
	health bool
}

// shrink drops one line, from the least urgent list first; false when
// nothing more can go (one of each stays, unless health notes need the
// room; every health note stays).
func (f *handoffFit) shrink() bool {
	switch {
	case f.next > 1:
		f.next--
	case !f.resolveBelow:
		f.resolveBelow = true
	case f.low > 1:
		f.low--
	case f.now > 1:
		f.now--
	case f.health && f.next > 0:
		// Health notes are never cut: the plan's lines go to handoff.md.
		f.next--
	case f.health && f.low > 0:
		f.low--
	default:
		return false
	}
	return true
}

// maxHandoffLow bounds the running-low lines of a handoff.
const maxHandoffLow = 4

// handoffControls are Got it (until someone has it), Ask, and the
// first-time line.
func handoffControls(v HandoffView, h bh.Handoff) []slack.Block {
	var bl []slack.Block
	var buttons []slack.BlockElement
	if !h.Taken() {
		got := slack.NewButtonBlockElement(ActionHandoffGotIt, h.ID, plain("Got it", MaxButtonText)).WithStyle(slack.StylePrimary)
		buttons = append(buttons, got)
	}
	ask := "Ask"
	if v.SenderName != "" {
		ask = "Ask " + v.SenderName
	}
	buttons = append(buttons, slack.NewButtonBlockElement(ActionHandoffAsk, h.ID, plain(ask, MaxButtonText)))
	if v.Undo && v.Run.Edit != nil {
		// The card's Undo; its block names the handoff to show it in.
		buttons = append(buttons, slack.NewButtonBlockElement(ActionEditUndo, v.Run.ID, plain("Undo", MaxButtonText)))
	}
	bl = append(bl, slack.NewActionBlock(HandoffActionsPrefix+h.ID, buttons...))
	if v.FirstTime {
		bl = append(bl, slack.NewContextBlock("handoff_first_time", mrkdwn(firstTimeLine)))
	}
	return bl
}

// handoffNow is what to do now, each with its Done: what the radar calls
// critical, the plan's Now; more says whether a cut list ends with how
// many more there are (else the caller says it).
func handoffNow(v HandoffView, p *bh.Proposal, n int, more bool) []slack.Block {
	if len(p.Now) == 0 {
		return nil
	}
	var bl []slack.Block
	for i, it := range p.Now {
		if i == n {
			if more {
				bl = append(bl, slack.NewContextBlock("", mrkdwn(fmt.Sprintf("…and %d more in handoff.md", len(p.Now)-i))))
			}
			break
		}
		head := ""
		if i == 0 {
			head = "🔴 *Do now*\n"
		}
		text := StampedOn(it.Text, it.Stamps, 200, v.Now, v.Location, v.Clock) + claimedBy(v.Claims, it.NoteIDs)
		if len(it.NoteIDs) == 0 {
			bl = append(bl, section(head+text))
			continue
		}
		id := it.NoteIDs[0]
		sec := section(head + text)
		if v.Done[id] {
			sec = section(head + "✅ ~" + text + "~")
			sec.Accessory = slack.NewAccessory(slack.NewButtonBlockElement(ActionHandoffUndone, HandoffDoneValue(v.Handoff.ID, id), plain("Undo", MaxButtonText)))
		} else {
			sec.Accessory = slack.NewAccessory(slack.NewButtonBlockElement(ActionHandoffDone, HandoffDoneValue(v.Handoff.ID, id), plain("Done", MaxButtonText)))
		}
		bl = append(bl, sec)
	}
	return bl
}

// handoffNext is the plan's first n time blocks under "Next", each an
// edit may change with its ⋯ (blockMenu), as on the card: Done for a
// block from one note that Do now does not list with its own, Move…,
// Shorter, Longer, Drop. Commitments and the night run together.
func handoffNext(v HandoffView, p *bh.Proposal, n int) []slack.Block {
	l := cmpLoc(v.Location)
	if v.Run.ID == "" {
		lines := claimedLines(*p, l, n, v.Claims, v.Now, v.Clock)
		if len(lines) == 0 {
			return nil
		}
		return []slack.Block{section("*Next*\n" + strings.Join(lines, "\n"))}
	}
	inNow := map[string]bool{}
	for _, it := range p.Now {
		if len(it.NoteIDs) > 0 {
			inNow[it.NoteIDs[0]] = true
		}
	}
	var bl []slack.Block
	var run []string
	flush := func() {
		if len(run) > 0 {
			bl = append(bl, section(strings.Join(run, "\n")))
			run = nil
		}
	}
	for i, b := range p.Blocks {
		if i == n {
			flush()
			bl = append(bl, slack.NewContextBlock("", mrkdwn(fmt.Sprintf("…and %d more in handoff.md", len(p.Blocks)-n))))
			break
		}
		line, head := blockLine(b, l, v.Claims, v.Now, v.Clock), ""
		if i == 0 {
			head = "*Next*\n"
		}
		if !EditableBlock(v.Run, b) {
			run = append(run, head+line)
			continue
		}
		id, withDone := BlockNote(b)
		withDone = withDone && !inNow[id]
		done := withDone && v.Done[id]
		if withDone {
			inNow[id] = true // one Done per note
		}
		if done {
			line = "✅ ~" + line + "~"
		}
		flush()
		sec := section(head + line)
		sec.BlockID = HandoffBlockID(v.Handoff.ID, v.Run.ID, i)
		sec.Accessory = slack.NewAccessory(blockMenu(withDone, done))
		bl = append(bl, sec)
	}
	flush()
	return bl
}

// HandoffDoneValue is a handoff's Done button value: the handoff and the
// note, so a Done from a receiver's DM is checked against the handoff.
func HandoffDoneValue(handoffID, noteID string) string { return handoffID + ":" + noteID }

// ParseHandoffDone reads HandoffDoneValue back.
func ParseHandoffDone(v string) (handoffID, noteID string, ok bool) {
	return strings.Cut(v, ":")
}

// itemLines lists items' texts, at most n, for a message made at now
// and read on the clock c.
func itemLines(items []bh.Item, n int, now time.Time, l *time.Location, c bh.Clock) string {
	var lines []string
	for i, it := range items {
		if i == n {
			lines = append(lines, fmt.Sprintf("…and %d more in handoff.md", len(items)-n))
			break
		}
		lines = append(lines, "• "+StampedOn(it.Text, it.Stamps, 120, now, l, c))
	}
	return strings.Join(lines, "\n")
}

func mentions(users []string) string {
	out := make([]string, 0, len(users))
	for _, u := range users {
		out = append(out, "<@"+Escape(u)+">")
	}
	return strings.Join(out, ", ")
}

// HandoffThread is the sender's side of a handoff, in the conversation:
// to whom, the hours, and whether somebody has it yet. Its thread hears
// Got it and questions.
func HandoffThread(h bh.Handoff, l *time.Location, c bh.Clock) Message {
	to := "everyone in <#" + Escape(h.Post) + ">"
	if !h.Everyone {
		to = mentions(h.To)
	}
	span := WhenOn(h.Start, l, DayTime, c) + "–" + WhenOn(h.End(), l, DayTime, c)
	status := "waiting for *Got it*"
	text := fmt.Sprintf("Handed off to %s, waiting for Got it", to)
	if h.Taken() {
		status = fmt.Sprintf("✅ <@%s> has it", h.GotBy)
		text = fmt.Sprintf("Handed off: <@%s> has it", h.GotBy)
	}
	return Message{Text: text, Blocks: []slack.Block{
		section(fmt.Sprintf("🤝 *<@%s> handed off to %s* · %s · %s", h.From, to, span, status)),
	}}
}

// HandoffTaken is the sender's thread reply when a receiver taps Got it:
// the receiver named with a mention; its notification on the sender's
// clock c.
func HandoffTaken(h bh.Handoff, l *time.Location, c bh.Clock) Message {
	return Message{Text: fmt.Sprintf("<@%s> has it from %s", h.GotBy, Plain(h.GotAt, l, c, Clock)),
		Blocks: []slack.Block{section(fmt.Sprintf("✅ <@%s> has it from %s", h.GotBy, WhenOn(h.GotAt, l, Clock, c)))}}
}

// HandoffReminder is the one gentle reminder to a receiver who has not
// tapped Got it, with the button again.
// In a channel post (receiver "") it names who it was for: the people
// named, or @here. Its notification is on the receiver's clock c.
func HandoffReminder(h bh.Handoff, receiver string, l *time.Location, c bh.Clock) Message {
	you := "you"
	if receiver == "" {
		you = "<!here>"
		if len(h.To) > 0 {
			you = mentions(h.To)
		}
	}
	text := fmt.Sprintf("<@%s> handed off to %s at %s: tap Got it when you have it.", h.From, you, Plain(h.CreatedAt, l, c, Clock))
	return Message{Text: text, Blocks: []slack.Block{
		section(fmt.Sprintf("⏰ <@%s> handed off to %s at %s: tap *Got it* when you have it.", h.From, you, WhenOn(h.CreatedAt, l, Clock, c))),
		slack.NewActionBlock("handoff_actions:"+h.ID,
			slack.NewButtonBlockElement(ActionHandoffGotIt, h.ID, plain("Got it", MaxButtonText)).WithStyle(slack.StylePrimary)),
	}}
}

// HandoffStillWaiting is the quiet note to the sender (no mention): the
// receiver was reminded once, and that is all.
func HandoffStillWaiting(names string) Message {
	text := fmt.Sprintf("No Got it yet from %s; I reminded them once and will not again.", Escape(names))
	return Message{Text: text, Blocks: []slack.Block{slack.NewContextBlock("", mrkdwn(text))}}
}

// AskModal asks the sender a question from a handoff.
func AskModal(handoffID, senderName string) slack.ModalViewRequest {
	if senderName == "" {
		senderName = "them"
	}
	q := slack.NewPlainTextInputBlockElement(plain("Where is the spare bottle?", 150), ActionHandoffField)
	q.Multiline = true
	q.MaxLength = 1000
	return slack.ModalViewRequest{Type: slack.VTModal, CallbackID: CallbackHandoffAsk, PrivateMetadata: handoffID,
		Title: plain("Ask "+senderName, MaxModalTitle), Submit: plain("Send", 24), Close: plain("Cancel", 24),
		Blocks: slack.Blocks{BlockSet: []slack.Block{
			slack.NewInputBlock(InputHandoffQuestion, plain("Your question", 2000), plain("It goes to the handoff's thread; the answer comes back here.", 2000), q),
		}}}
}

// HandoffQuestion is a receiver's question in the sender's thread, the
// sender mentioned so they hear it.
func HandoffQuestion(from, to, question string) Message {
	text := fmt.Sprintf("<@%s> asks <@%s>: %s", from, to, Echo(question, 200))
	return Message{Text: text, Blocks: []slack.Block{
		section(fmt.Sprintf("❓ <@%s> asks <@%s>: %s", from, to, Echo(question, 1000))),
		slack.NewContextBlock("", mrkdwn("Reply in this thread: I pass it on.")),
	}}
}

// HandoffAnswer is the sender's reply passed on to a receiver.
func HandoffAnswer(from, answer string) Message {
	text := fmt.Sprintf("<@%s>: %s", from, Echo(answer, 200))
	return Message{Text: text, Blocks: []slack.Block{section(fmt.Sprintf("💬 <@%s>: %s", from, Echo(answer, 2000)))}}
}

// HomeHandoff is the Hand off button's value on App Home: the person's
// DM conversation, not a card's plan.
const HomeHandoff = "home"

// homeDuty is App Home's "On duty" line, with "I'm on now" for a person
// who is not.
func homeDuty(in HomeInput) slack.Block {
	l := in.Location
	if l == nil {
		l = time.UTC
	}
	text := "*On duty* · nobody said yet"
	if line := DutyLine(in.Duty, in.Now, l, in.Clock); line != "" {
		label, who, _ := strings.Cut(line, ": ")
		text = "*" + label + "* · " + who
	}
	sec := section(text)
	sec.BlockID = "home_duty"
	if !in.Duty.OnAt(in.Now) || in.Duty.UserID != in.Viewer {
		sec.Accessory = slack.NewAccessory(slack.NewButtonBlockElement(ActionDutyTake, "me", plain("I'm on now", MaxButtonText)))
	}
	return sec
}

// homeOnDuty opens the App Home of the one on duty: "You're on duty for
// the family until 7:45 AM" (the day too when the end is a day or more
// away).
func homeOnDuty(in HomeInput) slack.Block {
	l := in.Location
	if l == nil {
		l = time.UTC
	}
	d := in.Duty
	var text string
	switch {
	case d.Until.IsZero():
		text = fmt.Sprintf("🟢 *You're on duty for the family* since %s, until someone takes over.", WhenOn(d.Since, l, DayTime, in.Clock))
	case d.Until.Sub(in.Now) < 20*time.Hour:
		text = fmt.Sprintf("🟢 *You're on duty for the family until %s*", WhenOn(d.Until, l, Clock, in.Clock))
	default:
		text = fmt.Sprintf("🟢 *You're on duty for the family until %s*", WhenOn(d.Until, l, DayTime, in.Clock))
	}
	sec := section(text)
	sec.BlockID = "home_duty"
	return sec
}

// DutyLine says who is on duty at now, or "" when nobody is, its times
// on the clock c of the message's readers.
func DutyLine(d bh.Duty, now time.Time, l *time.Location, c bh.Clock) string {
	switch {
	case d.OnAt(now) && d.Until.IsZero():
		return fmt.Sprintf("On duty: <@%s> since %s", d.UserID, WhenOn(d.Since, l, DayTime, c))
	case d.OnAt(now):
		return fmt.Sprintf("On duty: <@%s> until %s", d.UserID, WhenOn(d.Until, l, DayTime, c))
	case d.Next(now):
		return fmt.Sprintf("Next on duty: <@%s> from %s", d.UserID, WhenOn(d.Since, l, DayTime, c))
	}
	return ""
}

// maxHomeHandoffs bounds the handoffs App Home lists.
const maxHomeHandoffs = 4

// homeHandoffs is the family's last day of handoffs on App Home, newest
// last: "<@Maya> → <@Sam> · 21:45 until Wed 07:45 · Sam has it since
// 21:47"; nil when there were none.
func homeHandoffs(in HomeInput) slack.Block {
	if len(in.Handoffs) == 0 {
		return nil
	}
	l := in.Location
	if l == nil {
		l = time.UTC
	}
	hs := in.Handoffs
	if len(hs) > maxHomeHandoffs {
		hs = hs[len(hs)-maxHomeHandoffs:]
	}
	lines := []string{"*Handoffs* · the last day"}
	for _, h := range hs {
		to := mentions(h.To)
		if len(h.To) == 0 {
			to = "everyone"
		}
		line := fmt.Sprintf("<@%s> → %s · %s until %s", Escape(h.From), to, WhenOn(h.Start, l, Clock, in.Clock), WhenOn(h.End(), l, DayTime, in.Clock))
		if h.Taken() {
			line += fmt.Sprintf(" · <@%s> has had it since %s", Escape(h.GotBy), WhenOn(h.GotAt, l, Clock, in.Clock))
		} else {
			line += " · nobody has tapped Got it"
		}
		lines = append(lines, line)
	}
	sec := section(strings.Join(lines, "\n"))
	sec.BlockID = "home_handoffs"
	return sec
}
