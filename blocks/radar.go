package blocks

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
)

// Radar actions. A Done button's value is the note id; a snooze's is "1h"
// or "tomorrow" (its action id ends with it too); the outlook switch's is
// "on" or "off"; the quiet hours select's options are bh.QuietHours values
// ("22-7", "off").
const (
	ActionRadarDone    = "radar_done"
	ActionRadarUndone  = "radar_undone"
	ActionRadarSnooze  = "radar_snooze" // + "_1h" or "_tomorrow": ids are unique in a block
	ActionRadarPlan    = "radar_plan"
	ActionRadarOutlook = "radar_outlook"
	ActionRadarQuiet   = "radar_quiet"
	// ActionOverdue is an overdue deadline's menu: Done, Still on it, Drop;
	// each option's value is "done:", "still:" or "drop:" and the note id.
	ActionOverdue = "overdue_menu"
	// BlockRadarActions prefixes the actions block id; the shift id follows.
	BlockRadarActions = "radar_actions:"
)

var levelMark = map[bh.RiskLevel]string{bh.RiskNone: "🟢", bh.RiskLow: "🟢", bh.RiskMedium: "🟡", bh.RiskHigh: "🟠", bh.RiskCritical: "🔴"}

// Authors maps note ids to the Slack users who wrote them.
type Authors map[string]string

// radarText renders the radar's items; links and authors may be nil.
type radarText struct {
	links   Links
	authors Authors
	claims  map[string]string // who said "I'll do it", by note id
	// names, when set, name claimers instead of mentioning them (a DM).
	names map[string]string
	loc   *time.Location
	now   time.Time // when the message is made; zero: dates as Slack writes them
	// clock is the reader's, for the fallbacks inside date tokens.
	clock bh.Clock
}

func (r radarText) when(t *time.Time) string {
	if t == nil {
		return ""
	}
	// No "(in 2 h)": a message stays on screen for hours, and a duration
	// written at 9:40 PM is false by 3 AM. The date token says when.
	return " · " + WhenNearOn(*t, r.now, r.loc, DayTime, r.clock)
}

// claimed is " · 🙋 <@U>" for who took an item on, or their names where
// a mention would reach nobody.
func (r radarText) claimed(ids []string) string {
	if r.names == nil {
		return claimedBy(r.claims, ids)
	}
	var who []string
	for _, id := range ids {
		if u := r.claims[id]; u != "" {
			name := Escape(r.names[u])
			if name == "" {
				name = "someone"
			}
			if !slices.Contains(who, name) {
				who = append(who, name)
			}
		}
	}
	if len(who) == 0 {
		return ""
	}
	return " · 🙋 " + strings.Join(who, ", ")
}

func (r radarText) ref(ids []string) string {
	if u := r.link(ids); u != "" {
		return " (<" + u + "|note>)"
	}
	return ""
}

// link is the first of the notes' links that can sit in mrkdwn; a link
// that could end early (a forged "|" or ">") is left out, not quoted.
func (r radarText) link(ids []string) string {
	for _, id := range ids {
		if u := r.links[id]; u != "" && linkable(u) {
			return u
		}
	}
	return ""
}

func (r radarText) who(ids []string) string {
	for _, id := range ids {
		if u := r.authors[id]; u != "" && isUserID(u) {
			return " · from <@" + u + ">"
		}
	}
	return ""
}

