package babyhandoff

import (
	"fmt"
	"slices"
	"time"
)

// Disclaimer is on every Decision Card and every handoff.md.
const Disclaimer = "BabyHandoff is a planning tool. It does not provide medical advice. For health concerns, contact a licensed professional."

// Status is the state of a run or a task.
type Status string

// Statuses of runs and tasks.
const (
	StatusQueued    Status = "queued"
	StatusRunning   Status = "running"
	StatusCompleted Status = "completed"
	StatusFailed    Status = "failed"
)

// Archetype is a planner's strategy.
type Archetype string

// The three plan archetypes (PRD "Plan Archetypes").
const (
	SleepFirst   Archetype = "sleep_first"
	ErrandsFirst Archetype = "errands_first"
	AdminFirst   Archetype = "admin_first"
)

// Archetypes lists the planners in the order cards show them.
var Archetypes = []Archetype{SleepFirst, ErrandsFirst, AdminFirst}

// Label is the archetype as a person reads it.
func (a Archetype) Label() string {
	switch a {
	case SleepFirst:
		return "Sleep-first"
	case ErrandsFirst:
		return "Errands-first"
	case AdminFirst:
		return "Admin-first"
	}
	return string(a)
}

// Run is one council execution for a shift. Runs are numbered per shift
// (v1, v2, …); a what-if run names its parent and the input it changed.
type Run struct {
	ID          string
	TeamID      string
	ShiftID     string
	ChannelID   string
	Version     int
	ParentRunID string
	// Change describes a what-if's changed input ("energy medium → low").
	Change string
	// ChangeStamps are the times written in Change ("re-planned from 13:00").
	ChangeStamps []Stamp
	// Edit is the change of a run made by editing its parent's plan (the
	// ops, who, when): nil for a run the council made.
	Edit *PlanEdit
	// WhatIf are the inputs a what-if changed from its parent (ForkRun):
	// nil for a plan, an edit, or a what-if made before they were typed.
	WhatIf []InputChange
	// Only is the one planner a what-if asked for ("" all three).
	Only Archetype
	// ReadNotes says a what-if planned from the notes as they were when
	// it was made (a /plan that forked the latest run, a what-if of a card
	// whose window had run), not from its parent's pack: it replays from
	// its own pack.
	ReadNotes bool
	Status    Status
	// Settings: everything the council needs besides the notes, so a run
	// can be replayed exactly.
	Energy      Energy // requested: auto, high, medium, low
	HorizonH    int
	Mode        string // heuristic, openai, multi
	TZ          string
	TokenBudget int
	// Now is the run's clock. From is where the plan's window starts
	// ("/plan tomorrow 7am"); zero or earlier than Now: at Now.
	Now  time.Time
	From time.Time
	// For is who the plan is for: the person on duty in its window (their
	// own sleep and energy notes set its energy), named ForName, on duty
	// until ForUntil (zero: until someone takes over). "" when nobody said
	// who is on duty.
	For      string
	ForName  string
	ForUntil time.Time
	// Quiet are the shift's quiet hours when the run was made: planned
	// as night sleep, never errands. Nil: none (runs made before, and a
	// handoff's plan: its person is on duty through the night).
	Quiet *QuietHours
	// Rest is others' sleep in the window while For is on duty (a
	// handoff's sender): stated as theirs, never planned as For's. A run
	// with Rest plans no night sleep for For, whatever Quiet says.
	Rest []Rest
	// Clock is how the plan's reader writes times (its files and texts
	// outside Slack's tokens): 12- or 24-hour, the zero value 24.
	Clock       Clock
	Sample      bool
	RequestedBy string
	// CardChannel and CardTS locate the Decision Card in Slack: from the
	// start, the message that shows the council working and becomes the
	// card. CardPosted says the card itself is there.
	CardChannel string
	CardTS      string
	CardPosted  bool
	Error       string
	// TraceID is the trace of the work that made the run (a /plan, a
	// button): its log lines, tasks and events carry it too.
	TraceID    string
	CreatedAt  time.Time
	StartedAt  time.Time
	FinishedAt time.Time
}

// Task is one agent invocation in a run (the PRD's task graph).
type Task struct {
	ID          string
	RunID       string
	Name        string // normalize_logs, plan_sleep_first, …
	Agent       string // Normalizer, SleepPlanner, …
	Status      Status
	Attempt     int
	MaxAttempts int
	Inputs      map[string]string
	// Outputs hold every task's input_hash and output_hash (sha256 of a
	// canonical encoding of what it read and made), duration_ms, and a
	// model's tokens when one was asked.
	Outputs    map[string]string
	Error      string
	TraceID    string
	QueuedAt   time.Time
	StartedAt  time.Time
	FinishedAt time.Time
}

