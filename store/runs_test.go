package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

func sampleRecord(run bh.Run) bh.RunRecord {
	at := run.Now
	due := at.Add(30 * time.Hour)
	return bh.RunRecord{
		Run: run,
		Pack: bh.ContextPack{ID: run.ID + ":pack", RunID: run.ID, ShiftID: run.ShiftID, Summary: "2 notes", CompiledText: "- [n1] …", TokenBudget: 4000, TokenEstimate: 12, IncludedLogIDs: []string{"n1", "n2"}, LogRefs: []bh.LogRef{{LogID: "n1", Kind: bh.TagDeadline, TagSource: bh.TagByUser, Text: "form", CreatedAt: at}},
			Done: []bh.DoneRef{{LogID: "n0", Text: "diapers almost out", At: at.Add(-time.Hour), By: "Sam"}}, CreatedAt: at},
		Tasks: []bh.Task{
			{ID: run.ID + ":write_handoff", RunID: run.ID, Name: "write_handoff", Agent: "HandoffWriter", Status: bh.StatusCompleted, Attempt: 1, MaxAttempts: 3, Outputs: map[string]string{"artifact_id": "a"}, QueuedAt: at, StartedAt: at, FinishedAt: at},
			{ID: run.ID + ":normalize_logs", RunID: run.ID, Name: "normalize_logs", Agent: "Normalizer", Status: bh.StatusCompleted, Attempt: 1, MaxAttempts: 3, Inputs: map[string]string{"context_pack_id": run.ID + ":pack"}, QueuedAt: at, StartedAt: at, FinishedAt: at},
		},
		Messages: []bh.Message{{ID: run.ID + ":m001", RunID: run.ID, Seq: 1, Sender: "Coordinator", Role: "system", Content: "pack", At: at}, {ID: run.ID + ":m002", RunID: run.ID, Seq: 2, Sender: "Normalizer", Role: "assistant", Content: "facts", Meta: map[string]string{"k": "v"}, At: at}},
		Events:   []bh.Event{{ID: run.ID + ":e001", TeamID: run.TeamID, ShiftID: run.ShiftID, RunID: run.ID, At: at, Agent: "Coordinator", Type: "run_started", Text: "v1 started"}},
		Proposals: []bh.Proposal{
			{ID: run.ID + ":admin_first", RunID: run.ID, Archetype: bh.AdminFirst, Agent: "AdminPlanner", Summary: "s", Source: "heuristic",
				Blocks: []bh.Block{{Start: at, End: at.Add(30 * time.Minute), Title: "form (due Mon 17:00)", Kind: "admin", NoteIDs: []string{"n1"}, Stamps: []bh.Stamp{bh.StampOf(due, "Mon 15:04")}}},
				Top:    []bh.Item{{Text: "form", NoteIDs: []string{"n1"}, Due: &due}}, Now: []bh.Item{{Text: "form — overdue since Mon 17:00", NoteIDs: []string{"n1"}, Ask: true, Stamps: []bh.Stamp{bh.StampOf(due, "Mon 15:04")}}}},
			{ID: run.ID + ":sleep_first", RunID: run.ID, Archetype: bh.SleepFirst, Agent: "SleepPlanner", Summary: "s", Source: "heuristic"},
		},
		Decision:  bh.Decision{ID: run.ID + ":decision", RunID: run.ID, Winner: bh.AdminFirst, Confidence: 0.71, Energy: bh.EnergyLow, EnergyNoteIDs: []string{"n2"}, Scorecards: []bh.Scorecard{{Archetype: bh.AdminFirst, Total: 21, Scores: []bh.Score{{Dimension: bh.DimDeadline, Value: 5, Why: "w at 17:00", Stamps: []bh.Stamp{bh.StampOf(due, "15:04")}}}}}, Rationale: []bh.Reason{{Text: "because", NoteIDs: []string{"n1"}, Stamps: []bh.Stamp{bh.StampOf(due, "15:04")}}}},
		Artifacts: []bh.Artifact{{ID: run.ID + ":handoff", RunID: run.ID, Kind: bh.ArtifactHandoff, Name: "handoff-v1.md", Content: "# Handoff", CreatedAt: at}},
	}
}

