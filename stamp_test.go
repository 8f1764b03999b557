package babyhandoff_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

func TestStampOf(t *testing.T) {
	paris, err := time.LoadLocation("Europe/Paris")
	require.NoError(t, err)
	at := time.Date(2026, 11, 24, 16, 0, 0, 0, time.UTC)
	s := bh.StampOf(at.In(paris), "Mon 15:04")
	assert.Equal(t, "Tue 17:00", s.Text, "written on the shift's clock")
	assert.Equal(t, at, s.At, "the instant, in UTC as stored")
	assert.Equal(t, "Mon 15:04", s.Layout)
}
