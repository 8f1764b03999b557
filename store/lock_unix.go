//go:build unix

package store

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	bh "github.com/babyhandoff/babyhandoff"
)

// LockFileName is the lock that keeps a second process off the embedded file.
const LockFileName = "babyhandoff.lock"

// lockDir takes an exclusive advisory lock on dir. The embedded engine keeps
// the whole database in memory and writes its changes to the file, so two
// processes on one file would each work on their own copy and lose each
// other's writes.
func lockDir(dir string) (func(), error) {
	path := filepath.Join(dir, LockFileName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, &bh.Error{Code: bh.EUNAVAILABLE, Message: fmt.Sprintf("Cannot open the lock file %s.", path), Detail: err.Error(), Err: err}
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		buf := make([]byte, 32)
		n, _ := f.ReadAt(buf, 0)
		_ = f.Close()
		holder := strings.TrimSpace(string(buf[:n]))
		who := "another process"
		if _, perr := strconv.Atoi(holder); perr == nil {
			who = "process " + holder
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

// LockDir takes DATA_DIR's lock for a process that keeps its data in
// another engine (SQLite), so one bot at a time runs on it; unlock
// releases it. ECONFLICT, naming the holder, when another process has it.
func LockDir(dir string) (unlock func(), err error) { return lockDir(dir) }