func TestRunsVersionsAndRoundTrip(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			db := open(t)
			now := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
			r1, err := db.CreateRun(ctx, bh.Run{TeamID: "T1", ShiftID: "s1", Energy: bh.EnergyAuto, HorizonH: 12, TZ: "UTC", Now: now})
			require.NoError(t, err)
			r2, err := db.CreateRun(ctx, bh.Run{TeamID: "T1", ShiftID: "s1", ParentRunID: r1.ID, Change: "energy auto → low, re-planned from 15:00",
				ChangeStamps: []bh.Stamp{bh.StampOf(now, "15:04")}, Energy: bh.EnergyLow, Now: now})
			require.NoError(t, err)
			other, err := db.CreateRun(ctx, bh.Run{TeamID: "T1", ShiftID: "s2", Now: now})
			require.NoError(t, err)
			assert.Equal(t, 1, r1.Version)
			assert.Equal(t, 2, r2.Version)
			assert.Equal(t, 1, other.Version, "versions are per shift")
			assert.Equal(t, bh.StatusRunning, r1.Status)

			rec := sampleRecord(r1)
			require.NoError(t, db.SaveRunRecord(ctx, rec))
			assert.Equal(t, bh.ECONFLICT, bh.ErrorCode(db.SaveRunRecord(ctx, rec)), "a run is saved once")

			got, err := db.RunRecord(ctx, "T1", r1.ID)
			require.NoError(t, err)
			assert.Equal(t, bh.StatusCompleted, got.Run.Status)
			assert.Equal(t, rec.Pack, got.Pack)
			assert.Equal(t, rec.Decision, got.Decision)
			assert.Equal(t, rec.Messages, got.Messages)
			assert.Equal(t, rec.Events, got.Events)
			assert.Equal(t, rec.Artifacts, got.Artifacts)
			assert.Equal(t, []bh.Proposal{rec.Proposals[1], rec.Proposals[0]}, got.Proposals, "proposals in archetype order")
			assert.Equal(t, []string{"normalize_logs", "write_handoff"}, []string{got.Tasks[0].Name, got.Tasks[1].Name}, "tasks in graph order")
			assert.Equal(t, rec.Tasks[0].Outputs, got.Tasks[1].Outputs)

			_, err = db.RunRecord(ctx, "T2", r1.ID)
			assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err), "runs are scoped by team")
			_, err = db.RunRecord(ctx, "T1", r2.ID)
			assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err), "a run without results says so")

			latest, err := db.LatestRun(ctx, "T1", "s1")
			require.NoError(t, err)
			assert.Equal(t, r1.ID, latest.ID, "the newest completed run")
			require.NoError(t, db.SetRunCard(ctx, "T1", r1.ID, "C1", "1.2"))
			byID, err := db.RunByID(ctx, r1.ID)
			require.NoError(t, err)
			assert.Equal(t, "1.2", byID.CardTS)

			// A plan made for the one on duty keeps whose it is and the
			// other's sleep it states, for a replay to say the same.
			night := bh.Rest{UserID: "U1", Name: "Maya", Start: now.Add(7 * time.Hour), End: now.Add(15 * time.Hour)}
			forSam, err := db.CreateRun(ctx, bh.Run{TeamID: "T1", ShiftID: "s3", For: "U2", ForName: "Sam", ForUntil: now.Add(16 * time.Hour),
				Rest: []bh.Rest{night}, Now: now, Clock: bh.Clock12})
			require.NoError(t, err)
			samGot, err := db.Run(ctx, "T1", forSam.ID)
			require.NoError(t, err)
			assert.Equal(t, []bh.Rest{night}, samGot.Rest)
			assert.Equal(t, "Sam", samGot.ForName)
			assert.Equal(t, bh.Clock12, samGot.Clock, "its files are written on its reader's clock, in a replay too")
			assert.Nil(t, r2.Rest)

			// r2, other and forSam were left running: a restart fails them with a reason.
			failed, err := db.FailInterruptedRuns(ctx, 0)
			require.NoError(t, err)
			assert.Len(t, failed, 3)
			r2got, err := db.Run(ctx, "T1", r2.ID)
			require.NoError(t, err)
			assert.Equal(t, []bh.Stamp{bh.StampOf(now, "15:04")}, r2got.ChangeStamps, "a what-if's times kept with its change")
			assert.Equal(t, bh.StatusFailed, r2got.Status)
			assert.Contains(t, r2got.Error, "interrupted")

			require.NoError(t, db.RegisterAgents(ctx, []bh.Agent{{Name: "Referee", Skills: []string{"score"}}, {Name: "Normalizer", Skills: []string{"normalize"}}}))
			require.NoError(t, db.RegisterAgents(ctx, []bh.Agent{{Name: "Referee", Skills: []string{"score", "judge"}}}))
			agents, err := db.Agents(ctx)
			require.NoError(t, err)
			require.Len(t, agents, 2)
			assert.Equal(t, []string{"score", "judge"}, agents[1].Skills)
		})
	}
}

