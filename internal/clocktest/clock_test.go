package clocktest

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestTimersFireInOrderOnlyWhenTimeMoves(t *testing.T) {
	t0 := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	c := New(t0)
	var fired []string
	c.AfterFunc(2*time.Second, func() { fired = append(fired, "2s") })
	c.AfterFunc(time.Second, func() { fired = append(fired, "1s") })
	stop := c.AfterFunc(time.Second, func() { fired = append(fired, "stopped") })
	assert.True(t, stop(), "a pending timer stops")
	assert.False(t, stop(), "a stopped timer stops once")
	assert.Equal(t, 2, c.Pending())

	c.Set(t0.Add(time.Hour))
	assert.Empty(t, fired, "Set fires nothing")
	c.Set(t0)
	c.Advance(1500 * time.Millisecond)
	assert.Equal(t, []string{"1s"}, fired)
	c.Advance(time.Second)
	assert.Equal(t, []string{"1s", "2s"}, fired)
	assert.Equal(t, t0.Add(2500*time.Millisecond), c.Now())
	assert.Zero(t, c.Pending())
}
