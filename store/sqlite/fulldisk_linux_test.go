//go:build linux

package sqlite

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

// fullDiskChildDir, when set, makes TestFullDiskChild the writer that
// TestFullDiskLosesNoAcknowledgedNote runs out of room.
const fullDiskChildDir = "BABYHANDOFF_SQLITE_FULLDISK_CHILD_DIR"

// fullDiskLimit is the most the child may write to one file: neither the
// database nor its log can grow past it, as on a disk with no room left.
const fullDiskLimit = 2 << 20

// TestFullDiskChild stores notes until the files cannot grow (the
// process's file size limit stands in for a full disk: writes past it
// fail, as they do with ENOSPC) and keeps trying, printing "ack TS" for
// each stored note and "error CODE …" for each refused one; then it reads
// the notes back.
func TestFullDiskChild(t *testing.T) {
	dir := os.Getenv(fullDiskChildDir)
	if dir == "" {
		t.Skip("the writer for TestFullDiskLosesNoAcknowledgedNote")
	}
	// Past the limit the kernel sends SIGXFSZ, which would kill the
	// process; ignored, the write fails with EFBIG instead.
	signal.Ignore(syscall.SIGXFSZ)
	require.NoError(t, syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: fullDiskLimit, Max: fullDiskLimit}))
	ctx := context.Background()
	db, err := Open(ctx, Config{DataDir: dir})
	require.NoError(t, err)
	text := strings.Repeat("pediatrician follow-up, bring the blue folder ", 40)
	failures := 0
	for i := 0; failures < 20 && i < 20000; i++ {
		ts := fmt.Sprintf("%d.1", 1000+i)
		_, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: text, MessageTS: ts})
		if err != nil {
			failures++
			fmt.Println("error", bh.ErrorCode(err), err)
			continue
		}
		fmt.Println("ack", ts)
	}
	sh, err := db.Shift(ctx, "T1", "D1")
	require.NoError(t, err)
	notes, err := db.Notes(ctx, "T1", sh.ID, false)
	require.NoError(t, err)
	fmt.Println("read", len(notes))
	_ = db.Close(ctx)
}

// A full disk refuses new notes (so the bot leaves the event unacked,
// Slack delivers it again, and the sender is told on the last delivery:
// bot.TestNoteNotStoredOnTheLastDeliveryIsToldNotLost), keeps every note
// it acknowledged, stays readable, and takes notes again once there is
// room.
func TestFullDiskLosesNoAcknowledgedNote(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestFullDiskChild$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), fullDiskChildDir+"="+dir)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	var acked, errs []string
	read := -1
	lines := bufio.NewScanner(out)
	for lines.Scan() {
		line := lines.Text()
		switch {
		case strings.HasPrefix(line, "ack "):
			acked = append(acked, strings.TrimPrefix(line, "ack "))
		case strings.HasPrefix(line, "error "):
			errs = append(errs, strings.TrimPrefix(line, "error "))
		case strings.HasPrefix(line, "read "):
			_, err := fmt.Sscan(strings.TrimPrefix(line, "read "), &read)
			require.NoError(t, err)
		}
	}
	require.NoError(t, cmd.Wait(), "the writer neither panicked nor failed")
	require.NotEmpty(t, acked, "notes were stored before the disk filled")
	require.Len(t, errs, 20, "the writer ran out of room")
	for _, e := range errs {
		assert.False(t, strings.HasPrefix(e, bh.EINVALID+" ") || strings.HasPrefix(e, bh.ECONFLICT+" "), "a full disk is not the note's fault: %s", e)
	}
	assert.Equal(t, len(acked), read, "the full database still reads")
	t.Logf("%d notes stored, then: %s", len(acked), errs[0])

	// Room again (this process has no limit): every acknowledged note is
	// there, and a new one is stored.
	ctx := context.Background()
	db, err := Open(ctx, Config{DataDir: dir})
	require.NoError(t, err, "the database opens after the disk filled")
	defer db.Close(ctx)
	for _, ts := range acked {
		_, err := db.NoteByMessage(ctx, "T1", "D1", ts)
		require.NoError(t, err, "note %s was acknowledged", ts)
	}
	_, created, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: "D1", RawText: "wipes < 1 day", MessageTS: "99999.1"})
	require.NoError(t, err)
	assert.True(t, created)
}
