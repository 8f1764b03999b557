//go:build !unix

package store

import bh "github.com/babyhandoff/babyhandoff"

func lockDir(dir string) (func(), error) {
	return nil, bh.Errorf(bh.EUNAVAILABLE, "The embedded database needs a Unix-like system for its file lock; set MONGODB_URI instead.")
}

// LockDir takes DATA_DIR's lock (not on this system).
func LockDir(dir string) (unlock func(), err error) { return lockDir(dir) }
