package planfile

import (
	"fmt"
	"image"
	"math"
	"sort"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// The picture's geometry, in pixels. 1080 wide is a phone screen's width
// held upright; an hour is 120 px, so a 15-minute block still holds a line
// of text once the picture is shrunk to the screen.
const (
	picWidth     = 1080
	margin       = 36  // left and right
	headerH      = 190 // title, window, summary
	footerH      = 130 // the legend, two rows
	gutterW      = 118 // hour labels, left of the blocks
	dueLaneW     = 176 // deadline markers, right of the blocks (only when there are some)
	maxHourPx    = 120
	maxTimelineH = 2640 // a 24-hour window gets 110 px an hour: under 3000 px in all
	// maxHours is the longest window drawn (55 px an hour). The bot plans
	// 1 to 24 hours; a longer window would be a picture nobody reads.
	maxHours = 48
)

// hourPx is how tall an hour is for a window of hours.
func hourPx(hours int) int { return min(maxHourPx, maxTimelineH/hours) }

// layout is where everything goes; drawing only paints it.
type layout struct {
	loc        *time.Location
	clock      bh.Clock // the reader's: "17:00" or "5 PM"
	start, end time.Time
	hourPx     int
	height     int
	// left and right bound the blocks' column.
	left, right int
	blocks      []placed
	quiet       [][2]time.Time // quiet stretches inside the window
	dues        []deadline     // inside the window, by time
	nowIn       bool
}

// placed is a block clipped to the window, in its lane: blocks that overlap
// share the column side by side.
type placed struct {
	bh.Block
	rect image.Rectangle
}

func newLayout(in Input) (layout, error) {
	hours := in.Run.HorizonH
	switch {
	case hours <= 0:
		hours = 12 // as the council plans a run without one
	case hours > maxHours:
		return layout{}, fmt.Errorf("planfile: a %d-hour window is longer than the %d hours a picture shows", hours, maxHours)
	}
	l := layout{loc: in.Run.Location(nil), clock: in.Run.Clock, start: in.Run.Start(), hourPx: hourPx(hours)}
	l.end = l.start.Add(time.Duration(hours) * time.Hour)
	l.height = headerH + hours*l.hourPx + footerH
	l.left, l.right = margin+gutterW, picWidth-margin
	for _, d := range deadlines(in.Plan) {
		if !d.Due.Before(l.start) && !d.Due.After(l.end) {
			l.dues = append(l.dues, d)
		}
	}
	sort.SliceStable(l.dues, func(i, j int) bool { return l.dues[i].Due.Before(l.dues[j].Due) })
	if len(l.dues) > 0 {
		l.right -= dueLaneW
	}
	l.blocks = l.place(in.Plan.Blocks)
	if q := in.Run.Quiet; q != nil && !q.Off() {
		l.quiet = quietStretches(*q, l.start, l.end, l.loc)
	}
	l.nowIn = !in.Now.IsZero() && !in.Now.Before(l.start) && !in.Now.After(l.end)
	return l, nil
}

// y is the row of t (clipped to the window).
func (l layout) y(t time.Time) int {
	switch {
	case t.Before(l.start):
		t = l.start
	case t.After(l.end):
		t = l.end
	}
	return headerH + int(math.Round(t.Sub(l.start).Hours()*float64(l.hourPx)))
}

// place clips the blocks to the window and gives overlapping ones lanes:
// a run of blocks that overlap one another splits the column evenly.
func (l layout) place(blocks []bh.Block) []placed {
	var in []bh.Block
	for _, b := range blocks {
		if b.End.After(l.start) && b.Start.Before(l.end) && b.End.After(b.Start) {
			in = append(in, b)
		}
	}
	sort.SliceStable(in, func(i, j int) bool { return in[i].Start.Before(in[j].Start) })
	var out []placed
	for i := 0; i < len(in); {
		// A cluster: blocks up to the first that starts after all before it end.
		j, end := i+1, in[i].End
		for j < len(in) && in[j].Start.Before(end) {
			if in[j].End.After(end) {
				end = in[j].End
			}
			j++
		}
		var laneEnds []time.Time
		lanes := make([]int, j-i)
		for k := i; k < j; k++ {
			lane := -1
			for n, e := range laneEnds {
				if !in[k].Start.Before(e) {
					lane = n
					break
				}
			}
			if lane < 0 {
				lane = len(laneEnds)
				laneEnds = append(laneEnds, time.Time{})
			}
			laneEnds[lane] = in[k].End
			lanes[k-i] = lane
		}
		w := (l.right - l.left) / len(laneEnds)
		for k := i; k < j; k++ {
			x0 := l.left + lanes[k-i]*w
			y0, y1 := l.y(in[k].Start), l.y(in[k].End)
			out = append(out, placed{Block: in[k], rect: image.Rect(x0, y0, x0+w, max(y1, y0+4))})
		}
		i = j
	}
	return out
}

// quietStretches are the parts of [start, end) whose hour on loc's clock is
// quiet, merged. It steps from one hour of the clock to the next, so a
// night across midnight, a zone half an hour off UTC and a DST change all
// come out as the clock on the wall says.
func quietStretches(q bh.QuietHours, start, end time.Time, loc *time.Location) [][2]time.Time {
	var out [][2]time.Time
	for t := start; t.Before(end); {
		local := t.In(loc)
		next := time.Date(local.Year(), local.Month(), local.Day(), local.Hour()+1, 0, 0, 0, loc)
		if !next.After(t) { // a clock set back: the same hour again
			next = t.Add(time.Hour)
		}
		next = minTime(next, end)
		if q.Contains(local) {
			if n := len(out); n > 0 && out[n-1][1].Equal(t) {
				out[n-1][1] = next
			} else {
				out = append(out, [2]time.Time{t, next})
			}
		}
		t = next
	}
	return out
}

// hourMarks are the whole hours of loc's clock inside [start, end].
func (l layout) hourMarks() []time.Time {
	var out []time.Time
	local := l.start.In(l.loc)
	t := time.Date(local.Year(), local.Month(), local.Day(), local.Hour(), 0, 0, 0, l.loc)
	for ; !t.After(l.end); t = t.Add(time.Hour) {
		if !t.Before(l.start) && t.In(l.loc).Minute() == 0 {
			out = append(out, t)
		}
	}
	return out
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// hour is t's time of day on the reader's clock, for the axis and labels.
func (l layout) hour(t time.Time) string { return l.clock.Format(t.In(l.loc), "15:04") }
