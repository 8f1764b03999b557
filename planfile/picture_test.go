package planfile

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

// decode reads a picture back; an opaque 8-bit PNG decodes to RGBA, whose
// pixels the checks read directly (image.At allocates per pixel).
func decode(t *testing.T, content []byte) *image.RGBA {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(content))
	require.NoError(t, err)
	rgba, ok := img.(*image.RGBA)
	require.True(t, ok, "decoded as %T", img)
	return rgba
}

func picture(t *testing.T, in Input) *image.RGBA {
	t.Helper()
	a, err := Picture(in)
	require.NoError(t, err)
	return decode(t, []byte(a.Content))
}

// row is where the picture draws t, by the layout's rule: 190 px of header,
// then 120 px an hour (110 for 24 hours) from the window's start.
func row(in Input, t time.Time) int {
	px := min(120, 2640/in.Run.HorizonH)
	return 190 + int(math.Round(t.Sub(in.Run.Start()).Hours()*float64(px)))
}

func same(img *image.RGBA, x, y int, want color.RGBA) bool { return img.RGBAAt(x, y) == want }

// count is how many pixels of row y between x0 and x1 are want.
func count(img *image.RGBA, y, x0, x1 int, want color.RGBA) int {
	n := 0
	for x := x0; x < x1; x++ {
		if same(img, x, y, want) {
			n++
		}
	}
	return n
}

func TestPictureArtifact(t *testing.T) {
	t.Parallel()
	a, err := Picture(fixture())
	require.NoError(t, err)
	assert.Equal(t, bh.Artifact{RunID: "r2", Kind: bh.ArtifactPicture, Name: "plan-v2.png", Content: a.Content, CreatedAt: monday16}, a)
	b, err := Picture(fixture())
	require.NoError(t, err)
	assert.Equal(t, a.Content, b.Content, "the same plan draws the same bytes")
}

func TestPictureSize(t *testing.T) {
	t.Parallel()
	tests := []struct{ hours, height int }{
		{1, 320 + 120},
		{12, 320 + 12*120},
		{22, 320 + 22*120},
		{23, 320 + 23*114},
		{24, 320 + 24*110}, // 2960: under 3000
		{48, 320 + 48*55},
	}
	for _, tt := range tests {
		in := fixture()
		in.Run.HorizonH = tt.hours
		a, err := Picture(in)
		require.NoError(t, err)
		cfg, err := png.DecodeConfig(bytes.NewReader([]byte(a.Content)))
		require.NoError(t, err)
		assert.Equal(t, [2]int{1080, tt.height}, [2]int{cfg.Width, cfg.Height}, "%dh", tt.hours)
	}

	in := fixture()
	in.Run.HorizonH = 49
	_, err := Picture(in)
	assert.ErrorContains(t, err, "49-hour window")
}

func TestPictureDrawsThePlan(t *testing.T) {
	t.Parallel()
	in := fixture()
	img := picture(t, in)

	colours := map[color.RGBA]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			colours[img.RGBAAt(x, y)] = true
		}
	}
	assert.GreaterOrEqual(t, len(colours), 40, "a picture, not a blank")

	t.Run("blocks", func(t *testing.T) {
		for _, bl := range in.Plan.Blocks {
			mid := bl.Start.Add(bl.End.Sub(bl.Start) / 2)
			fill := colourOf(bl.Kind).Fill
			for _, y := range []int{row(in, bl.Start) + 6, row(in, mid), min(row(in, bl.End), b.Max.Y-131) - 6} {
				assert.Greater(t, count(img, y, 0, 1080, fill), 200, "%s at row %d", bl.Title, y)
			}
		}
		// Between blocks (18:15–18:30) there is no block.
		y := row(in, at(2, 22))
		for _, k := range kinds {
			assert.Zero(t, count(img, y, 0, 1080, colourOf(k).Fill), k)
		}
	})

	t.Run("now-line", func(t *testing.T) {
		assert.Greater(t, count(img, row(in, in.Now), 0, 1080, nowRed), 700)
		assert.Zero(t, count(img, row(in, in.Now)+20, 150, 1080, nowRed))
	})

	t.Run("quiet hours", func(t *testing.T) {
		// x = 140: right of the hour labels, left of the hour lines.
		for h := 0; h < 12; h++ {
			y := row(in, at(h, 30))
			local := at(h, 30).In(newYork)
			quiet := local.Hour() >= 22 || local.Hour() < 7
			assert.Equal(t, quiet, same(img, 140, y, quietTint), "%s", local.Format("15:04"))
		}
	})

	t.Run("deadlines", func(t *testing.T) {
		// Only "Pick up diapers" (23:59) is inside the window: the past
		// formula deadline and tomorrow's form are not.
		y := row(in, at(7, 59))
		assert.Greater(t, count(img, y, 880, 1080, dueFill), 5)
		for yy := 190; yy < b.Max.Y-130; yy++ {
			if yy < y-14 || yy > y+14 {
				require.Zero(t, count(img, yy, 880, 1000, dueFill), "row %d", yy)
			}
		}
	})
}

