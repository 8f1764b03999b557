package sqlite

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

// Another process's write holds the file: a write waits up to BusyTimeout,
// then fails as unavailable (the note is not acked, so Slack delivers it
// again), and goes through once the other write is done. A write whose
// own context ends fails alone.
func TestAWriteBehindAnotherProcessIsUnavailableThenGoesThrough(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	other := openTest(t, dir, nil)
	db, err := Open(ctx, Config{DataDir: dir, BusyTimeout: 50 * time.Millisecond})
	require.NoError(t, err)
	defer func() { assert.NoError(t, db.Close(ctx)) }()
	held, err := other.wr.BeginTx(ctx, nil)
	require.NoError(t, err)
	in := bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "wipes < 1 day", MessageTS: "1.1"}
	_, _, err = db.CaptureNote(ctx, in)
	assert.Equal(t, bh.EUNAVAILABLE, bh.ErrorCode(err), "%v", err)
	assert.Contains(t, bh.ErrorMessage(err), "another program's write")
	require.NoError(t, held.Rollback())

	gone, cancel := context.WithCancel(ctx)
	cancel()
	_, _, err = db.CaptureNote(gone, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "fed", MessageTS: "1.2"})
	assert.Equal(t, bh.EUNAVAILABLE, bh.ErrorCode(err))
	n, created, err := db.CaptureNote(ctx, in)
	require.NoError(t, err)
	assert.True(t, created)
	all, err := other.Notes(ctx, "T1", n.ShiftID, true)
	require.NoError(t, err)
	assert.Len(t, all, 1, "the other process sees it; the cancelled write left nothing")
}

// A process killed at any moment (SIGKILL) loses no note it acked: a
// writer in a child process prints each note's id once CaptureNote
// returned; it is killed after a varying number of them, and every
// printed note is in the file when it is opened again.
func TestAKilledWriterLosesNoAckedNote(t *testing.T) {
	if dir := os.Getenv("SQLITE_KILL_WRITER_DIR"); dir != "" {
		writeUntilKilled(dir)
		return
	}
	if testing.Short() {
		t.Skip("starts child processes")
	}
	ctx := context.Background()
	dir := t.TempDir()
	acked := []string{}
	for round, kill := range []int{1, 17, 64} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestAKilledWriterLosesNoAckedNote$")
		cmd.Env = append(os.Environ(), "SQLITE_KILL_WRITER_DIR="+dir, fmt.Sprintf("SQLITE_KILL_ROUND=%d", round))
		out, err := cmd.StdoutPipe()
		require.NoError(t, err)
		require.NoError(t, cmd.Start())
		lines := bufio.NewScanner(out)
		for i := 0; i < kill && lines.Scan(); i++ {
			if id, ok := strings.CutPrefix(lines.Text(), "acked "); ok {
				acked = append(acked, id)
			} else {
				i--
			}
		}
		require.NoError(t, cmd.Process.Kill())
		_ = cmd.Wait() // killed: its error says so
	}
	db := openTest(t, dir, nil)
	got, err := db.NotesByID(ctx, "T1", acked)
	require.NoError(t, err)
	assert.Equal(t, len(acked), len(got), "every acked note is stored")
}

// writeUntilKilled captures notes, one after another, until the process
// is killed.
func writeUntilKilled(dir string) {
	ctx := context.Background()
	db, err := Open(ctx, Config{DataDir: dir})
	if err != nil {
		fmt.Println("open:", err)
		os.Exit(1)
	}
	round := os.Getenv("SQLITE_KILL_ROUND")
	for i := 0; ; i++ {
		n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D" + round, RawText: strings.Repeat("a note ", 50),
			MessageTS: fmt.Sprintf("%s.%d", round, i)})
		if err != nil {
			fmt.Println("capture:", err)
			os.Exit(1)
		}
		fmt.Println("acked " + n.ID)
	}
}
