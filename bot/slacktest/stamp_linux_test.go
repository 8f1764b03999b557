//go:build linux && !race

package slacktest

import (
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The time kept for a read is when the data reached the socket, not when
// it was read: data written, then read later, keeps the earlier time.
func TestAConnectionKeepsWhenItsDataArrived(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	l := stampListener{ln}
	defer l.Close()
	client, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	defer client.Close()
	server, err := l.Accept()
	require.NoError(t, err)
	defer server.Close()
	_, ok := received(server)
	assert.False(t, ok, "nothing read yet")
	// The kernel turns stamping on a moment after the first socket asks
	// (in a work queue), so the first data may come unstamped; the bot's
	// acks come long after the connection's handshake. Wait for a stamp.
	stamped := false
	for deadline := time.Now().Add(5 * time.Second); !stamped && time.Now().Before(deadline); {
		_, err = client.Write([]byte("hello"))
		require.NoError(t, err)
		_, err = server.Read(make([]byte, 64))
		require.NoError(t, err)
		_, stamped = received(server)
		if !stamped {
			time.Sleep(time.Millisecond) // the kernel's work queue, not a timing
		}
	}
	require.True(t, stamped, "the kernel never stamped a read")

	for i := range 3 {
		sent := time.Now()
		_, err = client.Write([]byte("an ack"))
		require.NoError(t, err)
		// On loopback the data is in the socket once the write returns;
		// the read below starts after this moment.
		before := time.Now()
		buf := make([]byte, 64)
		n, err := server.Read(buf)
		require.NoError(t, err)
		assert.Equal(t, "an ack", string(buf[:n]))
		at, ok := received(server)
		require.True(t, ok, "read %d", i)
		assert.False(t, at.Before(sent.Round(0).Add(-time.Millisecond)), "not before the write (%v < %v)", at, sent)
		assert.False(t, at.After(before.Round(0)), "the arrival, not the read (%v > %v)", at, before)
	}
	require.NoError(t, client.Close())
	n, err := server.Read(make([]byte, 8))
	assert.Zero(t, n)
	assert.Error(t, err, "the end of the stream")
}
