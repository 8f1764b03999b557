//go:build !linux

package main

import "os"

// fdatasync is a full sync where the system has no data-only one, as in
// the store.
func fdatasync(f *os.File) error { return f.Sync() }