// Message is one entry of a run's append-only debate log.
type Message struct {
	ID      string
	RunID   string
	TaskID  string
	Seq     int
	Sender  string // Coordinator or an agent name
	Role    string // system, developer, user, assistant
	Content string
	Meta    map[string]string
	At      time.Time
}

// LogRef points from a context pack to a stored note.
type LogRef struct {
	LogID string
	// Kind is the note's kind as the normaliser understood it; TagSource
	// says whether a person chose it, so a replay re-reads it the same way.
	Kind      Tag
	TagSource TagSource
	Text      string
	CreatedAt time.Time
	// StillOnAt carries a person's "still on it" into the run (and its
	// replay): it keeps an overdue deadline in the plan.
	StillOnAt *time.Time
	// UserID is who wrote it: a plan for the person on duty reads energy
	// from their own notes. Link is its Slack message, for handoff.md.
	// Both are absent from packs made before.
	UserID string
	Link   string
}

// ContextPack is the token-budgeted input every agent of a run shares.
type ContextPack struct {
	ID             string
	RunID          string
	ShiftID        string
	Summary        string
	CompiledText   string
	LogRefs        []LogRef
	TokenBudget    int
	TokenEstimate  int
	IncludedLogIDs []string
	// Omitted counts notes that did not fit the budget.
	Omitted int
	// Done lists what was marked done in the DoneWindow before the run,
	// with who: the handoff says so ("done by Sam, Mon 21:10").
	Done      []DoneRef
	CreatedAt time.Time
}

// DoneRef is a note's item marked done, as a handoff shows it.
type DoneRef struct {
	LogID string
	Text  string
	At    time.Time
	By    string // a person's name; "" when not known
}

// DoneWindow is how far back a handoff lists what was done.
const DoneWindow = 24 * time.Hour

// Block is a time block of a plan.
type Block struct {
	Start   time.Time
	End     time.Time
	Title   string
	Kind    string // rest, errand, admin, focus, commitment, care, buffer
	NoteIDs []string
	// Stamps are the times written in Title ("… (due Tue 17:00)").
	Stamps []Stamp
}

// Item is a line of a plan list (priority, checklist, running-low).
type Item struct {
	Text    string
	NoteIDs []string
	Due     *time.Time
	// Ask marks an item a person is asked about — a deadline past due, an
	// item a week without news: besides Done, they may say it is still
	// on, or drop it.
	Ask bool
	// Stamps are the times written in Text ("overdue since Tue 17:00").
	Stamps []Stamp
}

// HealthLine heads a plan's health notes wherever they are shown; it
// names who helps, never what to do (no advice, no triage, no
// reassurance).
const HealthLine = "Health notes — contact a licensed professional; if it feels urgent, call your local emergency number."

// MoodSupportLine follows HealthLine when a note is about the parent's own
// low mood.
const MoodSupportLine = "Support exists for how you feel after a birth: talk to your doctor or midwife."

// Proposal is one planner's plan.
type Proposal struct {
	ID         string
	RunID      string
	Archetype  Archetype
	Agent      string
	Summary    string
	Blocks     []Block
	Top        []Item // at most 5
	Admin      []Item
	RunningLow []Item
	// Now lists what the Risk Radar calls critical — a supply out or
	// running out within hours, a deadline already past — as actions, each
	// saying when this plan gets to it: the card opens with them.
	Now []Item
	// Health lists the notes that raise a health concern. They are never
	// planned into a time slot (that would be triage): the card, handoff.md
	// and a share show them first, for a licensed professional.
	Health []Item
	// MoodSupport says one of them is about the parent's own low mood.
	MoodSupport bool
	// StillOpen lists what is no longer planned but not done either: dated
	// tasks whose day ended, deadlines overdue past OverdueDrop. The card
	// asks about them, each with its Done.
	StillOpen []Item
	// Source says how the plan was made: heuristic, llm, or fallback.
	Source string
	// Model names the model of an llm plan; Fallback says why a model's
	// plan was not used.
	Model    string
	Fallback string
}

// Rubric dimensions (each scored 1–5).
const (
	DimCommitments = "commitments_fit"
	DimDeadline    = "deadline_risk"
	DimEnergy      = "energy_match"
	DimTimeWindow  = "time_window"
	DimInventory   = "inventory_risk"
)

// Dimensions lists the rubric in display order.
var Dimensions = []string{DimCommitments, DimDeadline, DimEnergy, DimTimeWindow, DimInventory}

