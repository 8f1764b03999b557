//go:build linux

package store

import (
	"os"
	"syscall"
)

// fdatasync flushes f's data and only the metadata needed to read it back
// (not its times), which is what an overwrite in place needs.
func fdatasync(f *os.File) error { return syscall.Fdatasync(int(f.Fd())) }
