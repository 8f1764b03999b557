package archive

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
)

// This file: a Dump to and from a bh.FamilyRecord (domain values), the
// form both engines export and import.

// RecordOf reads a dump's documents as a family's record (sorted, bh.FamilyRecord.Sort).
func RecordOf(d Dump) (bh.FamilyRecord, error) {
	if err := CheckDump(d); err != nil {
		return bh.FamilyRecord{}, err
	}
	r := bh.FamilyRecord{Shift: d.Shift, ReplyAt: map[string]time.Time{}, DetailsRemoved: map[string]time.Time{}}
	runs := map[string]*bh.RunRecord{}
	run := func(id string) *bh.RunRecord {
		if runs[id] == nil {
			runs[id] = &bh.RunRecord{}
		}
		return runs[id]
	}
	replies := map[string]replyDoc{}
	for name, docs := range d.Collections {
		for _, raw := range docs {
			var err error
			switch name {
			case colShifts:
				if v, ok := as[shiftDoc](raw, name, &err); ok {
					r.Shift, r.Left = v.domain(), v.Left
				}
			case colLogs:
				if v, ok := as[logDoc](raw, name, &err); ok {
					r.Notes = append(r.Notes, v.domain())
				}
			case colReplies:
				if v, ok := as[replyDoc](raw, name, &err); ok {
					replies[v.ID] = v
				}
			case colShiftState:
				if v, ok := as[shiftStateDoc](raw, name, &err); ok {
					st := v.domain()
					r.State, r.StateFingerprint = &st, v.Fingerprint
				}
			case colRuns:
				if v, ok := as[runDoc](raw, name, &err); ok {
					run(v.ID).Run = v.domain()
					if v.DetailsRemovedAt != nil {
						r.DetailsRemoved[v.ID] = v.DetailsRemovedAt.UTC()
					}
				}
			case colTasks:
				if t, ok := as[taskDoc](raw, name, &err); ok {
					run(t.RunID).Tasks = append(run(t.RunID).Tasks, bh.Task{ID: t.ID, RunID: t.RunID, Name: t.Name, Agent: t.AgentName, Status: bh.Status(t.Status),
						Attempt: t.Attempt, MaxAttempts: t.MaxAttempts, Inputs: t.Inputs, Outputs: t.Outputs, Error: t.Error, TraceID: t.TraceID, QueuedAt: t.QueuedAt.UTC(),
						StartedAt: t.StartedAt.UTC(), FinishedAt: t.FinishedAt.UTC()})
				}
			case colMessages:
				if m, ok := as[messageDoc](raw, name, &err); ok {
					run(m.RunID).Messages = append(run(m.RunID).Messages, bh.Message{ID: m.ID, RunID: m.RunID, TaskID: m.TaskID, Seq: m.Seq, Sender: m.Sender,
						Role: m.Role, Content: m.Content, Meta: m.Meta, At: m.CreatedAt.UTC()})
				}
			case colContextPacks:
				if v, ok := as[packDoc](raw, name, &err); ok {
					run(v.RunID).Pack = v.domain()
				}
			case colProposals:
				if v, ok := as[proposalDoc](raw, name, &err); ok {
					run(v.RunID).Proposals = append(run(v.RunID).Proposals, v.domain())
				}
			case colDecisions:
				if v, ok := as[decisionDoc](raw, name, &err); ok {
					run(v.RunID).Decision = v.domain()
				}
			case colArtifacts:
				if a, ok := as[artifactDoc](raw, name, &err); ok {
					run(a.RunID).Artifacts = append(run(a.RunID).Artifacts, bh.Artifact{ID: a.ID, RunID: a.RunID, Kind: a.Kind, Name: a.Name, Content: a.Content,
						CreatedAt: a.CreatedAt.UTC()})
				}
			case colEvents:
				if e, ok := as[eventDoc](raw, name, &err); ok {
					ev := bh.Event{ID: e.ID, TeamID: e.TeamID, ShiftID: e.ShiftID, RunID: e.RunID, At: e.At.UTC(), Agent: e.Agent, Type: e.Type, Text: e.Text, Meta: e.Meta}
					if e.RunID != "" {
						run(e.RunID).Events = append(run(e.RunID).Events, ev)
					} else {
						r.Events = append(r.Events, ev)
					}
				}
			case colNudges:
				if v, ok := as[postDoc](raw, name, &err); ok {
					r.Posts = append(r.Posts, v.domain())
				}
			case colRadarSettings:
				if v, ok := as[radarSettingsDoc](raw, name, &err); ok {
					s := v.domain()
					r.Settings = &s
				}
			case colDuty:
				if v, ok := as[dutyDoc](raw, name, &err); ok {
					r.Duty = &bh.Duty{TeamID: v.TeamID, ShiftID: v.ShiftID, UserID: v.UserID, Since: v.Since.UTC(), Until: utcOrZero(v.Until), HandoffID: v.HandoffID}
				}
			case colHandoffs:
				if v, ok := as[handoffDoc](raw, name, &err); ok {
					r.Handoffs = append(r.Handoffs, v.domain())
				}
			case colCounters:
				if v, ok := as[counterDoc](raw, name, &err); ok {
					r.RunVersion = v.Seq
				}
			case colConversations:
				if v, ok := as[convDoc](raw, name, &err); ok {
					r.Conversations = append(r.Conversations, v.domain())
				}
			case colMembers:
				if v, ok := as[memberDoc](raw, name, &err); ok {
					r.Members = append(r.Members, v.domain())
				}
			case colPeople:
				if v, ok := as[personDoc](raw, name, &err); ok {
					r.People = append(r.People, bh.Person{TeamID: v.TeamID, UserID: v.UserID, Quiet: v.Quiet.domain(), UpdatedAt: v.UpdatedAt.UTC()})
				}
			case colInvites:
				if v, ok := as[inviteDoc](raw, name, &err); ok {
					r.Invites = append(r.Invites, v.domain())
				}
			}
			if err != nil {
				return bh.FamilyRecord{}, err
			}
		}
	}
	for i, n := range r.Notes {
		if rp, ok := replies[n.ID]; ok {
			r.Notes[i].ReplyChannel, r.Notes[i].ReplyTS = rp.Channel, rp.TS
			r.ReplyAt[n.ID] = rp.At.UTC()
		}
	}
	for id, rec := range runs {
		if rec.Run.ID == "" {
			return bh.FamilyRecord{}, bh.Errorf(bh.EINVALID, "The export has details of a run %s it does not have.", id)
		}
		r.Runs = append(r.Runs, *rec)
	}
	r.Sort()
	return r, nil
}

