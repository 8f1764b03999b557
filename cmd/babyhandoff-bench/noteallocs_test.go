package main

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/babyhandoff/babyhandoff/bot/slacktest"
)

// BenchmarkCapturedNote is one note of the soak's family, the whole way
// the soak takes it: the fake Slack's frame, the bot's socket, capture on
// SQLite and the ack, then the note's reply and the radar's look at the
// family (waited for, so that each note's garbage is counted once).
// Allocations are the figure to read (-benchmem, -memprofile): the fake
// Slack shares the process and its share is in them too; the time per note
// is mostly the 30 ms left between notes, as the soak leaves 100 ms.
//
//	go test ./cmd/babyhandoff-bench -run '^$' -bench CapturedNote -benchmem -benchtime 300x -memprofile /tmp/note.mem
func BenchmarkCapturedNote(b *testing.B) {
	ctx := context.Background()
	clk := &soakClock{}
	start := time.Date(2027, 1, 4, 7, 0, 0, 0, time.UTC)
	clk.Set(start)
	db, closeDB, err := openEngine(ctx, engineSQLite, b.TempDir(), engineOptions{Now: clk.Now})
	if err != nil {
		b.Fatal(err)
	}
	defer closeDB()
	fake := slacktest.New(slacktest.Config{})
	defer fake.Close()
	const family = "DFAMILY"
	sb, err := startSoakBot(ctx, db, fake, clk, time.Millisecond)
	if err != nil {
		b.Fatal(err)
	}
	defer func() {
		if err := sb.stop(); err != nil {
			b.Error(err)
		}
	}()
	familyShift, stateSaved := &sb.familyShift, sb.saved
	team := fake.Config().TeamID

	// A day is 30 notes, 25 minutes apart, as in the soak; each morning
	// the day before's work is marked done, so what the radar reads stays
	// a day's worth, as it does there.
	note := func(i int) {
		if i > 0 && i%30 == 0 {
			b.StopTimer()
			clk.Set(start.Add(time.Duration(i/30) * 24 * time.Hour))
			if _, err := db.Sweep(ctx); err != nil {
				b.Fatal(err)
			}
			if err := soakKeepUp(ctx, db, team, family, clk.Now()); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
		}
		// As in the soak, the last note's follow-up (its App Home, the
		// radar's nudge) is done first: a family's notes are minutes apart.
		time.Sleep(30 * time.Millisecond)
		clk.Add(25 * time.Minute)
		for len(stateSaved) > 0 {
			<-stateSaved
		}
		ts := fmt.Sprintf("%d.%06d", clk.Now().Unix(), i%1000000)
		id, err := fake.SendEvent(ctx, map[string]any{"type": "message", "channel": family, "channel_type": "im", "user": "UFAMILY",
			"text": familyNotes[i%len(familyNotes)], "ts": ts})
		if err != nil {
			b.Fatal(err)
		}
		wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
		defer wcancel()
		if _, err := fake.WaitAck(wctx, id); err != nil {
			b.Fatal(err)
		}
		if _, err := fake.WaitCall(wctx, "chat.postMessage", func(c slacktest.Call) bool { return c.Form.Get("thread_ts") == ts }); err != nil {
			b.Fatal(fmt.Errorf("note %d: no reply: %w", i, err))
		}
		if familyShift.Load().(string) == "" {
			if sh, err := db.Shift(ctx, team, family); err == nil {
				familyShift.Store(sh.ID)
			}
			return
		}
		select {
		case <-stateSaved:
		case <-wctx.Done():
			b.Fatalf("note %d: the radar saved no state", i)
		}
		fake.Forget()
	}
	// A family with days of notes already: the path as it is after the
	// first few.
	for i := 0; i < 90; i++ {
		note(i)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		note(90 + i)
	}
}
