package planfile

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"slices"
	"sort"
	"strings"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// Picture is the plan as a PNG timeline, named plan-vN.png: the run's
// window from top to bottom on the run's clock, 1080 px wide and
// 320 px + the window's hours × 120 px tall (fewer px an hour for a window
// over 22 hours: 24 hours stay under 3000 px). Blocks are coloured by kind with
// their times and titles; quiet hours are shaded grey; a red line marks
// in.Now when it is inside the window; a yellow diamond at the right edge
// marks each deadline inside it. The same input draws the same bytes. A
// window over 48 hours is an error.
func Picture(in Input) (bh.Artifact, error) {
	p, err := newPainter(in)
	if err != nil {
		return bh.Artifact{}, err
	}
	defer p.close()
	p.header(in)
	p.quiet()
	p.grid()
	for _, b := range p.l.blocks {
		p.block(b)
	}
	p.deadlines()
	if p.l.nowIn {
		p.now(in.Now)
	}
	p.legend()

	var buf bytes.Buffer
	if err := png.Encode(&buf, p.img); err != nil {
		return bh.Artifact{}, fmt.Errorf("planfile: encoding the picture: %w", err)
	}
	return bh.Artifact{
		RunID:     in.Run.ID,
		Kind:      bh.ArtifactPicture,
		Name:      fmt.Sprintf("plan-v%d.png", in.Run.Version),
		Content:   buf.String(),
		CreatedAt: in.Run.Now,
	}, nil
}

// painter draws one picture: its layout, its canvas and its faces.
type painter struct {
	l   layout
	img *image.RGBA
	// title: the header; sub: the header's other lines and hour labels;
	// small: times in blocks, days, the legend; name: block titles;
	// nameSmall: a short block's title; mark: "due 17:00" and "now".
	title, sub, small, name, nameSmall, mark *face
}

func newPainter(in Input) (*painter, error) {
	fonts, err := goFonts()
	if err != nil {
		return nil, err
	}
	l, err := newLayout(in)
	if err != nil {
		return nil, err
	}
	p := &painter{l: l, img: image.NewRGBA(image.Rect(0, 0, picWidth, l.height))}
	for _, f := range []struct {
		dst  **face
		bold bool
		px   float64
	}{
		{&p.title, true, 40}, {&p.sub, false, 28}, {&p.small, false, 26},
		{&p.name, true, 32}, {&p.nameSmall, true, 26}, {&p.mark, true, 26},
	} {
		src := fonts[0]
		if f.bold {
			src = fonts[1]
		}
		if *f.dst, err = newFace(src, f.px); err != nil {
			p.close()
			return nil, err
		}
	}
	fillRect(p.img, p.img.Rect, paper)
	return p, nil
}

func (p *painter) close() {
	for _, f := range []*face{p.title, p.sub, p.small, p.name, p.nameSmall, p.mark} {
		if f != nil {
			f.Close()
		}
	}
}

// header is "Plan v2 · next 12h · Sleep-first", the window's dates and
// zone, and the plan's summary.
func (p *painter) header(in Input) {
	w := picWidth - 2*margin
	head := fmt.Sprintf("Plan v%d · %s", in.Run.Version, in.Run.WindowText(p.l.loc))
	if label := in.Plan.Archetype.Label(); label != "" {
		head += " · " + label
	}
	if in.Run.Sample {
		head = "Sample · " + head
	}
	drawText(p.img, p.title, ink, margin, 64, p.title.fit(p.title.clean(head), w))

	from, to := p.l.start.In(p.l.loc), p.l.end.In(p.l.loc)
	c := p.l.clock
	window := from.Format("Mon 2 Jan, ") + c.Span(from, to)
	if to.YearDay() != from.YearDay() || to.Year() != from.Year() {
		window = c.Format(from, "Mon 2 Jan 15:04") + " – " + c.Format(to, "Mon 15:04")
	}
	drawText(p.img, p.sub, inkSoft, margin, 106, p.sub.fit(window+" · "+bh.ZoneName(p.l.loc, from), w))
	if s := p.sub.clean(in.Plan.Summary); s != "" {
		drawText(p.img, p.sub, inkSoft, margin, 144, p.sub.fit(s, w))
	}
}

