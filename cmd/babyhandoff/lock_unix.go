//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	bh "github.com/babyhandoff/babyhandoff"
)

// lockFileName is DATA_DIR's lock: one bot runs on a DATA_DIR at a time
// (the bolt engine of earlier versions took the same file, so a bot of
// that version still running stops the move into SQLite).
const lockFileName = "babyhandoff.lock"

// lockDataDir takes an exclusive advisory lock on dir, with this process's
// id in the file for the message another start gets; unlock releases it.
// ECONFLICT, naming the holder, when another process has it. SQLite lets
// several processes use its file; the lock keeps a second bot (and its
// radar, its sweeps, its recovery of plans left running) off it.
func lockDataDir(dir string) (unlock func(), err error) {
	path := filepath.Join(dir, lockFileName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, &bh.Error{Code: bh.EUNAVAILABLE, Message: fmt.Sprintf("Cannot open the lock file %s.", path), Detail: err.Error(), Err: err}
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		buf := make([]byte, 32)
		n, _ := f.ReadAt(buf, 0)
		_ = f.Close()
		who := "another process"
		if holder := strings.TrimSpace(string(buf[:n])); holder != "" {
			if _, perr := strconv.Atoi(holder); perr == nil {
				who = "process " + holder
			}
		}
		return nil, &bh.Error{
			Code: bh.ECONFLICT,
			Message: fmt.Sprintf("The embedded database in %s is in use by %s. Only one BabyHandoff process can use it: stop the other one, set DATA_DIR to another folder, or set MONGODB_URI to share a MongoDB between processes.",
				dir, who),
			Detail: err.Error(), Err: err,
		}
	}
	_ = f.Truncate(0)
	_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	return func() {
		_ = f.Truncate(0)
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		_ = f.Close()
	}, nil
}
