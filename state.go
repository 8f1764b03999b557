package babyhandoff

import "time"

// RiskLevel orders how urgent a shift's risks are.
type RiskLevel int

// Risk levels, lowest first.
const (
	RiskNone RiskLevel = iota
	RiskLow
	RiskMedium
	RiskHigh
	RiskCritical
)

func (l RiskLevel) String() string {
	switch l {
	case RiskLow:
		return "low"
	case RiskMedium:
		return "medium"
	case RiskHigh:
		return "high"
	case RiskCritical:
		return "critical"
	}
	return "none"
}

// RiskItem is one thing the radar watches: a deadline, a running-low
// supply or a fixed commitment, with the notes it came from.
type RiskItem struct {
	// Key identifies the item across recomputes (its kind and note id).
	Key     string
	Kind    Tag
	Text    string
	At      *time.Time // due, runs out, or starts
	Overdue bool
	Level   RiskLevel
	NoteIDs []string
}

// ShiftState is the Risk Radar's live view of a shift.
type ShiftState struct {
	TeamID        string
	ShiftID       string
	ChannelID     string
	Energy        Energy
	EnergyChosen  bool
	EnergyNoteIDs []string
	Level         RiskLevel
	Deadlines     []RiskItem
	Inventory     []RiskItem
	Commitments   []RiskItem
	NextActions   []Item // at most 3, each with evidence
	Notes         int
	ComputedAt    time.Time
}

// Critical lists the keys of the state's critical items.
func (s ShiftState) Critical() []string {
	var out []string
	for _, group := range [][]RiskItem{s.Deadlines, s.Inventory} {
		for _, it := range group {
			if it.Level == RiskCritical {
				out = append(out, it.Key)
			}
		}
	}
	return out
}

// NoteChange says that a note of a shift changed: the Risk Radar's doorbell.
type NoteChange struct {
	TeamID  string
	ShiftID string
	// Token resumes a change stream after this change.
	Token []byte
}

// RadarCursor is where the radar's change stream resumes, and the time up to
// which every change has been handled.
type RadarCursor struct {
	Token []byte
	At    time.Time
}