// quiet shades the quiet hours across the whole width, under the grid
// and the blocks.
func (p *painter) quiet() {
	for _, q := range p.l.quiet {
		fillRect(p.img, image.Rect(margin, p.l.y(q[0]), picWidth-margin, p.l.y(q[1])), quietTint)
	}
}

// grid draws a line and a label at each hour of the clock ("07:00"), the
// day's name under midnight, and a faint line at each half hour. A window
// that starts between hours has its start labelled too, when it is not
// too close to the first hour's label.
func (p *painter) grid() {
	marks := p.l.hourMarks()
	if len(marks) == 0 || p.l.y(marks[0])-p.l.y(p.l.start) >= 40 {
		y := p.l.y(p.l.start)
		fillRect(p.img, image.Rect(p.l.left-10, y-1, p.l.left, y+1), gridHour)
		drawText(p.img, p.sub, inkSoft, margin, y+p.sub.capHeight()/2, p.l.hour(p.l.start))
	}
	for _, t := range marks {
		if half := t.Add(30 * time.Minute); half.Before(p.l.end) {
			y := p.l.y(half)
			fillRect(p.img, image.Rect(p.l.left, y, picWidth-margin, y+1), gridHalf)
		}
	}
	for _, t := range marks {
		y := p.l.y(t)
		fillRect(p.img, image.Rect(p.l.left-10, y-1, picWidth-margin, y+1), gridHour)
		local := t.In(p.l.loc)
		drawText(p.img, p.sub, inkSoft, margin, y+p.sub.capHeight()/2, p.l.hour(t))
		if local.Hour() == 0 {
			drawText(p.img, p.small, inkSoft, margin, y+p.sub.capHeight()/2+30, local.Format("Mon"))
		}
	}
}

// block draws one block: a tinted card with a bar of its kind's colour,
// "10:00–11:15 · errand" and its title on up to two lines; a short block
// gets one line, "10:00–10:15 Title", and a sliver none.
func (p *painter) block(b placed) {
	c := colourOf(b.Kind)
	r := b.rect
	// A gap, so that blocks that touch read as two.
	r.Min.Y, r.Max.Y, r.Max.X = r.Min.Y+1, max(r.Max.Y-1, r.Min.Y+4), r.Max.X-4
	fillRound(p.img, r, 12, c.Edge)
	inner := image.Rect(r.Min.X+8, r.Min.Y+1, r.Max.X-1, r.Max.Y-1)
	if inner.Dy() <= 0 {
		return
	}
	fillRound(p.img, inner, 10, c.Fill)

	x, w := inner.Min.X+14, inner.Dx()-14-12
	h := inner.Dy()
	span := p.l.clock.Span(b.Start.In(p.l.loc), b.End.In(p.l.loc))
	kind := b.Kind
	if kind == "" {
		kind = "other"
	}
	title := p.name.clean(p.l.clock.Restamp(b.Title, b.Stamps, p.l.loc))
	const smallLine, nameLine, top, bottom = 30, 38, 6, 2
	switch {
	case h >= top+smallLine+nameLine+bottom:
		y := inner.Min.Y + top + p.small.Metrics().Ascent.Ceil()
		drawText(p.img, p.small, inkSoft, x, y, p.small.fit(span+" · "+p.small.clean(kind), w))
		lines := min(2, (h-top-bottom-smallLine)/nameLine)
		for i, line := range p.name.wrap(title, w, lines) {
			drawText(p.img, p.name, ink, x, y+smallLine+i*nameLine+2, line)
		}
	case h >= 22:
		y := inner.Min.Y + h/2 + p.nameSmall.capHeight()/2
		x2 := drawText(p.img, p.small, inkSoft, x, y, p.small.fit(span, w)) + 10
		drawText(p.img, p.nameSmall, ink, x2, y, p.nameSmall.fit(p.nameSmall.clean(title), x+w-x2))
	}
}

