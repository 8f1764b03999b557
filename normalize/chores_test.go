package normalize_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/normalize"
)

// chore is a note as a tired parent writes it and what it must read as:
// its kind and, for a chore said with a time, the deadline the plan must
// meet (nil: no due).
type chore struct {
	text  string
	kind  bh.Tag
	due   *time.Time
	items []string // checked when set
}

// Chores said as statements, passive needs, with a time or after a
// statement are things to do; the clock is Monday 2026-11-23 10:00 in New
// York.
func choreTasks() []chore {
	task := func(text string, due *time.Time) chore { return chore{text: text, kind: bh.TagTask, due: due} }
	tonight := ny(2026, 11, 23, 21, 0)
	tomorrow := ny(2026, 11, 24, 23, 59)
	return []chore{
		// Passive needs: "X need(s) Ying", "needs Yed", "a wash".
		task("baby's nails need trimming", nil),
		task("nails need cutting again ugh", nil),
		task("her nails need clipping before they scratch her", nil),
		task("nails need triming", nil),
		task("bottles need washing", nil),
		task("crib sheets need changing", nil),
		task("pump parts need sterilising", nil),
		task("baby monitor needs charging", nil),
		task("diaper pail needs emptying", nil),
		task("the fridge needs cleaning out", nil),
		task("car seat needs installing in the new car", nil),
		task("car seat straps needs washed", nil),
		task("play mat needs a good clean", nil),
		task("bath toys need a scrub", nil),
		task("changing table needs wiping down", nil),
		task("baby gate needs putting up before she crawls", nil),
		task("the dog needs walking", nil),
		task("plants need watering", nil),
		task("bouncer could use a wash", nil),
		task("bassinet sheets r due for a wash", nil),
		task("car is due for an oil change", nil),
		task("car seat cover is due for a wash friday", ny(2026, 11, 27, 23, 59)),
		task("stroller needs a new wheel", nil),
		task("smoke alarm chirping - needs a new battery", nil),
		task("need a new bottle brush", nil),
		task("baby needs a bath tonight", tonight),
		task("bins need taking out tonite", tonight),
		// Chores with a time: a deadline the plan must meet.
		task("trash and recycling go out tonight", tonight),
		task("trash n recycling go out tonite", tonight),
		task("bins go out tomorrow morning", ny(2026, 11, 24, 8, 0)),
		task("bins out tmrw", tomorrow),
		task("recycling day is thursday", ny(2026, 11, 26, 23, 59)),
		task("recylcing day thurs", ny(2026, 11, 26, 23, 59)),
		task("rubbish collection thurs", ny(2026, 11, 26, 23, 59)),
		task("trash pickup friday", ny(2026, 11, 27, 23, 59)),
		task("bin day tmrw!!", tomorrow),
		task("compost goes out wednesday", ny(2026, 11, 25, 23, 59)),
		task("nail trim tonight", tonight),
		// A second clause that is an imperative after a statement.
		task("bottle brush broke, get a new one", nil),
		task("white noise machine died, order another", nil),
		task("formula scoop went missing, order a spare", nil),
		task("monitor keeps beeping, check the batteries", nil),
		task("sink is clogged so call the plumber", nil),
		task("grandma comes tomorrow - vacuum the living room", tomorrow),
		task("stroller wheel squeaks, fix it this weekend", ny(2026, 11, 28, 12, 0)),
		task("daycare called - need to call them back", nil),
		// A modal or a request before the verb.
		task("someone should clean the fridge", nil),
		task("we should really book the car in for a service", nil),
		task("dishwasher's full, someone pls empty it", nil),
		task("time to cut her nails again", nil),
		{text: "can you grab wipes on the way home", kind: bh.TagTask, items: []string{"wipes"}},
		// Imperatives that already read as tasks.
		task("buy stamps", nil),
		task("laundry", nil),
		task("fix the stroller wheel", nil),
		task("sterilize bottles", nil),
	}
}