// Several processes look for what a stopped one left; each interrupted run
// and each unsent file is taken by one of them, and only once old enough.
func TestLeftWorkIsTakenOnce(t *testing.T) {
	for _, unindexed := range []bool{false, true} { // the embedded engine: its clock can be set
		t.Run(fmt.Sprintf("unindexed=%t", unindexed), func(t *testing.T) {
			ctx := context.Background()
			now := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
			clock := func() time.Time { return now }
			opts := []storetest.Option{storetest.WithClock(clock)}
			if unindexed {
				opts = append(opts, storetest.Unindexed())
			}
			db := storetest.New(t, opts...)

			run, err := db.CreateRun(ctx, bh.Run{TeamID: "T1", ShiftID: "s1", Energy: bh.EnergyAuto, HorizonH: 8, Now: now})
			require.NoError(t, err)
			up, err := db.StartUpload(ctx, bh.Upload{TeamID: "T1", RunID: run.ID, Kind: bh.ArtifactHandoff, ChannelID: "C1"})
			require.NoError(t, err)

			runs, err := db.FailInterruptedRuns(ctx, 2*time.Minute)
			require.NoError(t, err)
			assert.Empty(t, runs, "a young run may be a live process's")
			ups, err := db.TakePendingUploads(ctx, now.Add(-time.Minute))
			require.NoError(t, err)
			assert.Empty(t, ups, "a young upload may be a live process's")

			now = now.Add(3 * time.Minute)
			runs, err = db.FailInterruptedRuns(ctx, 2*time.Minute)
			require.NoError(t, err)
			require.Len(t, runs, 1)
			assert.Equal(t, run.ID, runs[0].ID)
			runs, err = db.FailInterruptedRuns(ctx, 2*time.Minute)
			require.NoError(t, err)
			assert.Empty(t, runs, "marked once, by one process")

			ups, err = db.TakePendingUploads(ctx, now.Add(-time.Minute))
			require.NoError(t, err)
			require.Len(t, ups, 1)
			assert.Equal(t, up.ID, ups[0].ID)
			ups, err = db.TakePendingUploads(ctx, now.Add(-time.Minute))
			require.NoError(t, err)
			assert.Empty(t, ups, "taken once: renewed for its taker")

			now = now.Add(2 * time.Minute) // the taker stopped too
			ups, err = db.TakePendingUploads(ctx, now.Add(-time.Minute))
			require.NoError(t, err)
			assert.Len(t, ups, 1, "taken again once its taker's time is up")
			require.NoError(t, db.FinishUpload(ctx, up.ID))
			ups, err = db.TakePendingUploads(ctx, now.Add(time.Hour))
			require.NoError(t, err)
			assert.Empty(t, ups)
		})
	}
}
