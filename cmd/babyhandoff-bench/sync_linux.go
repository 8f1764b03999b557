//go:build linux

package main

import (
	"os"
	"syscall"
)

// fdatasync is the store's sync of its log: data and the metadata needed
// to read it back, not the file's times.
func fdatasync(f *os.File) error { return syscall.Fdatasync(int(f.Fd())) }
