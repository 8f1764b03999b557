package storetest

import (
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

// Record is a run's whole result, as the council saves it, for cases of
// any package.
func Record(run bh.Run) bh.RunRecord {
	at := run.Now
	due := at.Add(30 * time.Hour)
	return bh.RunRecord{
		Run: run,
		Pack: bh.ContextPack{ID: run.ID + ":pack", RunID: run.ID, ShiftID: run.ShiftID, Summary: "2 notes", CompiledText: "- [n1] …", TokenBudget: 4000, TokenEstimate: 12,
			IncludedLogIDs: []string{"n1", "n2"}, LogRefs: []bh.LogRef{{LogID: "n1", Kind: bh.TagDeadline, TagSource: bh.TagByUser, Text: "form", CreatedAt: at}},
			Done: []bh.DoneRef{{LogID: "n0", Text: "diapers almost out", At: at.Add(-time.Hour), By: "Sam"}}, CreatedAt: at},
		Tasks: []bh.Task{
			{ID: run.ID + ":write_handoff", RunID: run.ID, Name: "write_handoff", Agent: "HandoffWriter", Status: bh.StatusCompleted, Attempt: 1, MaxAttempts: 3,
				Outputs: map[string]string{"artifact_id": "a"}, TraceID: "5eed1e55c0ffee00", QueuedAt: at, StartedAt: at, FinishedAt: at},
			{ID: run.ID + ":normalize_logs", RunID: run.ID, Name: "normalize_logs", Agent: "Normalizer", Status: bh.StatusCompleted, Attempt: 1, MaxAttempts: 3,
				Inputs: map[string]string{"context_pack_id": run.ID + ":pack"}, QueuedAt: at, StartedAt: at, FinishedAt: at},
		},
		Messages: []bh.Message{{ID: run.ID + ":m001", RunID: run.ID, Seq: 1, Sender: "Coordinator", Role: "system", Content: "pack", At: at},
			{ID: run.ID + ":m002", RunID: run.ID, Seq: 2, Sender: "Normalizer", Role: "assistant", Content: "facts", Meta: map[string]string{"k": "v"}, At: at}},
		Events: []bh.Event{{ID: run.ID + ":e001", TeamID: run.TeamID, ShiftID: run.ShiftID, RunID: run.ID, At: at, Agent: "Coordinator", Type: "run_started", Text: "v1 started"}},
		Proposals: []bh.Proposal{
			{ID: run.ID + ":admin_first", RunID: run.ID, Archetype: bh.AdminFirst, Agent: "AdminPlanner", Summary: "s", Source: "heuristic",
				Blocks: []bh.Block{{Start: at, End: at.Add(30 * time.Minute), Title: "form (due Mon 17:00)", Kind: "admin", NoteIDs: []string{"n1"}, Stamps: []bh.Stamp{bh.StampOf(due, "Mon 15:04")}}},
				Top:    []bh.Item{{Text: "form", NoteIDs: []string{"n1"}, Due: &due}},
				Now:    []bh.Item{{Text: "form — overdue since Mon 17:00", NoteIDs: []string{"n1"}, Ask: true, Stamps: []bh.Stamp{bh.StampOf(due, "Mon 15:04")}}}},
			{ID: run.ID + ":sleep_first", RunID: run.ID, Archetype: bh.SleepFirst, Agent: "SleepPlanner", Summary: "s", Source: "heuristic"},
		},
		Decision: bh.Decision{ID: run.ID + ":decision", RunID: run.ID, Winner: bh.AdminFirst, Confidence: 0.71, Energy: bh.EnergyLow, EnergyNoteIDs: []string{"n2"},
			Scorecards: []bh.Scorecard{{Archetype: bh.AdminFirst, Total: 21, Scores: []bh.Score{{Dimension: bh.DimDeadline, Value: 5, Why: "w at 17:00", Stamps: []bh.Stamp{bh.StampOf(due, "15:04")}}}}},
			Rationale:  []bh.Reason{{Text: "because", NoteIDs: []string{"n1"}, Stamps: []bh.Stamp{bh.StampOf(due, "15:04")}}}},
		Artifacts: []bh.Artifact{{ID: run.ID + ":handoff", RunID: run.ID, Kind: bh.ArtifactHandoff, Name: "handoff-v1.md", Content: "# Handoff", CreatedAt: at}},
	}
}

var runCases = []suiteCase{
	{"AnEmptyPlanReadsTheSameAfterExportAndImport", func(h *H) {
		// A plan with nothing to place (the council writes empty, not
		// absent, lists) reads as none, on every engine, before and after
		// its family is exported and imported.
		n := h.Capture("D1", "U1", "wipes < 1 day", "1.1")
		run, err := h.CreateRun(h.Ctx, bh.Run{TeamID: Team, ShiftID: n.ShiftID, Energy: bh.EnergyAuto, HorizonH: 12, TZ: "UTC", Now: h.Clock.Now()})
		require.NoError(h.T, err)
		rec := Record(run)
		rec.Proposals = append(rec.Proposals, bh.Proposal{ID: run.ID + ":errands_first", RunID: run.ID, Archetype: bh.ErrandsFirst, Agent: "ErrandsPlanner",
			Summary: "s", Source: "heuristic", Blocks: []bh.Block{}, Top: []bh.Item{}, StillOpen: []bh.Item{}})
		require.NoError(h.T, h.SaveRunRecord(h.Ctx, rec))
		before, err := h.RunRecord(h.Ctx, Team, run.ID)
		require.NoError(h.T, err)
		require.Len(h.T, before.Proposals, 3)
		for _, p := range before.Proposals {
			if p.Archetype == bh.ErrandsFirst {
				assert.Nil(h.T, p.Blocks, "no blocks read as none")
				assert.Nil(h.T, p.Top)
				assert.Nil(h.T, p.StillOpen)
			}
		}
		sh, err := h.ShiftByID(h.Ctx, Team, n.ShiftID)
		require.NoError(h.T, err)
		fam, err := h.ExportFamily(h.Ctx, sh)
		require.NoError(h.T, err)
		to := h.Fresh()
		_, err = to.ImportFamily(h.Ctx, fam)
		require.NoError(h.T, err)
		after, err := to.RunRecord(h.Ctx, Team, run.ID)
		require.NoError(h.T, err)
		assert.Equal(h.T, before, after)
	}},
	{"AnEditIsKeptWithItsRun", func(h *H) {
		s1 := h.Family("D1")
		// An edit's change (its ops, who, when) is part of its run's
		// document; a run the council made has none.
		now := h.Clock.Now().UTC()
		r1, err := h.CreateRun(h.Ctx, bh.Run{TeamID: Team, ShiftID: s1, Energy: bh.EnergyAuto, HorizonH: 12, TZ: "UTC", Now: now})
		require.NoError(h.T, err)
		essay := bh.Block{Start: now.Add(time.Hour), End: now.Add(2 * time.Hour), Title: "Essay", Kind: "focus", NoteIDs: []string{"n4"}}
		add := bh.AddItem(bh.Item{Text: "Call insurance", NoteIDs: []string{"n6"}}, "admin", 45*time.Minute)
		edit := bh.PlanEdit{By: "U2", At: now.Add(time.Minute), Ops: []bh.PlanOp{
			bh.MoveBy(essay, -bh.MoveStep), bh.MoveTo(essay, now.Add(3*time.Hour)), bh.Resize(essay, bh.EditStep), bh.SwapNext(essay), bh.Drop(essay), add}}
		r2, err := h.CreateRun(h.Ctx, bh.EditRun(r1, edit, bh.Change{Text: "moved “Essay” to 16:00"}))
		require.NoError(h.T, err)

		got, err := h.Run(h.Ctx, Team, r2.ID)
		require.NoError(h.T, err)
		assert.Equal(h.T, r1.ID, got.ParentRunID)
		assert.Equal(h.T, 2, got.Version)
		assert.Equal(h.T, &edit, got.Edit)
		got1, err := h.Run(h.Ctx, Team, r1.ID)
		require.NoError(h.T, err)
		assert.Nil(h.T, got1.Edit)
	}},
	{"RunsKeepTheirWhatIf", func(h *H) {
		s1 := h.Family("D1")
		now := h.Clock.Now()
		r1, err := h.CreateRun(h.Ctx, bh.Run{TeamID: Team, ShiftID: s1, Energy: bh.EnergyMedium, HorizonH: 12, TZ: "UTC", Now: now})
		require.NoError(h.T, err)
		win, _ := bh.WindowChange(r1, now.Add(2*time.Hour), 8)
		only, _ := bh.PlannersChange(r1, bh.SleepFirst)
		fork, err := bh.ForkRun(r1, []bh.InputChange{win, only, bh.NoteFork(bh.ForkLeaveOut, "n3", "buy wipes")}, time.UTC)
		require.NoError(h.T, err)
		fork.ReadNotes = true
		r2, err := h.CreateRun(h.Ctx, fork)
		require.NoError(h.T, err)
		got, err := h.Run(h.Ctx, Team, r2.ID)
		require.NoError(h.T, err)
		assert.True(h.T, got.ReadNotes)
		assert.Equal(h.T, r1.ID, got.ParentRunID)
		assert.Equal(h.T, fork.WhatIf, got.WhatIf)
		assert.Equal(h.T, bh.SleepFirst, got.Only)
		got1, err := h.Run(h.Ctx, Team, r1.ID)
		require.NoError(h.T, err)
		assert.Nil(h.T, got1.WhatIf)
	}},
	{"RunsAreNumberedAndSavedWholeOnce", func(h *H) {
		s1 := h.Family("D1")
		s2 := h.Family("D2")
		s3 := h.Family("D3")
		now := h.Clock.Now()
		r1, err := h.CreateRun(h.Ctx, bh.Run{TeamID: Team, ShiftID: s1, Energy: bh.EnergyAuto, HorizonH: 12, TZ: "UTC"})
		require.NoError(h.T, err)
		r2, err := h.CreateRun(h.Ctx, bh.Run{TeamID: Team, ShiftID: s1, ParentRunID: r1.ID, Change: "energy auto → low, re-planned from 15:00",
			ChangeStamps: []bh.Stamp{bh.StampOf(now, "15:04")}, Energy: bh.EnergyLow, Now: now})
		require.NoError(h.T, err)
		other, err := h.CreateRun(h.Ctx, bh.Run{TeamID: Team, ShiftID: s2, Now: now})
		require.NoError(h.T, err)
		assert.Equal(h.T, []int{1, 2, 1}, []int{r1.Version, r2.Version, other.Version}, "versions are per family")
		assert.Equal(h.T, bh.StatusRunning, r1.Status)
		assert.Equal(h.T, now, r1.Now, "a run's time is the store's when not given")
		_, err = h.CreateRun(h.Ctx, bh.Run{TeamID: Team})
		assert.Equal(h.T, bh.EINVALID, bh.ErrorCode(err))

		rec := Record(r1)
		require.NoError(h.T, h.SaveRunRecord(h.Ctx, rec))
		assert.Equal(h.T, bh.ECONFLICT, bh.ErrorCode(h.SaveRunRecord(h.Ctx, rec)), "a run is saved once")
		assert.Equal(h.T, bh.ENOTFOUND, bh.ErrorCode(h.SaveRunRecord(h.Ctx, Record(bh.Run{ID: "nope", TeamID: Team}))))
		got, err := h.RunRecord(h.Ctx, Team, r1.ID)
		require.NoError(h.T, err)
		assert.Equal(h.T, bh.StatusCompleted, got.Run.Status)
		assert.Equal(h.T, now, got.Run.FinishedAt)
		assert.Equal(h.T, rec.Pack, got.Pack)
		assert.Equal(h.T, rec.Decision, got.Decision)
		assert.Equal(h.T, rec.Messages, got.Messages)
		assert.Equal(h.T, rec.Events, got.Events)
		assert.Equal(h.T, rec.Artifacts, got.Artifacts)
		assert.Equal(h.T, []bh.Proposal{rec.Proposals[1], rec.Proposals[0]}, got.Proposals, "proposals in archetype order")
		assert.Equal(h.T, []string{"normalize_logs", "write_handoff"}, []string{got.Tasks[0].Name, got.Tasks[1].Name}, "tasks in graph order")
		assert.Equal(h.T, rec.Tasks[0].Outputs, got.Tasks[1].Outputs)

		diff := bh.Artifact{ID: r1.ID + ":diff", RunID: r1.ID, Kind: bh.ArtifactDiff, Name: "diff.md", Content: "a", CreatedAt: now}
		require.NoError(h.T, h.SaveArtifact(h.Ctx, Team, s1, diff))
		diff.Content = "b"
		require.NoError(h.T, h.SaveArtifact(h.Ctx, Team, s1, diff))
		got, err = h.RunRecord(h.Ctx, Team, r1.ID)
		require.NoError(h.T, err)
		require.Len(h.T, got.Artifacts, 2, "a second diff replaces the first")
		assert.Equal(h.T, "b", got.Artifacts[0].Content, "in kind order")

		_, err = h.RunRecord(h.Ctx, "T2", r1.ID)
		assert.Equal(h.T, bh.ENOTFOUND, bh.ErrorCode(err), "runs are scoped by team")
		_, err = h.RunRecord(h.Ctx, Team, r2.ID)
		assert.Equal(h.T, bh.ENOTFOUND, bh.ErrorCode(err), "a run without results says so")
		latest, err := h.LatestRun(h.Ctx, Team, s1)
		require.NoError(h.T, err)
		assert.Equal(h.T, r1.ID, latest.ID, "the newest completed run")
		_, err = h.LatestRun(h.Ctx, Team, s2)
		assert.Equal(h.T, bh.ENOTFOUND, bh.ErrorCode(err))
		v2, err := h.RunByVersion(h.Ctx, Team, s1, 2)
		require.NoError(h.T, err)
		assert.Equal(h.T, r2.ID, v2.ID)
		assert.Equal(h.T, []bh.Stamp{bh.StampOf(now, "15:04")}, v2.ChangeStamps, "a what-if's times kept with its change")
		_, err = h.RunByVersion(h.Ctx, Team, s1, 3)
		assert.Equal(h.T, bh.ENOTFOUND, bh.ErrorCode(err))

		unposted, err := h.UnpostedRuns(h.Ctx, now.Add(-time.Hour))
		require.NoError(h.T, err)
		assert.Empty(h.T, unposted)
		require.NoError(h.T, h.SetRunCard(h.Ctx, Team, r1.ID, "C1", "1.2"))
		byID, err := h.RunByID(h.Ctx, r1.ID)
		require.NoError(h.T, err)
		assert.Equal(h.T, []any{"C1", "1.2", true}, []any{byID.CardChannel, byID.CardTS, byID.CardPosted})

		// A plan made for the one on duty keeps whose it is and the other's sleep.
		night := bh.Rest{UserID: "U1", Name: "Maya", Start: now.Add(7 * time.Hour), End: now.Add(15 * time.Hour)}
		forSam, err := h.CreateRun(h.Ctx, bh.Run{TeamID: Team, ShiftID: s3, For: "U2", ForName: "Sam", ForUntil: now.Add(16 * time.Hour),
			Rest: []bh.Rest{night}, Quiet: &bh.QuietHours{From: 22, To: 7}, Now: now, Clock: bh.Clock12})
		require.NoError(h.T, err)
		samGot, err := h.Run(h.Ctx, Team, forSam.ID)
		require.NoError(h.T, err)
		assert.Equal(h.T, forSam, samGot, "whole, its reader's clock too: a replay writes its files on it")

		require.NoError(h.T, h.FailRun(h.Ctx, Team, r2.ID, "the model did not answer"))
		failed, err := h.Run(h.Ctx, Team, r2.ID)
		require.NoError(h.T, err)
		assert.Equal(h.T, []any{bh.StatusFailed, "the model did not answer"}, []any{failed.Status, failed.Error})
	}},
	{"LeftWorkIsTakenOnceWhenOldEnough", func(h *H) {
		s1 := h.Family("D1")
		run, err := h.CreateRun(h.Ctx, bh.Run{TeamID: Team, ShiftID: s1, Energy: bh.EnergyAuto, HorizonH: 8})
		require.NoError(h.T, err)
		up, err := h.StartUpload(h.Ctx, bh.Upload{TeamID: Team, RunID: run.ID, Kind: bh.ArtifactHandoff, ChannelID: "C1"})
		require.NoError(h.T, err)
		assert.Equal(h.T, h.Clock.Now(), up.CreatedAt)

		runs, err := h.FailInterruptedRuns(h.Ctx, 2*time.Minute)
		require.NoError(h.T, err)
		assert.Empty(h.T, runs, "a young run may be a live process's")
		ups, err := h.TakePendingUploads(h.Ctx, h.Clock.Now().Add(-time.Minute))
		require.NoError(h.T, err)
		assert.Empty(h.T, ups, "a young upload may be a live process's")

		h.Clock.Advance(3 * time.Minute)
		runs, err = h.FailInterruptedRuns(h.Ctx, 2*time.Minute)
		require.NoError(h.T, err)
		require.Len(h.T, runs, 1)
		assert.Equal(h.T, run.ID, runs[0].ID)
		assert.Contains(h.T, runs[0].Error, "interrupted")
		runs, err = h.FailInterruptedRuns(h.Ctx, 2*time.Minute)
		require.NoError(h.T, err)
		assert.Empty(h.T, runs, "marked once")

		ups, err = h.TakePendingUploads(h.Ctx, h.Clock.Now().Add(-time.Minute))
		require.NoError(h.T, err)
		require.Len(h.T, ups, 1)
		assert.Equal(h.T, up.ID, ups[0].ID)
		ups, err = h.TakePendingUploads(h.Ctx, h.Clock.Now().Add(-time.Minute))
		require.NoError(h.T, err)
		assert.Empty(h.T, ups, "taken once: renewed for its taker")
		h.Clock.Advance(2 * time.Minute) // the taker stopped too
		ups, err = h.TakePendingUploads(h.Ctx, h.Clock.Now().Add(-time.Minute))
		require.NoError(h.T, err)
		assert.Len(h.T, ups, 1, "taken again once its taker's time is up")
		require.NoError(h.T, h.FinishUpload(h.Ctx, up.ID))
		ups, err = h.TakePendingUploads(h.Ctx, h.Clock.Now().Add(time.Hour))
		require.NoError(h.T, err)
		assert.Empty(h.T, ups)

		require.NoError(h.T, h.RegisterAgents(h.Ctx, []bh.Agent{{Name: "Referee", Skills: []string{"score"}}, {Name: "Normalizer", Skills: []string{"normalize"}}}))
		require.NoError(h.T, h.RegisterAgents(h.Ctx, []bh.Agent{{Name: "Referee", Skills: []string{"score", "judge"}}}))
		agents, err := h.Agents(h.Ctx)
		require.NoError(h.T, err)
		require.Len(h.T, agents, 2)
		assert.Equal(h.T, []string{"Normalizer", "Referee"}, []string{agents[0].Name, agents[1].Name})
		assert.Equal(h.T, []string{"score", "judge"}, agents[1].Skills)
	}},
}
