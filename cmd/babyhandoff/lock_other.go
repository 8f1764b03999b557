//go:build !unix

package main

import bh "github.com/babyhandoff/babyhandoff"

// lockFileName is DATA_DIR's lock (lock_unix.go).
const lockFileName = "babyhandoff.lock"

// lockDataDir cannot lock a folder on this system.
func lockDataDir(dir string) (unlock func(), err error) {
	return nil, bh.Errorf(bh.EUNAVAILABLE, "The embedded database needs a Unix-like system for its file lock; set MONGODB_URI instead.")
}
