//go:build !linux

package store

import "os"

// fdatasync is a full sync where the system has no data-only one.
func fdatasync(f *os.File) error { return f.Sync() }
