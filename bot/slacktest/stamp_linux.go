//go:build linux && !race

package slacktest

import (
	"io"
	"net"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"
)

// stampListener hands out connections that remember when the kernel
// received the data they read last (SO_TIMESTAMPNS), so an ack's latency
// can be taken at its arrival, as Slack's servers see it, and not when
// this process's reader got to it: in a benchmark the bot and this fake
// share the process and its CPUs, and the reader may wait for the bot's
// work after the ack.
type stampListener struct{ net.Listener }

func (l stampListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	tc, ok := c.(*net.TCPConn)
	if !ok {
		return c, nil
	}
	raw, err := tc.SyscallConn()
	if err != nil {
		return c, nil
	}
	var serr error
	if err := raw.Control(func(fd uintptr) {
		serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_TIMESTAMPNS, 1)
	}); err != nil || serr != nil {
		return c, nil
	}
	return &stampConn{TCPConn: tc, raw: raw}, nil
}

// stampConn reads with recvmsg to get the kernel's receive time.
type stampConn struct {
	*net.TCPConn
	raw  syscall.RawConn
	last atomic.Int64 // unix nanoseconds of the data read last; 0 before any
	oob  [64]byte
}

func (c *stampConn) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	var n, oobn int
	var rerr error
	err := c.raw.Read(func(fd uintptr) bool {
		n, oobn, _, _, rerr = syscall.Recvmsg(int(fd), p, c.oob[:], 0)
		return rerr != syscall.EAGAIN
	})
	if err != nil {
		return 0, err
	}
	if rerr != nil {
		return 0, &net.OpError{Op: "read", Net: "tcp", Err: rerr}
	}
	if n == 0 {
		return 0, io.EOF
	}
	// A read with no time (the kernel stamps data only once stamping is
	// on, which it turns on a moment after the first socket asks) leaves
	// none, not an older one.
	c.last.Store(0)
	if msgs, err := syscall.ParseSocketControlMessage(c.oob[:oobn]); err == nil {
		for _, m := range msgs {
			if m.Header.Level == syscall.SOL_SOCKET && m.Header.Type == syscall.SCM_TIMESTAMPNS && len(m.Data) >= int(unsafe.Sizeof(syscall.Timespec{})) {
				ts := (*syscall.Timespec)(unsafe.Pointer(&m.Data[0]))
				c.last.Store(time.Unix(ts.Unix()).UnixNano())
			}
		}
	}
	return n, nil
}

// received is when the kernel received the data read last, if known.
func received(c net.Conn) (time.Time, bool) {
	sc, ok := c.(*stampConn)
	if !ok {
		return time.Time{}, false
	}
	ns := sc.last.Load()
	return time.Unix(0, ns), ns != 0
}
