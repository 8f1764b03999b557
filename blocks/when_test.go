package blocks_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/babyhandoff/babyhandoff/blocks"
)

// Times in messages are Slack's date tokens (each reader's zone and clock),
// with the shift's time as the fallback a notification shows.
func TestWhen(t *testing.T) {
	ny, _ := time.LoadLocation("America/New_York")
	at := time.Date(2026, 11, 24, 2, 42, 0, 0, time.UTC) // Mon 21:42 in New York
	assert.Equal(t, "<!date^1795488120^{time}|21:42>", blocks.When(at, ny, blocks.Clock))
	assert.Equal(t, "<!date^1795488120^{date_short_pretty} {time}|Mon 21:42>", blocks.When(at, ny, blocks.DayTime))
	assert.Equal(t, "<!date^1795488120^{date_short_pretty}|Mon Nov 23>", blocks.When(at, ny, blocks.Day))
	assert.Equal(t, "Tue 02:42", blocks.Plain(at, nil, blocks.DayTime), "no zone: UTC")
}
