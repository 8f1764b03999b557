// Package archive is the export format: a family's documents as JSON
// files, written by `babyhandoff export` and read by `babyhandoff import`
// and by the one-time move from the old engine. It is engine-neutral: each
// engine turns its rows into a bh.FamilyRecord, and this package turns that
// into the format's documents (DumpOf) and back (RecordOf).
package archive

import (
	"strings"

	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
)

// ExportFormat is the version of what an export holds. Import refuses a
// higher one: it was written by a newer BabyHandoff.
// Format 2 carries families: the conversations that feed the shift, its
// members, their people and its invites; format 1 dumps import as before
// families (each shift becomes a family of its own).
const ExportFormat = 2

// Dump is one family's documents (its shift's), collection by collection,
// as the old store kept them (written out as MongoDB Extended JSON), so an
// import gives back the same family: ids, times, versions, zipped run
// details, radar state. Sent Slack event ids and files being uploaded are
// not part of it.
type Dump struct {
	Shift       bh.Shift
	Collections map[string][]bson.Raw
}

// The collections of the format, named as the old store named them.
const (
	colShifts        = "shifts"
	colLogs          = "logs" // notes
	colReplies       = "replies"
	colShiftState    = "shift_state"
	colRuns          = "runs"
	colTasks         = "tasks"
	colMessages      = "messages"
	colContextPacks  = "context_packs"
	colProposals     = "proposals"
	colDecisions     = "decisions"
	colArtifacts     = "artifacts"
	colEvents        = "events"
	colCounters      = "counters"
	colNudges        = "nudges" // the radar's posts
	colRadarSettings = "radar_settings"
	colDuty          = "duty"
	colHandoffs      = "handoffs"
	colConversations = "conversations"
	colMembers       = "members"
	colPeople        = "people"
	colInvites       = "invites"
)

// byRun names the run details, with the field that places a document in
// its run ("" when a run has one of them).
var byRun = map[string]string{
	colTasks: "name", colMessages: "seq", colContextPacks: "", colProposals: "archetype", colDecisions: "", colArtifacts: "kind",
}

// byStringID names the collections whose documents are found by a string
// _id alone.
var byStringID = map[string]bool{colLogs: true, colReplies: true, colShiftState: true}

// CheckDump says whether d can be imported, before anything is written: a
// collection the format does not have, a document without an _id, and a
// note, reply, radar state or run detail without the keys that find it
// are refused.
func CheckDump(d Dump) error {
	for name, docs := range d.Collections {
		field, detail := byRun[name]
		if !detail && !byStringID[name] && !plain[name] {
			return bh.Errorf(bh.EINVALID, "The export has a collection %q this version does not import.", name)
		}
		for _, raw := range docs {
			if raw.Lookup("_id").Type == 0 {
				return bh.Errorf(bh.EINVALID, "A document in %s has no _id.", name)
			}
			if byStringID[name] {
				if id, ok := raw.Lookup("_id").StringValueOK(); !ok || id == "" {
					return bh.Errorf(bh.EINVALID, "A document in %s has no usable _id.", name)
				}
			}
			if detail {
				if err := checkDetail(name, field, raw); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// plain names the other collections of the format.
var plain = map[string]bool{colShifts: true, colRuns: true, colEvents: true, colCounters: true, colNudges: true, colRadarSettings: true,
	colDuty: true, colHandoffs: true, colConversations: true, colMembers: true, colPeople: true, colInvites: true}

// checkDetail: a run's detail is found by its run and its place in it.
func checkDetail(name, field string, raw bson.Raw) error {
	run, ok := raw.Lookup("run_id").StringValueOK()
	if !ok || run == "" || strings.IndexByte(run, 0) >= 0 {
		return bh.Errorf(bh.EINVALID, "A document in %s has no usable run_id.", name)
	}
	switch field {
	case "":
	case "seq":
		if _, ok := raw.Lookup("seq").AsInt64OK(); !ok {
			return bh.Errorf(bh.EINVALID, "A message of run %s has no seq.", run)
		}
	default:
		if _, ok := raw.Lookup(field).StringValueOK(); !ok {
			return bh.Errorf(bh.EINVALID, "A document in %s of run %s has no %s.", name, run, field)
		}
	}
	return nil
}