// as decodes raw, a document of the collection name, as a T; a document
// that cannot be read is an EINVALID error in err.
func as[T any](raw bson.Raw, name string, err *error) (v T, ok bool) {
	if e := unzipDoc(raw, &v); e != nil {
		*err = bh.Errorf(bh.EINVALID, "A document in %s cannot be read: %v", name, e)
		return v, false
	}
	return v, true
}

// DumpOf writes a family's record as the export's documents, as the old
// store kept them (so the files are those it wrote).
func DumpOf(r bh.FamilyRecord) (Dump, error) {
	d := Dump{Shift: r.Shift, Collections: map[string][]bson.Raw{}}
	team, shift := r.Shift.TeamID, r.Shift.ID
	var failed error
	add := func(coll string, doc any) {
		raw, err := bson.Marshal(doc)
		if err != nil && failed == nil {
			failed = fmt.Errorf("%s: %w", coll, err)
		}
		d.Collections[coll] = append(d.Collections[coll], raw)
	}
	// A run's details, zipped behind the keys that find them.
	zip := func(coll, id, runID string, doc any, more ...bson.E) {
		z, err := zipDoc(doc, append([]bson.E{{Key: "_id", Value: id}, {Key: "team_id", Value: team}, {Key: "run_id", Value: runID}}, more...)...)
		if err != nil && failed == nil {
			failed = fmt.Errorf("%s: %w", coll, err)
		}
		add(coll, z)
	}
	sh := r.Shift
	add(colShifts, shiftDoc{ID: sh.ID, TeamID: sh.TeamID, ChannelID: sh.ChannelID, TZ: sh.TZ, Sample: sh.Sample, SweptRev: sh.SweptRev,
		CreatedAt: sh.CreatedAt.UTC(), UpdatedAt: sh.UpdatedAt.UTC(), Left: r.Left})
	for _, c := range r.Conversations {
		add(colConversations, convDoc{ID: convID(c.TeamID, c.ChannelID), TeamID: c.TeamID, ChannelID: c.ChannelID, ShiftID: c.ShiftID, Kind: string(c.Kind),
			UserID: c.UserID, Since: c.Since.UTC()})
	}
	for _, m := range r.Members {
		add(colMembers, memberDoc{ID: memberID(m.TeamID, m.ShiftID, m.UserID), TeamID: m.TeamID, ShiftID: m.ShiftID, UserID: m.UserID,
			JoinedAt: m.JoinedAt.UTC(), InvitedBy: m.InvitedBy})
	}
	for _, p := range r.People {
		add(colPeople, personDoc{ID: p.TeamID + "/" + p.UserID, TeamID: p.TeamID, UserID: p.UserID, Quiet: toQuietDoc(p.Quiet), UpdatedAt: p.UpdatedAt.UTC()})
	}
	for _, i := range r.Invites {
		add(colInvites, inviteDoc{ID: i.ID, TeamID: i.TeamID, ShiftID: i.ShiftID, From: i.From, To: i.To, HandoffID: i.HandoffID, CreatedAt: i.CreatedAt.UTC(),
			Answer: string(i.Answer), AnsweredAt: i.AnsweredAt.UTC()})
	}
	for _, n := range r.Notes {
		add(colLogs, toLogDoc(n))
		if at, ok := r.ReplyAt[n.ID]; ok || n.ReplyTS != "" {
			add(colReplies, replyDoc{ID: n.ID, TeamID: n.TeamID, Channel: n.ReplyChannel, TS: n.ReplyTS, At: at.UTC()})
		}
	}
	if st := r.State; st != nil {
		add(colShiftState, toStateDoc(*st, r.StateFingerprint))
	}
	if r.RunVersion > 0 {
		add(colCounters, counterDoc{ID: "runs:" + team + ":" + shift, Seq: r.RunVersion})
	}
	for _, rec := range r.Runs {
		run := toRunDoc(rec.Run)
		if at, ok := r.DetailsRemoved[run.ID]; ok {
			run.DetailsRemovedAt = &at
		}
		add(colRuns, run)
		if rec.Decision.ID != "" {
			zip(colDecisions, rec.Decision.ID, run.ID, toDecisionDoc(team, shift, rec.Decision))
		}
		if run.DetailsRemovedAt != nil {
			continue
		}
		if rec.Pack.ID != "" {
			zip(colContextPacks, rec.Pack.ID, run.ID, toPackDoc(team, shift, rec.Pack))
		}
		for _, t := range rec.Tasks {
			zip(colTasks, t.ID, run.ID, taskDoc{ID: t.ID, TeamID: team, ShiftID: shift, RunID: run.ID, Name: t.Name, AgentName: t.Agent,
				Status: string(t.Status), Attempt: t.Attempt, MaxAttempts: t.MaxAttempts, Inputs: t.Inputs, Outputs: t.Outputs, Error: t.Error, TraceID: t.TraceID,
				QueuedAt: t.QueuedAt.UTC(), StartedAt: t.StartedAt.UTC(), FinishedAt: t.FinishedAt.UTC(), UpdatedAt: run.FinishedAt}, bson.E{Key: "name", Value: t.Name})
		}
		for _, m := range rec.Messages {
			zip(colMessages, m.ID, run.ID, messageDoc{ID: m.ID, TeamID: team, ShiftID: shift, RunID: run.ID, TaskID: m.TaskID, Seq: m.Seq,
				Sender: m.Sender, Role: m.Role, Content: m.Content, Meta: m.Meta, CreatedAt: m.At.UTC()}, bson.E{Key: "seq", Value: m.Seq})
		}
		for _, p := range rec.Proposals {
			zip(colProposals, p.ID, run.ID, toProposalDoc(team, shift, p), bson.E{Key: "archetype", Value: string(p.Archetype)})
		}
		for _, a := range rec.Artifacts {
			zip(colArtifacts, a.ID, run.ID, toArtifactDoc(team, shift, a), bson.E{Key: "kind", Value: a.Kind})
		}
		for _, e := range rec.Events {
			add(colEvents, toEventDoc(e))
		}
	}
	for _, e := range r.Events {
		add(colEvents, toEventDoc(e))
	}
	for _, p := range r.Posts {
		add(colNudges, toPostDoc(p))
	}
	if s := r.Settings; s != nil {
		add(colRadarSettings, radarSettingsDoc{ID: team + "/" + shift, TeamID: team, ShiftID: shift, SnoozedUntil: s.SnoozedUntil.UTC(), OutlookOn: s.OutlookOn,
			OutlookHour: s.OutlookHour, Off: s.Off, OffAt: s.OffAt.UTC(), OffNotesRev: s.OffNotesRev, Quiet: toQuietDoc(s.Quiet)})
	}
	if v := r.Duty; v != nil {
		add(colDuty, dutyDoc{ID: team + "/" + shift, TeamID: v.TeamID, ShiftID: v.ShiftID, UserID: v.UserID, Since: v.Since.UTC(), Until: v.Until.UTC(), HandoffID: v.HandoffID})
	}
	for _, h := range r.Handoffs {
		add(colHandoffs, toHandoffDoc(h))
	}
	for name, docs := range d.Collections { // in _id order, as the old store exported them
		slices.SortStableFunc(docs, func(a, b bson.Raw) int { return strings.Compare(a.Lookup("_id").String(), b.Lookup("_id").String()) })
		d.Collections[name] = docs
	}
	return d, failed
}