// Notes that must stay what they are: logs of what was done, supplies
// (Running low, not a task) and health notes (issue 30: never scheduled).
func choreKeeps() []chore {
	note := func(text string) chore { return chore{text: text, kind: bh.TagNote} }
	supply := func(text string, items ...string) chore {
		return chore{text: text, kind: bh.TagInventory, items: items}
	}
	return []chore{
		// Logs: done, or what happened.
		note("slept 2h"),
		note("bottle at 11pm"),
		note("nails trimmed, finally"),
		note("trash went out"),
		note("bins went out this morning"),
		note("took the recycling out"),
		note("bottles washed and drying"),
		note("changed her, she went right back to sleep"),
		note("nap 45 min in the crib"),
		note("grandma came by, brought lasagna"),
		note("crib sheets changed"),
		note("pump parts sterilized"),
		note("cleaned the fridge finally"),
		note("monitor charged"),
		note("dad did bath tonight"),
		note("great nap, sort of"),
		note("i'll take the 2am feed"),
		note("fed at 2, change at 5"),
		// Statements with nothing to do.
		note("baby's nails are so long"),
		note("nail clippers are in the top drawer"),
		note("recycling bin is in the garage"),
		note("the trash can lid is broken"),
		note("bottle brush broke"),
		note("white noise machine died last night"),
		note("grandma thinks we should swaddle tighter"),
		note("baby needs feeding every 3 hours"),
		note("she needs holding all the time lately"),
		note("needs burping halfway through the bottle"),
		note("baby needs a nap"),
		note("i need a nap so bad"),
		note("wiped out, need a shower"),
		note("got diapers"),
		note("bottles dont need sterilising anymore"),
		note("bath, boob, book, bed"),
		note("bath done, nails cut, clean clothes on"),
		note("the pump needs new valves, already ordered them"),
		note("took recycling out and fed the dog"),
		// Supplies stay supplies.
		supply("wipes < 1 day", "wipes"),
		supply("out of formula", "formula"),
		supply("we're out of formula, grab some", "formula"),
		supply("out of wipes, grab some on the way home", "wipes"),
		supply("running low on diapers, get more tmrw", "diapers"),
		supply("last pack of wipes - order more", "wipes"),
		supply("need more burp cloths", "burp cloths"),
		supply("2 cans of formula left", "formula"),
		// Health notes are never a task to schedule.
		note("her nails scratched her face and it's bleeding"),
		note("stitches need checking, they look red"),
		note("rash needs looking at"),
		note("cut on her finger needs cleaning"),
		note("cord stump needs cleaning, smells a bit"),
		note("incision needs checking, bit red and oozing"),
		note("her belly button needs cleaning, bit of blood"),
		note("eyes gunky, need wiping a lot"),
		note("she needs her temp checked, feels warm"),
		note("the scratch on her cheek needs watching"),
	}
}

func TestChoresReadAsTasks(t *testing.T) {
	for name, cases := range map[string][]chore{"task": choreTasks(), "keep": choreKeeps()} {
		for _, c := range cases {
			t.Run(name+"/"+c.text, func(t *testing.T) {
				n := bh.Note{ID: "n1", Text: c.text, RawText: c.text, Tag: bh.TagNote, TagSource: bh.TagByDefault, CreatedAt: mon10}
				f := normalize.One(n, newYork, mon10)
				assert.True(t, f.Inferred)
				assert.Equal(t, c.kind, f.Kind)
				if c.due == nil {
					assert.Nil(t, f.Due, "due")
				} else if assert.NotNil(t, f.Due, "due") {
					assert.True(t, c.due.Equal(*f.Due), "due %s, want %s", f.Due, c.due)
				}
				if c.items != nil {
					assert.Equal(t, c.items, f.Items)
				}
				if f.Kind == bh.TagTask {
					assert.False(t, f.Medical, "a health note is never a task to schedule")
				}
			})
		}
	}
}