// deadlines draws a diamond at the right edge at each deadline's time,
// with "due 17:00"; labels that would overlap move down.
func (p *painter) deadlines() {
	const rad, lineH = 13, 32
	next := 0
	for _, d := range p.l.dues {
		y := p.l.y(d.Due)
		fillRect(p.img, image.Rect(p.l.right, y-1, p.l.right+22, y+1), dueEdge)
		cx := p.l.right + 22 + rad
		fillDiamond(p.img, cx, y, rad, dueEdge)
		fillDiamond(p.img, cx, y, rad-3, dueFill)
		ly := max(y, next)
		next = ly + lineH
		label := "due " + p.l.hour(d.Due)
		drawText(p.img, p.mark, ink, cx+rad+8, ly+p.mark.capHeight()/2, p.mark.fit(label, picWidth-8-(cx+rad+8)))
	}
}

// now draws the red now-line across the timeline and a "now" tag over the
// hour labels.
func (p *painter) now(t time.Time) {
	y := p.l.y(t)
	fillRect(p.img, image.Rect(p.l.left-10, y-2, picWidth-margin, y+2), nowRed)
	tag := image.Rect(margin, y-17, margin+gutterW-22, y+17)
	fillRound(p.img, tag, 17, nowRed)
	tw := p.mark.width("now")
	drawText(p.img, p.mark, paper, tag.Min.X+(tag.Dx()-tw)/2, y+p.mark.capHeight()/2, "now")
}

// legend names the colours the picture uses, under the timeline.
func (p *painter) legend() {
	type entry struct {
		label  string
		swatch func(r image.Rectangle)
	}
	var entries []entry
	card := func(c kindColour) func(image.Rectangle) {
		return func(r image.Rectangle) {
			fillRound(p.img, r, 6, c.Edge)
			fillRound(p.img, image.Rect(r.Min.X+6, r.Min.Y+2, r.Max.X-2, r.Max.Y-2), 4, c.Fill)
		}
	}
	seen := map[string]bool{}
	var other []string
	for _, b := range p.l.blocks {
		k := b.Kind
		if k == "" {
			k = "other"
		}
		if !seen[k] && !slices.Contains(kinds, k) {
			other = append(other, k)
		}
		seen[k] = true
	}
	sort.Strings(other)
	for _, k := range append(slices.Clone(kinds), other...) {
		if seen[k] {
			entries = append(entries, entry{k, card(colourOf(k))})
		}
	}
	if len(p.l.quiet) > 0 {
		entries = append(entries, entry{"quiet hours", func(r image.Rectangle) { fillRect(p.img, r, quietTint) }})
	}
	if p.l.nowIn {
		entries = append(entries, entry{"now", func(r image.Rectangle) {
			m := (r.Min.Y + r.Max.Y) / 2
			fillRect(p.img, image.Rect(r.Min.X, m-2, r.Max.X, m+2), nowRed)
		}})
	}
	if len(p.l.dues) > 0 {
		entries = append(entries, entry{"deadline", func(r image.Rectangle) {
			c := r.Min.Add(r.Max).Div(2)
			fillDiamond(p.img, c.X, c.Y, 13, dueEdge)
			fillDiamond(p.img, c.X, c.Y, 10, dueFill)
		}})
	}

	const sw, rowH, gap = 30, 48, 30
	x, y := margin, p.l.height-footerH+34
	for _, e := range entries {
		label := p.small.clean(strings.ToLower(e.label))
		w := sw + 10 + p.small.width(label)
		if x > margin && x+w > picWidth-margin {
			x, y = margin, y+rowH
		}
		if y+sw > p.l.height {
			return // more than the footer holds: the rest go unnamed
		}
		e.swatch(image.Rect(x, y, x+sw, y+sw))
		drawText(p.img, p.small, inkSoft, x+sw+10, y+sw/2+p.small.capHeight()/2, label)
		x += w + gap
	}
}
