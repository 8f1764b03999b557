package babyhandoff_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	bh "github.com/babyhandoff/babyhandoff"
)

func TestSpan(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0:                                "0 min",
		45 * time.Minute:                 "45 min",
		2 * time.Hour:                    "2 h",
		90*time.Minute + 29*time.Second:  "1 h 30 min",
		119*time.Minute + 31*time.Second: "2 h",
	} {
		assert.Equal(t, want, bh.Span(d), d.String())
	}
}