// DimensionLabel is a dimension as a person reads it.
func DimensionLabel(d string) string {
	switch d {
	case DimCommitments:
		return "Commitments"
	case DimDeadline:
		return "Deadlines"
	case DimEnergy:
		return "Energy"
	case DimTimeWindow:
		return "Time"
	case DimInventory:
		return "Supplies"
	}
	return d
}

// Score is one rubric dimension's score for one proposal.
type Score struct {
	Dimension string
	Value     int
	Why       string
	// Stamps are the times written in Why.
	Stamps []Stamp
}

// Scorecard is a proposal's rubric.
type Scorecard struct {
	Archetype Archetype
	Scores    []Score
	Total     int
}

// Reason is one "because" line of a decision, linked to its notes.
type Reason struct {
	Text    string
	NoteIDs []string
	// Stamps are the times written in Text.
	Stamps []Stamp
}

// Decision is the referee's verdict.
type Decision struct {
	ID         string
	RunID      string
	Winner     Archetype
	Confidence float64 // 0..1
	Scorecards []Scorecard
	Rationale  []Reason
	// TieBreak names the dimension that broke a tie on totals ("" if none).
	TieBreak string
	// JudgedBy is the model that scored the rubric (multi mode), or ""
	// for the deterministic rubric; JudgeFallback says why a model's
	// scores were not used.
	JudgedBy      string
	JudgeFallback string
	// Energy is the energy the plans were made for, and EnergyFrom says
	// whether it was chosen or inferred (with the notes it came from).
	Energy        Energy
	EnergyChosen  bool
	EnergyNoteIDs []string
}

// Artifact kinds.
const (
	ArtifactHandoff    = "handoff_markdown"
	ArtifactTranscript = "council_transcript_markdown"
	ArtifactDiff       = "handoff_diff"
	// ArtifactCalendar is a plan as an iCalendar file (plan-v2.ics): its
	// blocks and deadlines, for a phone's calendar.
	ArtifactCalendar = "calendar"
	// ArtifactPicture is a plan as a PNG timeline of its window
	// (plan-v2.png), for a glance at a phone.
	ArtifactPicture = "picture"
)

// Artifact is a file a run produced.
type Artifact struct {
	ID        string
	RunID     string
	Kind      string
	Name      string // handoff-v2.md
	Content   string
	CreatedAt time.Time
}

// Event is one entry of the append-only timeline (runs, radar wake-ups).
type Event struct {
	ID      string
	TeamID  string
	ShiftID string
	RunID   string
	At      time.Time
	Agent   string
	Type    string
	Text    string
	Meta    map[string]string
}

// EventWakeUp is the type of the radar's events: one per look at a shift
// whose notes changed. App Home shows a shift's latest three; older ones
// are swept after a day.
const EventWakeUp = "agent_woke_up"

// RunDiff is what changed from a run to its what-if child.
type RunDiff struct {
	FromVersion   int
	ToVersion     int
	Change        string
	ChangeStamps  []Stamp
	WinnerBefore  Archetype
	WinnerAfter   Archetype
	BlocksAdded   []Block
	BlocksRemoved []Block
	BlocksMoved   []BlockMove
	UnifiedDiff   string
}

// WinnerChanged reports whether the what-if flipped the winner.
func (d RunDiff) WinnerChanged() bool { return d.WinnerBefore != d.WinnerAfter }

// ScheduleUnchanged reports that the what-if left the winner and every
// block as they were: there is no diff worth a file.
func (d RunDiff) ScheduleUnchanged() bool {
	return !d.WinnerChanged() && len(d.BlocksAdded) == 0 && len(d.BlocksRemoved) == 0 && len(d.BlocksMoved) == 0
}

// BlockMove is a block whose time changed between versions.
type BlockMove struct {
	Title    string
	From, To time.Time
	Stamps   []Stamp // the times written in Title
}

// Agent is a registered council agent and the skills tasks are assigned by.
type Agent struct {
	Name        string
	Skills      []string
	Description string
}

// RunRecord is everything a run wrote: what the store persists in one
// commit and loads back for replay, files and diffs.
type RunRecord struct {
	Run       Run
	Pack      ContextPack
	Tasks     []Task
	Messages  []Message
	Events    []Event
	Proposals []Proposal
	Decision  Decision
	Artifacts []Artifact
}

// Winner is the record's winning proposal.
func (r RunRecord) Winner() Proposal { return WinnerOf(r.Proposals, r.Decision) }

// WinnerOf is the proposal d picked (zero when none is there).
func WinnerOf(props []Proposal, d Decision) Proposal {
	for _, p := range props {
		if p.Archetype == d.Winner {
			return p
		}
	}
	return Proposal{}
}

