package babyhandoff_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
)

// The one grammar of time words: what capture, /plan and /handoff windows
// and /radar quiet hours read a word as.
func TestReadTimeWord(t *testing.T) {
	clock := func(h, m int) bh.TimeWord { return bh.TimeWord{Kind: bh.WordClock, Hour: h, Min: m} }
	for _, tc := range []struct {
		word string
		want bh.TimeWord
		ok   bool
	}{
		{"today", bh.TimeWord{Kind: bh.WordToday}, true},
		{"now", bh.TimeWord{Kind: bh.WordToday}, true},
		{"2day", bh.TimeWord{Kind: bh.WordToday}, true},
		{"tonight", bh.TimeWord{Kind: bh.WordTonight}, true},
		{"Tonite", bh.TimeWord{Kind: bh.WordTonight}, true},
		{"2nite", bh.TimeWord{Kind: bh.WordTonight}, true},
		{"tomorrow", bh.TimeWord{Kind: bh.WordTomorrow}, true},
		{"tmrw", bh.TimeWord{Kind: bh.WordTomorrow}, true},
		{"tmr", bh.TimeWord{Kind: bh.WordTomorrow}, true},
		{"2moro", bh.TimeWord{Kind: bh.WordTomorrow}, true},
		{"7pm", clock(19, 0), true},
		{"7p", clock(19, 0), true},
		{"7 p.m.", bh.TimeWord{}, false}, // two words: callers join them
		{"7p.m.", clock(19, 0), true},
		{"7:30am", clock(7, 30), true},
		{"12am", clock(0, 0), true},
		{"12pm", clock(12, 0), true},
		{"noon", clock(12, 0), true},
		{"midday", clock(12, 0), true},
		{"midnight", clock(24, 0), true}, // the end of the day
		{"19:30", bh.TimeWord{Kind: bh.WordClock, Hour: 19, Min: 30, Bare: true}, true},
		{"9:30", bh.TimeWord{Kind: bh.WordClock, Hour: 9, Min: 30, Bare: true}, true},
		{"22", bh.TimeWord{Kind: bh.WordClock, Hour: 22, Bare: true, Number: true}, true},
		{"24", bh.TimeWord{Kind: bh.WordClock, Hour: 24, Bare: true, Number: true}, true},
		{"13pm", bh.TimeWord{}, false},
		{"0am", bh.TimeWord{}, false},
		{"7:75", bh.TimeWord{}, false},
		{"25", bh.TimeWord{}, false},
		{"24:30", bh.TimeWord{}, false},
		{"8h", bh.TimeWord{}, false},
		{"soon", bh.TimeWord{}, false},
		{"", bh.TimeWord{}, false},
	} {
		got, ok := bh.ReadTimeWord(tc.word)
		assert.Equal(t, tc.ok, ok, tc.word)
		assert.Equal(t, tc.want, got, tc.word)
	}
}

// An hour said in a sentence without am/pm ("at 9"): the day's working
// hours, or, of tonight, the evening.
func TestBareHour(t *testing.T) {
	for _, tc := range []struct {
		h       int
		tonight bool
		want    int
	}{
		{9, false, 9}, {7, false, 7}, {11, false, 11}, {12, false, 12}, {1, false, 13}, {6, false, 18},
		{8, true, 20}, {5, true, 17}, {11, true, 23}, {4, true, 16}, {0, true, 0}, {19, false, 19},
	} {
		assert.Equal(t, tc.want, bh.BareHour(tc.h, tc.tonight), "%d tonight=%v", tc.h, tc.tonight)
	}
	// Tonight is one night wherever it is read: a thing due tonight falls
	// in the night a /plan tonight covers.
	assert.True(t, bh.TonightFrom <= bh.TonightDue && bh.TonightDue < 24)
}
