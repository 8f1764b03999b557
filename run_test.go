package babyhandoff_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
)

func TestScheduleUnchanged(t *testing.T) {
	at := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	same := bh.RunDiff{WinnerBefore: bh.SleepFirst, WinnerAfter: bh.SleepFirst}
	for _, tc := range []struct {
		name string
		d    bh.RunDiff
		want bool
	}{
		{"nothing changed", same, true},
		{"the winner changed", bh.RunDiff{WinnerBefore: bh.SleepFirst, WinnerAfter: bh.AdminFirst}, false},
		{"a block added", func() bh.RunDiff { d := same; d.BlocksAdded = []bh.Block{{Title: "Nap"}}; return d }(), false},
		{"a block removed", func() bh.RunDiff { d := same; d.BlocksRemoved = []bh.Block{{Title: "Nap"}}; return d }(), false},
		{"a block moved", func() bh.RunDiff {
			d := same
			d.BlocksMoved = []bh.BlockMove{{Title: "Nap", From: at, To: at.Add(time.Hour)}}
			return d
		}(), false},
	} {
		t.Run(tc.name, func(t *testing.T) { assert.Equal(t, tc.want, tc.d.ScheduleUnchanged()) })
	}
}

func TestARunRecordIsReadInTheCouncilsOrder(t *testing.T) {
	rec := bh.RunRecord{
		Tasks:     []bh.Task{{Name: "write_handoff"}, {Name: "normalize_logs"}, {Name: "score_and_select"}, {Name: "plan_sleep_first"}},
		Messages:  []bh.Message{{Seq: 3}, {Seq: 1}, {Seq: 2}},
		Proposals: []bh.Proposal{{Archetype: bh.AdminFirst}, {Archetype: bh.SleepFirst}, {Archetype: bh.ErrandsFirst}},
	}
	rec.ReadOrder()
	var tasks []string
	for _, task := range rec.Tasks {
		tasks = append(tasks, task.Name)
	}
	assert.Equal(t, []string{"normalize_logs", "plan_sleep_first", "score_and_select", "write_handoff"}, tasks)
	assert.Equal(t, []int{1, 2, 3}, []int{rec.Messages[0].Seq, rec.Messages[1].Seq, rec.Messages[2].Seq})
	assert.Equal(t, []bh.Archetype{bh.SleepFirst, bh.ErrandsFirst, bh.AdminFirst},
		[]bh.Archetype{rec.Proposals[0].Archetype, rec.Proposals[1].Archetype, rec.Proposals[2].Archetype})
}

func TestAPlansEmptyListsReadAsNone(t *testing.T) {
	props := []bh.Proposal{{Top: []bh.Item{}, Blocks: []bh.Block{}, Admin: []bh.Item{{NoteIDs: []string{"n1"}}}}}
	bh.NoneIfEmpty(props)
	assert.Nil(t, props[0].Top)
	assert.Nil(t, props[0].Blocks)
	assert.Len(t, props[0].Admin, 1, "a list with items stays")
}