// Artifact returns the record's artifact of a kind.
func (r RunRecord) Artifact(kind string) (Artifact, bool) {
	for _, a := range r.Artifacts {
		if a.Kind == kind {
			return a, true
		}
	}
	return Artifact{}, false
}

// ReadOrder puts a run's record in the order it is read, however a store
// returned it: tasks by the council's steps, messages as sent, proposals
// sleep, errands, admin.
func (r *RunRecord) ReadOrder() {
	order := map[string]int{"normalize_logs": 0, "plan_sleep_first": 1, "plan_errands_first": 2, "plan_admin_first": 3, "score_and_select": 4, "write_handoff": 5}
	slices.SortStableFunc(r.Tasks, func(a, b Task) int { return order[a.Name] - order[b.Name] })
	slices.SortStableFunc(r.Messages, func(a, b Message) int { return a.Seq - b.Seq })
	arch := map[Archetype]int{SleepFirst: 0, ErrandsFirst: 1, AdminFirst: 2}
	slices.SortStableFunc(r.Proposals, func(a, b Proposal) int { return arch[a.Archetype] - arch[b.Archetype] })
}

// NoneIfEmpty makes a plan's empty lists none (nil), however a store
// wrote them: every engine reads a run's proposals so, and a run reads the
// same before and after an export and import.
func NoneIfEmpty(props []Proposal) {
	for i := range props {
		p := &props[i]
		if len(p.Blocks) == 0 {
			p.Blocks = nil
		}
		for _, items := range []*[]Item{&p.Top, &p.Admin, &p.RunningLow, &p.Now, &p.Health, &p.StillOpen} {
			if len(*items) == 0 {
				*items = nil
			}
		}
	}
}

// RunDetailsGone is why a run's record cannot be read once the sweep
// removed its details, which are kept for keep (RUN_DETAIL_DAYS).
func RunDetailsGone(r Run, keep time.Duration) error {
	return Errorf(ENOTFOUND, "Plan v%d is from %s: a plan's details (handoff.md, the transcript, the other plans) are kept for %d days, so they are no longer here. Run /plan for a fresh one.",
		r.Version, r.CreatedAt.Format("Jan 2"), int(keep.Hours()/24))
}

// RunNotSaved is why a run that did not complete has no record: only a
// completed run's details are whole.
func RunNotSaved(r Run) error {
	return Errorf(ENOTFOUND, "Run %s has no saved results (status %s).", r.ID, r.Status)
}

// Upload is a file a person asked for, recorded before it is sent so that a
// restart finishes it.
type Upload struct {
	ID        string
	TeamID    string
	RunID     string
	Kind      string // an artifact kind
	ChannelID string
	ThreadTS  string
	UserID    string
	CreatedAt time.Time
}

// Start is where the run's plan starts: From, or Now.
func (r Run) Start() time.Time {
	if r.From.After(r.Now) {
		return r.From
	}
	return r.Now
}

// WindowText names the run's window: "next 12h", or for a later window
// its times on the shift's clock, "Tue 07:00–19:00", written on the run's
// Clock ("Tue 7 AM–7 PM").
func (r Run) WindowText(loc *time.Location) string {
	if !r.Later() {
		return fmt.Sprintf("next %dh", r.HorizonH)
	}
	from := r.From.In(loc)
	to := from.Add(time.Duration(r.HorizonH) * time.Hour)
	c := r.Clock
	if to.YearDay() != from.YearDay() && r.HorizonH >= 24 {
		return c.Format(from, "Mon 15:04") + "–" + c.Format(to, "Mon 15:04")
	}
	return from.Format("Mon ") + c.Span(from, to)
}

// Later reports whether the run plans a window that starts later than now
// (by more than a plan step), rather than "the next hours".
func (r Run) Later() bool { return r.From.Sub(r.Now) > 15*time.Minute }

// Verdict says how clearly the winner won, in points, not as a made-up
// probability: "clear winner (25 vs 22 points)", "close call (19 vs 18
// points)", "a tie on points (19 each), broken by deadlines first".
func (d Decision) Verdict() string {
	var win, next int
	found := false
	for _, c := range d.Scorecards {
		if c.Archetype == d.Winner {
			win = c.Total
			continue
		}
		if !found || c.Total > next {
			next, found = c.Total, true
		}
	}
	switch margin := win - next; {
	case !found:
		return fmt.Sprintf("%d of 25 points", win)
	case margin >= 3:
		return fmt.Sprintf("clear winner (%d vs %d points)", win, next)
	case margin > 0:
		return fmt.Sprintf("close call (%d vs %d points)", win, next)
	default:
		return fmt.Sprintf("a tie on points (%d each), broken by deadlines first", win)
	}
}