func TestPictureWithout(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		change func(*Input)
		absent color.RGBA
	}{
		{"now before the window", func(in *Input) { in.Now = at(-1, 0) }, nowRed},
		{"now after the window", func(in *Input) { in.Now = at(13, 0) }, nowRed},
		{"no now", func(in *Input) { in.Now = time.Time{} }, nowRed},
		{"no quiet hours", func(in *Input) { in.Run.Quiet = nil }, quietTint},
		{"quiet hours off", func(in *Input) { in.Run.Quiet = &bh.QuietHours{} }, quietTint},
		{"no deadlines", func(in *Input) { in.Plan.Now, in.Plan.Top, in.Plan.Admin = nil, nil, nil }, dueFill},
		{"no blocks", func(in *Input) { in.Plan.Blocks = nil }, colourOf("rest").Fill},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			in := fixture()
			tt.change(&in)
			img := picture(t, in)
			b := img.Bounds()
			for y := b.Min.Y; y < b.Max.Y; y++ {
				require.Zero(t, count(img, y, 0, 1080, tt.absent), "row %d", y)
			}
		})
	}
}

// TestPictureLaterWindow draws a window that starts tomorrow morning in
// another zone: quiet hours on that zone's clock, every block inside.
func TestPictureLaterWindow(t *testing.T) {
	t.Parallel()
	kolkata := mustZone("Asia/Kolkata")
	now := time.Date(2026, 3, 7, 21, 10, 0, 0, kolkata)
	from := time.Date(2026, 3, 8, 5, 30, 0, 0, kolkata)
	in := Input{
		Run: bh.Run{ID: "r7", Version: 7, HorizonH: 24, TZ: "Asia/Kolkata", Now: now, From: from, Quiet: &bh.QuietHours{From: 23, To: 6}},
		Plan: bh.Proposal{Archetype: bh.SleepFirst, Blocks: []bh.Block{
			{Start: from.Add(-time.Hour), End: from.Add(time.Hour), Title: "Started before the window", Kind: "rest"},
			{Start: from.Add(2 * time.Hour), End: from.Add(3 * time.Hour), Title: "Overlaps", Kind: "errand"},
			{Start: from.Add(2*time.Hour + 30*time.Minute), End: from.Add(4 * time.Hour), Title: "Overlapped", Kind: "admin"},
			{Start: from.Add(23 * time.Hour), End: from.Add(26 * time.Hour), Title: "Past the end", Kind: "something new"},
		}},
		Now: now,
	}
	img := picture(t, in)
	require.Equal(t, 320+24*110, img.Bounds().Dy())
	assert.True(t, same(img, 140, row(in, from.Add(10*time.Minute)), quietTint), "05:40 is quiet")
	assert.False(t, same(img, 140, row(in, from.Add(40*time.Minute)), quietTint), "06:10 is not")
	assert.True(t, same(img, 140, row(in, from.Add(18*time.Hour)), quietTint), "23:30 is quiet")
	// The overlapping blocks share the row, side by side.
	y := row(in, from.Add(2*time.Hour+45*time.Minute))
	e, a := count(img, y, 0, 1080, colourOf("errand").Fill), count(img, y, 0, 1080, colourOf("admin").Fill)
	assert.Greater(t, e, 200)
	assert.Greater(t, a, 200)
	assert.Less(t, e+a, 900)
	assert.Greater(t, count(img, row(in, from.Add(23*time.Hour+30*time.Minute)), 0, 1080, otherKind.Fill), 200)
	assert.Zero(t, count(img, row(in, now), 0, 1080, nowRed), "now is before the window")
}

// TestPictureGolden compares the fixture's picture with the golden one,
// allowing what another version of the font rasteriser may change: each
// channel within 8 on at least 99.5% of the pixels.
func TestPictureGolden(t *testing.T) {
	t.Parallel()
	a, err := Picture(fixture())
	require.NoError(t, err)
	want := decode(t, golden(t, "plan-v2.png", []byte(a.Content)))
	got := decode(t, []byte(a.Content))
	require.Equal(t, want.Bounds(), got.Bounds())
	off := 0
	for i := 0; i < len(got.Pix); i += 4 {
		if diff(want.Pix[i], got.Pix[i]) > 8 || diff(want.Pix[i+1], got.Pix[i+1]) > 8 || diff(want.Pix[i+2], got.Pix[i+2]) > 8 {
			off++
		}
	}
	assert.LessOrEqual(t, off, len(got.Pix)/4*5/1000, "%d pixels differ from testdata/plan-v2.png", off)
}

func diff(a, b uint8) uint8 {
	if a > b {
		return a - b
	}
	return b - a
}