// isUserID keeps a forged id from becoming a live mention of something else.
func isUserID(s string) bool {
	if len(s) < 2 || (s[0] != 'U' && s[0] != 'W') {
		return false
	}
	for _, c := range s {
		if (c < 'A' || c > 'Z') && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// item is one risk: level, kind, what, by when, who, and the note.
func (r radarText) item(it bh.RiskItem) string {
	label := "⏰"
	if it.Kind == bh.TagInventory {
		label = "🧷"
	}
	over := ""
	switch {
	case it.Dropped:
		over = " · *overdue, left out of plans* (Done if it is)"
	case it.Overdue:
		over = " · *overdue*"
	}
	// Each item leads with what to do about it.
	text := Echo(it.Text, 100)
	if it.Kind == bh.TagInventory {
		switch {
		case it.At == nil && it.Since != nil:
			text = "Get " + text + " — *out since* " + WhenOn(*it.Since, r.loc, DayTime, r.clock)
		case it.At == nil && it.Level == bh.RiskCritical:
			text = "Get " + text + " — *out*"
		case it.At != nil:
			text = "Get " + text + " — runs out"
		default:
			text = "Get " + text
		}
	}
	return fmt.Sprintf("%s %s %s%s%s%s%s%s", levelMark[it.Level], label, text, r.when(it.At), over, r.who(it.NoteIDs), r.claimed(it.NoteIDs), r.ref(it.NoteIDs))
}

func (r radarText) next(st bh.ShiftState) []string {
	var next []string
	for i, a := range st.NextActions {
		next = append(next, fmt.Sprintf("%d. %s%s", i+1, StampedOn(a.Text, a.Stamps, 150, r.now, r.loc, r.clock), r.ref(a.NoteIDs)))
	}
	if len(next) == 0 && len(st.Health) > 0 {
		next = append(next, "No deadline or supply is urgent.")
	} else if len(next) == 0 {
		next = append(next, "Nothing urgent. Rest if you can.")
	}
	return next
}

func (r radarText) commitments(st bh.ShiftState) string {
	var cs []string
	for _, c := range st.Commitments {
		if len(cs) == 5 {
			break
		}
		cs = append(cs, "📌 "+Echo(c.Text, 100)+r.when(c.At))
	}
	return strings.Join(cs, "\n")
}

// maxRadarHealth bounds the health notes a radar message lists, each with
// its buttons, so a message keeps well inside Slack's 50 blocks.
const maxRadarHealth = 5

// healthBlocks open every radar message: the open health notes as every
// surface lists them (healthBlocks in health.go: the health line, and the
// support line when a note is about the parent's mood, then each note,
// linked, with Resolved, and for those a day without news "Still a
// concern?" with Resolved and Still a concern), at most maxRadarHealth.
// No level, no colour, no time, no advice. more says where the rest are.
func (r radarText) healthBlocks(health []bh.RiskItem, more string) []slack.Block {
	entries := make([]HealthEntry, 0, len(health))
	mood := false
	for _, h := range health {
		e := HealthEntry{Text: h.Text, Ask: h.Ask}
		if len(h.NoteIDs) > 0 {
			e.NoteID = h.NoteIDs[0]
		}
		e.Link = r.link(h.NoteIDs)
		mood = mood || h.Mood
		entries = append(entries, e)
	}
	return healthBlocks(entries, mood, maxRadarHealth, "…and %d more "+strings.ReplaceAll(more, "%", "%%"), nil)
}

// healthNotice leads a message's notification text when health notes are
// open: a count, never their words.
func healthNotice(health []bh.RiskItem) string {
	switch len(health) {
	case 0:
		return ""
	case 1:
		return "🩺 1 health note open · "
	}
	return fmt.Sprintf("🩺 %d health notes open · ", len(health))
}

// RadarOn is the /radar answer: the shift's risks, commitments and the
// next three actions, each linked to its notes, for a reader who reads the
// clock c (the one who asked): the text inside its date tokens is on c.
func RadarOn(st bh.ShiftState, links Links, l *time.Location, c bh.Clock) Message {
	if l == nil {
		l = time.UTC
	}
	r := radarText{links: links, loc: l, now: st.ComputedAt.In(l), clock: c}
	var risks []string
	var shown []bh.RiskItem
	for _, it := range byLevel(st) {
		if len(risks) == 8 {
			break
		}
		risks = append(risks, r.item(it))
		shown = append(shown, it)
	}
	if len(risks) == 0 {
		risks = append(risks, "No deadlines or running-low items in your notes.")
	}
	bl := append(r.healthBlocks(st.Health, "in handoff.md"),
		section(fmt.Sprintf("%s *Risk Radar · %s* · energy %s · %d notes", levelMark[st.Level], st.Level, st.Energy, st.Notes)),
		section("*Watching*\n"+strings.Join(risks, "\n")),
	)
	if c := r.commitments(st); c != "" {
		bl = append(bl, section("*Fixed*\n"+c))
	}
	next := r.nextBeyond(st, shown)
	if len(shown) == 0 {
		next = r.next(st)
	}
	if len(next) > 0 {
		bl = append(bl, section("*Next*\n"+strings.Join(next, "\n")))
	}
	bl = append(bl, slack.NewContextBlock("radar_disclaimer", mrkdwn("_"+bh.Disclaimer+"_")))
	return Message{Text: healthNotice(st.Health) + fmt.Sprintf("Risk Radar: %s, %d items to watch", st.Level, len(st.Deadlines)+len(st.Inventory)), Blocks: bl}
}

// maxNudgeItems keeps a nudge short enough to read on a phone lock screen.
const maxNudgeItems = 6

// RadarPost is a message the radar posts by itself: a nudge (risk rose;
// updated in place through the day), a reminder before a deadline, or the
// morning outlook. Every item says what, by when, who logged it and links
// to the note; Done, Snooze and Plan now act on it.
func RadarPost(p bh.RadarPost, links Links, authors Authors) Message {
	l := p.Location
	if l == nil {
		l = time.UTC
	}
	if strings.HasPrefix(p.Shift.ChannelID, "D") {
		// A DM has one writer: "from @you" in one's own DM is noise.
		authors = nil
	}
	r := radarText{links: links, authors: authors, claims: p.Claims, names: p.ClaimNames, loc: l, now: p.Now.In(l), clock: p.Clock}
	st := p.State
	var items, all []bh.RiskItem
	switch p.Kind {
	case bh.PostHealthAsk:
		return healthAsk(p, r)
	case bh.PostReminder:
		if p.Item != nil {
			items = []bh.RiskItem{*p.Item}
		}
	case bh.PostNew:
		return newReply(p, r)
	default:
		for _, it := range byLevel(st) {
			if it.Level >= bh.RiskMedium {
				all = append(all, it)
			}
		}
		items = all[:min(len(all), maxNudgeItems)]
	}
	var head, text string
	switch p.Kind {
	case bh.PostReminder:
		what := "a deadline"
		if len(items) == 1 {
			what = Echo(items[0].Text, 80)
		}
		head = fmt.Sprintf("⏰ *Reminder* · %s — %s", what, StampedOn(p.Why, p.WhyStamps, 300, r.now, r.loc, r.clock))
		text = fmt.Sprintf("⏰ Reminder: %s — %s", what, Escape(p.Clock.Restamp(p.Why, p.WhyStamps, l)))
	case bh.PostOutlook:
		head = fmt.Sprintf("☀️ *Your next 24 h* · risk %s · energy %s", st.Level, st.Energy)
		text = fmt.Sprintf("☀️ Morning outlook: %d deadlines, %d running low, %d fixed", len(st.Deadlines), len(st.Inventory), len(st.Commitments))
	default:
		if len(items) == 0 {
			head = "🟢 *Risk Radar* · calmer now: nothing urgent in your notes"
			if len(st.Health) > 0 {
				head = "🟢 *Risk Radar* · calmer now: no deadline or supply is urgent"
			}
			text = "Risk Radar: calmer now"
			break
		}
		head = fmt.Sprintf("%s *Risk Radar · %s* — %s", levelMark[st.Level], st.Level, StampedOn(p.Why, p.WhyStamps, 300, r.now, r.loc, r.clock))
		// A lock screen shows one line: the most urgent item, in words
		// that say what is wrong, and how many more there are.
		text = levelMark[items[0].Level] + " " + lockLine(items[0], l, p.Clock)
		if len(all) > 1 {
			text += fmt.Sprintf(" · +%d", len(all)-1)
		}
		if len(p.New) > 0 {
			head = "🆕 *New:* " + newNames(p.New, l, p.Clock) + "\n" + head
		}
	}
	if to := speakTo(p, items); len(to) > 0 {
		head = mentions(to) + " " + head
		text = mentions(to) + " " + text
	}
	bl := append(r.healthBlocks(st.Health, "in `/radar`"), section(Fit(head, MaxSectionText)))
	for _, it := range items {
		sec := section(Fit(r.item(it), MaxSectionText))
		switch {
		case len(it.NoteIDs) == 0:
		case it.Overdue && it.Kind == bh.TagDeadline:
			sec.Accessory = slack.NewAccessory(OverdueMenu(it.NoteIDs[0]))
		default:
			sec.Accessory = slack.NewAccessory(slack.NewButtonBlockElement(ActionRadarDone, it.NoteIDs[0], plain("Done", MaxButtonText)))
		}
		bl = append(bl, sec)
	}
	// "Next" names only what the items above do not: "Restock formula"
	// under "Get formula" says it twice.
	next := r.nextBeyond(st, items)
	if p.Kind == bh.PostOutlook {
		if len(items) == 0 {
			bl = append(bl, section("No deadlines or running-low items in your notes."))
		}
		if c := r.commitments(st); c != "" {
			bl = append(bl, section("*Fixed*\n"+c))
		}
		if len(items) == 0 {
			next = r.next(st)
		}
		if len(next) > 0 {
			bl = append(bl, section("*Next*\n"+strings.Join(next, "\n")))
		}
	} else if len(next) > 0 && len(items) > 0 {
		bl = append(bl, slack.NewContextBlock("", mrkdwn(Fit("Next: "+next[0], 2000))))
	}
	buttons := []slack.BlockElement{
		slack.NewButtonBlockElement(ActionRadarSnooze+"_1h", "1h", plain("Snooze 1 h", MaxButtonText)),
		slack.NewButtonBlockElement(ActionRadarSnooze+"_tomorrow", "tomorrow", plain("Until tomorrow", MaxButtonText)),
		slack.NewButtonBlockElement(ActionRadarPlan, "plan", plain("Plan now", MaxButtonText)).WithStyle(slack.StylePrimary),
	}
	if p.Kind == bh.PostOutlook {
		buttons = []slack.BlockElement{
			slack.NewButtonBlockElement(ActionRadarPlan, "plan", plain("Plan now", MaxButtonText)).WithStyle(slack.StylePrimary),
			slack.NewButtonBlockElement(ActionRadarOutlook, "off", plain("Stop morning outlook", MaxButtonText)),
		}
	}
	bl = append(bl, slack.NewActionBlock(BlockRadarActions+p.Shift.ID, buttons...))
	// The foot says when and who is on duty; no rules of the radar's own.
	foot := "Updated " + WhenOn(p.Now, l, DayTime, p.Clock)
	if p.Kind != bh.PostNudge {
		foot = WhenOn(p.Now, l, DayTime, p.Clock)
	}
	if d := radarDutyLine(p, l, p.Clock); d != "" {
		foot = d + " · " + foot
	}
	bl = append(bl, slack.NewContextBlock("", mrkdwn(foot)))
	return Message{Text: Fit(healthNotice(st.Health)+text, 3000), Blocks: bl}
}

// byLevel is the state's deadlines and supplies, most urgent first: an
// item out now comes before a form due tomorrow, whichever list it is in.
// Within a level, what is wrong already (out, overdue) comes first, then
// the soonest.
func byLevel(st bh.ShiftState) []bh.RiskItem {
	out := append(append([]bh.RiskItem(nil), st.Deadlines...), st.Inventory...)
	already := func(it bh.RiskItem) bool {
		return it.Overdue || (it.Kind == bh.TagInventory && it.At == nil && it.Since != nil)
	}
	slices.SortStableFunc(out, func(a, b bh.RiskItem) int {
		switch {
		case a.Level != b.Level:
			return int(b.Level) - int(a.Level)
		case already(a) != already(b):
			if already(a) {
				return -1
			}
			return 1
		case a.At != nil && b.At != nil:
			return a.At.Compare(*b.At)
		}
		return 0
	})
	return out
}

// lockLine is an item as a notification shows it (plain text, no date
// tokens, on the reader's clock c): "Out of formula", "pay daycare deposit online — overdue",
// "daycare form — due Wed 17:00".
func lockLine(it bh.RiskItem, l *time.Location, c bh.Clock) string {
	text := Echo(it.Text, 60)
	if it.Kind == bh.TagInventory {
		switch {
		case it.At == nil && (it.Since != nil || it.Level == bh.RiskCritical):
			return "Out of " + text
		case it.At != nil:
			return text + " — runs out " + Plain(*it.At, l, c, DayTime)
		}
		return text + " — running low"
	}
	switch {
	case it.Overdue:
		return text + " — overdue"
	case it.At != nil:
		return text + " — due " + Plain(*it.At, l, c, DayTime)
	}
	return text
}

// newNames are the new items' lock lines, joined.
func newNames(items []bh.RiskItem, l *time.Location, c bh.Clock) string {
	var names []string
	for _, it := range items {
		names = append(names, lockLine(it, l, c))
	}
	return strings.Join(names, " · ")
}

// nextBeyond is the state's next actions but those about the items shown.
func (r radarText) nextBeyond(st bh.ShiftState, shown []bh.RiskItem) []string {
	var out []string
	for _, a := range st.NextActions {
		if slices.ContainsFunc(shown, func(it bh.RiskItem) bool {
			return slices.ContainsFunc(a.NoteIDs, func(id string) bool { return slices.Contains(it.NoteIDs, id) })
		}) {
			continue
		}
		out = append(out, StampedOn(a.Text, a.Stamps, 150, r.now, r.loc, r.clock)+r.ref(a.NoteIDs))
	}
	return out
}

// newReply is the reply, in the standing message's thread, that a new
// critical item was added to it: an update in place does not notify, this
// does (it mentions whom the radar speaks to: the DM's person, or in a
// channel whoever claimed the item or is on duty).
func newReply(p bh.RadarPost, r radarText) Message {
	l := r.loc
	mark := levelMark[bh.RiskCritical]
	text := mark + " New: " + newNames(p.New, l, p.Clock) + " — added to the radar message"
	head := mark + " *New:* " + newNames(p.New, l, p.Clock) + " — added to the radar message above"
	to := speakTo(p, p.New)
	if strings.HasPrefix(radarPlace(p), "D") && isUserID(p.To.UserID) {
		to = []string{p.To.UserID}
	}
	if len(to) > 0 {
		text = mentions(to) + " " + text
		head = mentions(to) + " " + head
	}
	return Message{Text: Fit(text, 3000), Blocks: []slack.Block{section(Fit(head, MaxSectionText))}}
}

// healthAsk asks about the health notes open a day without news whose ask
// is due, all in one message: the health line, each note with "Still a
// concern?", Resolved and Still a concern; in a family channel it speaks
// to the person on duty. The notes are p.Item when set, else those of
// p.State.Health marked Ask (the nudger sends only those due now).
func healthAsk(p bh.RadarPost, r radarText) Message {
	var items []bh.RiskItem
	if p.Item != nil {
		items = []bh.RiskItem{*p.Item}
	} else {
		for _, h := range p.State.Health {
			if h.Ask {
				items = append(items, h)
			}
		}
	}
	for i := range items {
		items[i].Ask = true
	}
	bl := r.healthBlocks(items, "in `/radar`")
	text := "🩺 Still a concern?"
	switch {
	case len(items) == 1:
		text += " " + Echo(items[0].Text, 80)
	case len(items) > 1:
		// A count, as the radar's other notifications: a lock screen is
		// no place for several health notes.
		text += fmt.Sprintf(" %d health notes open a day without news", len(items))
	}
	if to := speakTo(p, items); len(to) > 0 && len(bl) > 0 {
		bl[0] = section(mentions(to) + " " + sectionText(bl[0]))
		text = mentions(to) + " " + text
	}
	foot := WhenOn(p.Now, r.loc, DayTime, r.clock)
	if d := radarDutyLine(p, r.loc, r.clock); d != "" {
		foot = d + " · " + foot
	}
	bl = append(bl, slack.NewContextBlock("", mrkdwn(foot+" · _"+bh.Disclaimer+"_")))
	return Message{Text: Fit(text, 3000), Blocks: bl}
}

// sectionText is a section's mrkdwn ("" for another block).
func sectionText(b slack.Block) string {
	if s, ok := b.(*slack.SectionBlock); ok && s.Text != nil {
		return s.Text.Text
	}
	return ""
}

// radarPlace is the conversation a radar post is in.
func radarPlace(p bh.RadarPost) string { return p.To.Place(p.Shift.ChannelID) }

// radarDutyLine says who is on duty at the foot of a radar post. A
// mention reaches only people in the conversation, so in a DM the duty
// person reads "You're on duty" in their own and their name elsewhere.
func radarDutyLine(p bh.RadarPost, l *time.Location, c bh.Clock) string {
	place := radarPlace(p)
	if !strings.HasPrefix(place, "D") || !p.Duty.OnAt(p.Now) {
		return DutyLine(p.Duty, p.Now, l, c)
	}
	until := ""
	if !p.Duty.Until.IsZero() {
		until = " until " + WhenOn(p.Duty.Until, l, DayTime, c)
	}
	if p.To.UserID != "" && p.To.UserID == p.Duty.UserID {
		return "You're on duty" + until
	}
	name := p.DutyName
	if name == "" {
		name = "someone else"
	}
	return "On duty: " + Escape(name) + until
}

// speakTo is who a radar post in a family channel mentions: for each of
// its items, whoever said "I'll do it", else the person on duty; nobody in
// a DM (one reader) or in the morning outlook.
func speakTo(p bh.RadarPost, items []bh.RiskItem) []string {
	if strings.HasPrefix(radarPlace(p), "D") || p.Kind == bh.PostOutlook {
		return nil
	}
	var to []string
	add := func(u string) {
		if u != "" && !slices.Contains(to, u) {
			to = append(to, u)
		}
	}
	for _, it := range items {
		claimed := ""
		for _, id := range it.NoteIDs {
			if u := p.Claims[id]; isUserID(u) {
				claimed = u
			}
		}
		switch {
		case claimed != "":
			add(claimed)
		case p.Duty.OnAt(p.Now):
			add(p.Duty.UserID)
		}
	}
	return to
}

// maxWakeUps is how many radar wake-ups App Home lists.
const maxWakeUps = 3

// maxHomeOpen bounds the open items App Home lists.
const maxHomeOpen = 5

// BlockHomeOpen prefixes the block id of an open item on App Home.
const BlockHomeOpen = "home_open:"

// homeOpen lists the radar's open items, each with its Done, in the order a
// person on duty acts on them: Now (the critical ones), Running low (the
// other supplies), then the other deadlines (Open). next, between Running
// low and Open, is the plan's next blocks (App Home of the one on duty).
func homeOpen(in HomeInput, next []slack.Block) []slack.Block {
	var now, low, rest []bh.RiskItem
	for _, it := range in.Open {
		switch {
		case len(it.NoteIDs) == 0:
		case it.Level == bh.RiskCritical:
			now = append(now, it)
		case it.Kind == bh.TagInventory:
			low = append(low, it)
		default:
			rest = append(rest, it)
		}
	}
	bl := homeItems(in, now, "🔴 *Now*")
	bl = append(bl, homeItems(in, low, "🛒 *Running low*")...)
	bl = append(bl, next...)
	return append(bl, homeItems(in, rest, "*Open* · mark what is done")...)
}

// homeItems is one group of App Home's open items under head, each with
// its Done; at most maxHomeOpen, then a line saying where the rest are.
func homeItems(in HomeInput, items []bh.RiskItem, head string) []slack.Block {
	l := in.Location
	if l == nil {
		l = time.UTC
	}
	r := radarText{loc: l, now: in.Now.In(l), clock: in.Clock}
	var bl []slack.Block
	for i, it := range items {
		if i == maxHomeOpen {
			bl = append(bl, slack.NewContextBlock("", mrkdwn(fmt.Sprintf("…and %d more: `/radar` in our DM", len(items)-maxHomeOpen))))
			break
		}
		text := r.item(it)
		if i == 0 {
			text = head + "\n" + text
		}
		sec := section(Fit(text, MaxSectionText))
		sec.BlockID = BlockHomeOpen + it.NoteIDs[0]
		sec.Accessory = slack.NewAccessory(slack.NewButtonBlockElement(ActionRadarDone, it.NoteIDs[0], plain("Done", MaxButtonText)))
		bl = append(bl, sec)
	}
	return bl
}

// maxHomeNext bounds the plan's blocks App Home lists under Next.
const maxHomeNext = 4

// BlockHomeNext prefixes the block id of a plan block on App Home.
const BlockHomeNext = "home_next:"

// homeNext is the next blocks of the plan made for the one on duty (not
// yet ended at Now), each from a note with its Done; a note done since is
// struck through, with Undo.
func homeNext(in HomeInput) []slack.Block {
	if in.Plan == nil {
		return []slack.Block{section("⏭️ *Next* · no plan yet: *Plan now* makes one for your time on duty.")}
	}
	l := loc(in.Plan.Run)
	var bl []slack.Block
	var left int
	for i, b := range in.Plan.Winner().Blocks {
		if !b.End.After(in.Now) {
			continue
		}
		if len(bl) == maxHomeNext {
			left++
			continue
		}
		text := blockLine(b, l, nil, time.Time{}, in.Clock)
		done := len(b.NoteIDs) > 0 && in.Done[b.NoteIDs[0]]
		if done {
			text = "✅ ~" + text + "~"
		}
		if len(bl) == 0 {
			text = "⏭️ *Next* · your plan\n" + text
		}
		sec := section(Fit(text, MaxSectionText))
		if len(b.NoteIDs) > 0 {
			sec.BlockID = fmt.Sprintf("%s%d:%s", BlockHomeNext, i, b.NoteIDs[0])
			btn := slack.NewButtonBlockElement(ActionRadarDone, b.NoteIDs[0], plain("Done", MaxButtonText))
			if done {
				btn = slack.NewButtonBlockElement(ActionRadarUndone, b.NoteIDs[0], plain("Undo", MaxButtonText))
			}
			sec.Accessory = slack.NewAccessory(btn)
		}
		bl = append(bl, sec)
	}
	if len(bl) == 0 {
		return []slack.Block{section("⏭️ *Next* · your plan has nothing left: *Plan now* makes a new one.")}
	}
	if left > 0 {
		bl = append(bl, slack.NewContextBlock("", mrkdwn(fmt.Sprintf("…and %d more on the card", left))))
	}
	return bl
}

// homeRadar is App Home's radar part: the last wake-ups, the morning
// outlook switch, a snooze or a stop in force.
func homeRadar(in HomeInput) []slack.Block {
	l := in.Location
	if l == nil {
		l = time.UTC
	}
	var bl []slack.Block
	if len(in.WakeUps) > 0 {
		var lines []string
		for i, e := range in.WakeUps {
			if i == maxWakeUps {
				break
			}
			// The stored event says which agent woke up; a parent reads
			// what the radar checked.
			text := strings.TrimPrefix(e.Text, "Risk Radar woke up: ")
			lines = append(lines, fmt.Sprintf("%s · %s", WhenOn(e.At, l, DayTime, in.Clock), Echo(text, 200)))
		}
		bl = append(bl, slack.NewContextBlock("home_wakeups", mrkdwn(Fit("*Radar checks*\n"+strings.Join(lines, "\n"), 2000))))
	}
	o := in.Outlook
	hour := in.Clock.Format(time.Date(2000, 1, 1, o.OutlookHour, 0, 0, 0, time.UTC), "15:04")
	status := fmt.Sprintf("*Morning outlook* · off (it would come at %s, %s)", hour, bh.ZoneName(l, in.Now))
	btn := slack.NewButtonBlockElement(ActionRadarOutlook, "on", plain(fmt.Sprintf("Turn on (%s)", hour), MaxButtonText))
	if o.OutlookOn {
		status = fmt.Sprintf("*Morning outlook* · every day at %s (%s)", hour, bh.ZoneName(l, in.Now))
		btn = slack.NewButtonBlockElement(ActionRadarOutlook, "off", plain("Turn off", MaxButtonText))
	}
	if !o.SnoozedUntil.IsZero() {
		status += "\n😴 Radar snoozed until " + WhenOn(o.SnoozedUntil, l, DayTime, in.Clock)
	}
	if o.Off != "" {
		status += "\n⚠️ The radar stopped posting: " + Escape(o.Off)
	}
	sec := section(status)
	sec.Accessory = slack.NewAccessory(btn)
	return append(bl, sec, quietSection(o, in.Quiet, l, in.Clock, in.Now))
}

// quietChoices are the quiet hours App Home offers; any others can be set
// with /radar quiet.
var quietChoices = []bh.QuietHours{{}, {From: 21, To: 6}, {From: 21, To: 7}, {From: 22, To: 6}, {From: 22, To: 7}, {From: 23, To: 6}, {From: 23, To: 7}}

// quietSection shows the viewer's own quiet hours (mine; nil: the family's,
// set, which are the default for whoever chose none) with a select to
// change them: each person keeps their own.
func quietSection(set bh.RadarSettings, mine *bh.QuietHours, l *time.Location, c bh.Clock, now time.Time) slack.Block {
	q := set.QuietHours()
	zone := bh.ZoneName(l, now)
	text := fmt.Sprintf("*Your quiet hours* · %s (%s), the family's default: the radar updates its message in place then when it posts to you, and posts a new one only for something newly critical. Plans for you keep %s for sleep until you choose.", q.Say(c), zone, set.NightHours().Say(c))
	if mine != nil {
		q = *mine
		text = fmt.Sprintf("*Your quiet hours* · %s (%s): the radar updates its message in place then when it posts to you, and posts a new one only for something newly critical; plans for you keep them for sleep.", q.Say(c), zone)
	}
	if q.Off() {
		text = "*Your quiet hours* · off: the radar may post a new message to you at any hour when risk rises (at most one every 10 minutes); plans for you keep no night."
	}
	var opts []*slack.OptionBlockObject
	var initial *slack.OptionBlockObject
	choices := quietChoices
	if !slices.Contains(choices, q) {
		choices = append(append([]bh.QuietHours(nil), choices...), q)
	}
	for _, ch := range choices {
		label := "Quiet hours: " + ch.Say(c)
		if ch.Off() {
			label = "No quiet hours"
		}
		o := slack.NewOptionBlockObject(ch.Value(), plain(label, MaxOptionText), nil)
		if ch == q {
			initial = o
		}
		opts = append(opts, o)
	}
	sel := slack.NewOptionsSelectBlockElement(slack.OptTypeStatic, plain("Quiet hours", 150), ActionRadarQuiet, opts...)
	sel.InitialOption = initial
	sec := section(text)
	sec.BlockID = "home_quiet"
	sec.Accessory = slack.NewAccessory(sel)
	return sec
}

// OverdueMenu is an overdue deadline's ⋯: Done, Still on it (it stays in
// plans two more days), Drop (let it go: out of plans, kept in history).
func OverdueMenu(noteID string) *slack.OverflowBlockElement {
	opt := func(what, label string) *slack.OptionBlockObject {
		return slack.NewOptionBlockObject(what+":"+noteID, plain(label, MaxOptionText), nil)
	}
	return slack.NewOverflowBlockElement(ActionOverdue, opt("done", "Done"), opt("still", "Still on it"), opt("drop", "Drop it"))
}

// DroppedNotice confirms a Drop privately, with an Undo.
func DroppedNotice(n bh.Note) Message {
	return undoNotice("🗂️ Dropped: "+Echo(n.Text, 100)+". Plans and the radar leave it out; it stays in the history.", n.ID)
}

// DoneNotice confirms a Done privately, with an Undo.
func DoneNotice(n bh.Note) Message {
	return undoNotice("✓ Done: "+Echo(n.Text, 100)+". The radar and the next plan leave it out.", n.ID)
}

// undoNotice is text with an Undo of what it confirms of the note id.
func undoNotice(text, id string) Message {
	sec := section(text)
	sec.Accessory = slack.NewAccessory(slack.NewButtonBlockElement(ActionRadarUndone, id, plain("Undo", MaxButtonText)))
	return Message{Text: text, Blocks: []slack.Block{sec}}
}
