package normalize_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/normalize"
)

// Work said as done, as a tired parent writes it: a log, a plain note with
// no due, never a task a plan would schedule again. The clock is Monday
// 2026-11-23 10:00 in New York.
func choreLogs() []string {
	return []string{
		// A word of completion.
		"laundry done",
		"dishes done",
		"laundry done ✅",
		"dishes done, finally",
		"dishes all clean",
		"laundry all done and folded",
		"laundry finished",
		"laundry sorted",
		"dishes sorted ✅",
		"laundry ✔",
		"laundry - done",
		"dishes are done",
		"all the dishes are done",
		"laundry's done",
		"the laundry is finished",
		"groceries done",
		"grocery run done",
		"groceries delivered",
		"grocery shop done ✅ spent way too much",
		"laundry done this morning",
		"dishes done after dinner",
		"dishes done for tonight",
		"laundry done, she's napping",
		// A chore's or an errand's verb in the past.
		"did the laundry finally",
		"did the dishes",
		"did 2 loads of laundry",
		"got the laundry done",
		"finally got the dishes done",
		"hubby did the dishes",
		"dad did the laundry",
		"finished the laundry",
		"folded the laundry",
		"bottles sterilised",
		"washed the pump parts",
		"took the bins out",
		"dishes washed and put away",
		"laundry folded and put away",
		"picked up the groceries",
		"ran the dishwasher, dishes done",
		"did the laundry while she napped",
		"dishes done and bottles sterilised, going to bed",
		"laundry: washed, dried, folded",
		"put the recycling out last night",
		"dad put the bins out",
		"took out the trash and put the recycling out",
		"trash was taken out",
		"bins were collected this morning",
		"paid the daycare bill yesterday",
		"fridge cleaned out",
		"washing done and hung out",
		// A list or an order ticked off.
		"done: laundry, dishes, bottles",
		"✅ laundry, dishes, bins",
		"wash bottles - done",
		"call pediatrician ✅",
		"[x] call daycare",
		"pick up prescription - done!",
		// Slack sends its emoji by name.
		"laundry :white_check_mark:",
		"call pediatrician :white_check_mark:",
		":white_check_mark: laundry, dishes",
	}
}

// Near misses: a due, a need, a denial, a question, a part still to do,
// or an order that only names work done stay what they are.
func choreLogNearMisses() []chore {
	task := func(text string) chore { return chore{text: text, kind: bh.TagTask} }
	taskDue := func(text string, y int, mo time.Month, d, h, mi int) chore {
		due := ny(y, mo, d, h, mi)
		return chore{text: text, kind: bh.TagTask, due: due}
	}
	deadline := func(text string, y int, mo time.Month, d, h, mi int) chore {
		due := ny(y, mo, d, h, mi)
		return chore{text: text, kind: bh.TagDeadline, due: due}
	}
	supply := func(text string, items ...string) chore {
		return chore{text: text, kind: bh.TagInventory, items: items}
	}
	return []chore{
		// A due or a time ahead.
		deadline("laundry done by 5pm", 2026, 11, 23, 17, 0),
		deadline("need the laundry done by tonight", 2026, 11, 23, 21, 0),
		deadline("dishes done by tonight please", 2026, 11, 23, 21, 0),
		taskDue("laundry done tomorrow pls", 2026, 11, 24, 23, 59),
		taskDue("dishes done before grandma comes tomorrow", 2026, 11, 24, 23, 59),
		deadline("pay the daycare bill friday", 2026, 11, 27, 23, 59),
		// A need, a want, a request, a plan.
		task("need the laundry done"),
		task("get the laundry done"),
		task("pls get the dishes done"),
		task("make sure the dishes are done before bed"),
		task("laundry needs doing"),
		task("laundry needs done"),
		task("laundry to do"),
		task("we'll do the laundry later"),
		task("laundry should be done by 3"),
		// Denied, asked, partly done, waited on.
		task("laundry done?"),
		task("is the laundry done?"),
		task("laundry not done yet"),
		task("dishes still not done"),
		task("haven't done the dishes"),
		task("laundry half done"),
		task("once the dishes are done, run the dishwasher"),
		task("when the laundry's done move it to the dryer"),
		task("did you do the laundry"),
		// A log and a part still to do.
		task("laundry done, need to fold it"),
		task("washed the bottles, still need to sterilise them"),
		task("did the dishes, can you do the laundry"),
		taskDue("took the bins out, recycling goes out tomorrow", 2026, 11, 24, 23, 59),
		taskDue("laundry done, dishes tomorrow", 2026, 11, 24, 23, 59),
		{text: "did the laundry, pick up diapers on the way home", kind: bh.TagTask, items: []string{"diapers"}},
		task("did the dishes but the sink is clogged so call the plumber"),
		taskDue("called daycare, need to call them back tomorrow", 2026, 11, 24, 23, 59),
		{text: "finished the formula, buy more", kind: bh.TagTask, items: []string{"formula"}},
		{text: "Done with formula, switching to the new one, order 2 cans", kind: bh.TagTask, items: []string{"formula"}},
		// An order whose words name work done.
		task("print the signed form"),
		task("fold the washed laundry"),
		taskDue("pick up the ordered stroller friday", 2026, 11, 27, 23, 59),
		task("laundry"),
		task("do the laundry"),
		// Supplies stay supplies, next to a log or not.
		supply("out of wipes", "wipes"),
		supply("laundry done, out of detergent", "detergent"),
		supply("dishes done, we're low on dish soap", "dish soap"),
		supply("ordered wipes, out of diapers", "diapers"),
	}
}

func TestChoreLogsReadAsNotes(t *testing.T) {
	for _, text := range choreLogs() {
		t.Run(text, func(t *testing.T) {
			n := bh.Note{ID: "n1", Text: text, RawText: text, Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: mon10}
			f := normalize.One(n, newYork, mon10)
			assert.True(t, f.Inferred)
			assert.Equal(t, bh.TagNote, f.Kind, "work already done is no task")
			assert.Nil(t, f.Due, "due")
			assert.Empty(t, f.Items, "a log names no supply to buy")
		})
	}
	// "done" that is no chore's: not a log of work, and nothing to do.
	text := "Done with formula, switching to the new one"
	f := normalize.One(bh.Note{ID: "n1", Text: text, Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: mon10}, newYork, mon10)
	assert.Equal(t, bh.TagNote, f.Kind, text)
}

func TestChoreLogNearMissesStayWhatTheyAre(t *testing.T) {
	for _, c := range choreLogNearMisses() {
		t.Run(c.text, func(t *testing.T) {
			n := bh.Note{ID: "n1", Text: c.text, RawText: c.text, Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: mon10}
			f := normalize.One(n, newYork, mon10)
			assert.Equal(t, c.kind, f.Kind)
			if c.due == nil {
				assert.Nil(t, f.Due, "due")
			} else if assert.NotNil(t, f.Due, "due") {
				assert.True(t, c.due.Equal(*f.Due), "due %s, want %s", f.Due, c.due)
			}
			if c.items != nil {
				assert.Equal(t, c.items, f.Items)
			}
		})
	}
}
