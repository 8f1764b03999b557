package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/slack-go/slack"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
)

// childEnv makes the test binary run the real program instead of the tests:
// the crash tests start it as a separate process and kill -9 it.
const childEnv = "BABYHANDOFF_E2E_CHILD"

func TestMain(m *testing.M) {
	useTestEngine()
	if os.Getenv(childEnv) == "1" {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		code := run(ctx, nil, os.Stdout, os.Stderr)
		stop()
		os.Exit(code)
	}
	os.Exit(m.Run())
}

// child is the bot in a process of its own.
type child struct {
	cmd    *exec.Cmd
	stderr *syncBuffer
}

func startChild(t *testing.T, fake *slacktest.Server, dir string, env ...string) *child {
	t.Helper()
	cfg := fake.Config()
	c := &child{stderr: &syncBuffer{}}
	c.cmd = exec.Command(os.Args[0], "-test.run=^$")
	c.cmd.Env = append(os.Environ(), childEnv+"=1", "SLACK_APP_TOKEN="+cfg.AppToken, "SLACK_BOT_TOKEN="+cfg.BotToken,
		"SLACK_API_URL="+fake.APIURL(), "DATA_DIR="+dir, "MONGODB_URI=", "LOG_LEVEL=debug")
	c.cmd.Env = append(c.cmd.Env, env...)
	c.cmd.Stdout, c.cmd.Stderr = c.stderr, c.stderr
	connects := fake.ConnectCount()
	require.NoError(t, c.cmd.Start())
	t.Cleanup(func() { _ = c.cmd.Process.Kill(); _ = c.cmd.Wait() })
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	require.Eventually(t, func() bool { return fake.ConnectCount() > connects && ctx.Err() == nil }, 20*time.Second, 10*time.Millisecond,
		"the child did not connect; log:\n%s", c.stderr.String())
	return c
}

// TestCrashDuringAPlanIsPutRightAtRestart kills the bot with SIGKILL while
// it waits on Slack in the middle of /plan; the restarted bot turns the
// message into the Decision Card or an interrupted notice within 10 s, and
// nothing is doubled.
func TestCrashDuringAPlanIsPutRightAtRestart(t *testing.T) {
	sqliteOnly(t, "the killed child process held its MongoDB in its own memory")
	if testing.Short() {
		t.Skip("starts the bot as a separate process")
	}
	fake := slacktest.New(slacktest.Config{RedeliverOnReconnect: true})
	t.Cleanup(fake.Close)
	dir := t.TempDir()
	c := startChild(t, fake, dir)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	env, err := fake.SendEvent(ctx, map[string]any{"type": "message", "channel": "DU1", "channel_type": "im", "user": "U1", "text": "slept 3h; pay daycare by Friday", "ts": "1700000500.000100"})
	require.NoError(t, err)
	_, err = fake.WaitAck(ctx, env)
	require.NoError(t, err)

	// Every chat.update hangs: the council's progress and its card.
	arrived := make(chan string, 1)
	for i := 0; i < 20; i++ {
		fake.FailNext("chat.update", slacktest.Failure{Delay: time.Minute, Arrived: arrived})
	}
	_, err = fake.SendFixture(ctx, fixtures+"/envelope_slash_commands_python_sdk_mock.json", func(m map[string]any) {
		p := m["payload"].(map[string]any)
		p["team_id"], p["channel_id"], p["user_id"], p["command"], p["text"] = fake.Config().TeamID, "DU1", "U1", "/plan", ""
	})
	require.NoError(t, err)
	select {
	case <-arrived:
	case <-ctx.Done():
		t.Fatalf("no chat.update; log:\n%s", c.stderr.String())
	}
	progress, err := fake.WaitMessage(ctx, func(m slacktest.Message) bool {
		return m.Channel == "DU1" && m.ThreadTS == "" && !m.Ephemeral && m.User != "U1" && strings.HasPrefix(m.Text, "Planning")
	})
	require.NoError(t, err, "log:\n%s", c.stderr.String())
	require.NoError(t, c.cmd.Process.Signal(syscall.SIGKILL))
	_ = c.cmd.Wait()
	fake.ClearFailures()

	restarted := time.Now()
	c = startChild(t, fake, dir)
	wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
	defer wcancel()
	fixed, err := fake.WaitMessage(wctx, func(m slacktest.Message) bool {
		return m.Channel == "DU1" && m.TS == progress.TS && (strings.Contains(titleOf(m), "v1 · ") || strings.Contains(m.Text, "interrupted"))
	})
	require.NoError(t, err, "the message was not put right; log:\n%s", c.stderr.String())
	assert.Less(t, time.Since(restarted), 10*time.Second)
	t.Logf("after the restart the message says: %.80s", fixed.Text)

	require.NoError(t, c.cmd.Process.Signal(syscall.SIGTERM))
	require.NoError(t, c.cmd.Wait(), "log:\n%s", c.stderr.String())
	db := openTestDB(t, dir)
	defer db.Close(context.Background())
	sh, err := db.Shift(context.Background(), fake.Config().TeamID, "DU1")
	require.NoError(t, err)
	notes, err := db.Notes(context.Background(), sh.TeamID, sh.ID, true)
	require.NoError(t, err)
	assert.Len(t, notes, 1, "no duplicate notes")
	latest, err := db.LatestRun(context.Background(), sh.TeamID, sh.ID)
	require.NoError(t, err)
	assert.Equal(t, 1, latest.Version, "no second run by itself")
	cards := 0
	for _, m := range fake.Messages("DU1") {
		if m.ThreadTS == "" && !m.Ephemeral && strings.Contains(titleOf(m), "v1 · ") {
			cards++
		}
	}
	assert.LessOrEqual(t, cards, 1, "no duplicate cards")
}

// TestInterruptedPlanOffersReRun starts the bot on a store that a stopped
// process left with a run still "running": its message becomes an
// interrupted notice, and Re-run plans again.
func TestInterruptedPlanOffersReRun(t *testing.T) {
	sqliteOnly(t, "on MongoDB several processes may share the data, so a run is called interrupted only after bot.InterruptedAfter, not at start")
	fake := slacktest.New(slacktest.Config{RedeliverOnReconnect: true})
	t.Cleanup(fake.Close)
	h := &harness{t: t, fake: fake, dir: t.TempDir(), done: make(chan int, 1), stderr: &syncBuffer{}, stdout: &syncBuffer{}, team: fake.Config().TeamID}

	// What the dead process left: a note, a progress message, a run.
	api := slack.New(fake.Config().BotToken, slack.OptionAPIURL(fake.APIURL()))
	_, ts, err := api.PostMessage("DU1", slack.MsgOptionText("The village council is working…", false))
	require.NoError(t, err)
	ctx := context.Background()
	db := openTestDB(t, h.dir)
	n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: h.team, ChannelID: "DU1", UserID: "U1", RawText: "slept 3h", MessageTS: "1.1"})
	require.NoError(t, err)
	run, err := db.CreateRun(ctx, bh.Run{TeamID: h.team, ShiftID: n.ShiftID, ChannelID: "DU1", Energy: bh.EnergyLow, HorizonH: 8, CardChannel: "DU1", CardTS: ts})
	require.NoError(t, err)
	require.NoError(t, db.Close(ctx))

	h.launch()
	t.Cleanup(func() { h.stop() })
	m, err := fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool { return m.TS == ts && strings.Contains(m.Text, "interrupted") })
	require.NoError(t, err, "log:\n%s", h.stderr.String())
	assert.Contains(t, m.Text, fmt.Sprintf("Plan v%d was interrupted", run.Version))
	bs := buttons(t, m.Blocks)
	require.Len(t, bs, 1)
	assert.Equal(t, blocks.ActionRerun, bs[0].ActionID)

	// A forged Re-run from another conversation is refused.
	h.ack(h.click("DU2", ts, "U2", blocks.ActionRerun, run.ID))
	_, err = fake.WaitMessage(h.ctx(), func(m slacktest.Message) bool { return m.Ephemeral && m.Channel == "DU2" })
	require.NoError(t, err)

	h.ack(h.click("DU1", ts, "U1", blocks.ActionRerun, run.ID))
	card := h.waitCard("DU1", "v2 · next 8h")
	assert.NotEmpty(t, card.runID)
}

// TestCrashDuringAnUploadIsFinishedAtRestart kills the bot while it sends
// handoff.md; the restarted bot sends it, once. (Killed during the last of
// Slack's three upload calls, the file can arrive twice: Slack finished it
// but the bot never heard.)
func TestCrashDuringAnUploadIsFinishedAtRestart(t *testing.T) {
	sqliteOnly(t, "the killed child process held its MongoDB in its own memory")
	if testing.Short() {
		t.Skip("starts the bot as a separate process")
	}
	fake := slacktest.New(slacktest.Config{RedeliverOnReconnect: true})
	t.Cleanup(fake.Close)
	dir := t.TempDir()
	c := startChild(t, fake, dir)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	_, err := fake.SendFixture(ctx, fixtures+"/envelope_slash_commands_python_sdk_mock.json", func(m map[string]any) {
		p := m["payload"].(map[string]any)
		p["team_id"], p["channel_id"], p["user_id"], p["command"], p["text"] = fake.Config().TeamID, "DU1", "U1", "/plan", "sample"
	})
	require.NoError(t, err)
	card, err := fake.WaitMessage(ctx, func(m slacktest.Message) bool {
		return m.Channel == "DU1" && strings.Contains(titleOf(m), "v1 · ")
	})
	require.NoError(t, err, "log:\n%s", c.stderr.String())
	runID := cardRunID(card.Blocks)
	require.NotEmpty(t, runID)

	arrived := make(chan string, 1)
	fake.FailNext("files.getUploadURLExternal", slacktest.Failure{Delay: time.Minute, Arrived: arrived})
	_, err = sendClick(ctx, fake, "DU1", card.TS, "U1", "b", blocks.ActionDownload, runID)
	require.NoError(t, err)
	select {
	case <-arrived:
	case <-ctx.Done():
		t.Fatalf("the upload did not start; log:\n%s", c.stderr.String())
	}
	require.NoError(t, c.cmd.Process.Signal(syscall.SIGKILL))
	_ = c.cmd.Wait()
	fake.ClearFailures()

	c = startChild(t, fake, dir)
	wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
	defer wcancel()
	require.Eventually(t, func() bool {
		for _, f := range fake.Files() {
			if f.Completed && f.Name == "handoff-v1.md" {
				return true
			}
		}
		return wctx.Err() != nil
	}, 11*time.Second, 10*time.Millisecond)
	require.NoError(t, wctx.Err(), "handoff.md was not sent after the restart; log:\n%s", c.stderr.String())
	require.NoError(t, c.cmd.Process.Signal(syscall.SIGTERM))
	require.NoError(t, c.cmd.Wait())
	done := 0
	for _, f := range fake.Files() {
		if f.Completed && f.Name == "handoff-v1.md" {
			done++
		}
	}
	assert.Equal(t, 1, done, "sent once")
}

// TestCrashDuringARadarNudgeSendsItOnce kills the bot with SIGKILL while its
// nudge is on the way to Slack. After the restart the conversation has the
// nudge within 10 s, sent by the restarted process, and the store knows its
// message. If Slack took the dead process's post, that message's ts was
// never heard and Slack's history is not read to find it: the new message
// supersedes it (the claim counts the take-over), and the old one is left
// as it is.
func TestCrashDuringARadarNudgeSendsItOnce(t *testing.T) {
	sqliteOnly(t, "the killed child process held its MongoDB in its own memory")
	if testing.Short() {
		t.Skip("starts the bot as a separate process")
	}
	for _, tc := range []struct {
		name      string
		slackTook bool
	}{
		{"Slack took the post", true},
		{"Slack never got the post", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake := slacktest.New(slacktest.Config{RedeliverOnReconnect: true})
			t.Cleanup(fake.Close)
			dir := t.TempDir()
			c := startChild(t, fake, dir, "RADAR_DEBOUNCE_SECONDS=1")
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			isRadar := func(m slacktest.Message) bool {
				return m.Channel == "DU1" && m.ThreadTS == "" && !m.Ephemeral && strings.Contains(string(m.Metadata), "babyhandoff_radar_post")
			}

			// The child runs on the wall clock: its note is written now.
			note := tsAt(time.Now(), 500)
			env, err := fake.SendEvent(ctx, map[string]any{"type": "message", "channel": "DU1", "channel_type": "im", "user": "U1", "text": "out of formula", "ts": note})
			require.NoError(t, err)
			_, err = fake.WaitAck(ctx, env)
			require.NoError(t, err)
			_, err = fake.WaitMessage(ctx, func(m slacktest.Message) bool { return m.Channel == "DU1" && m.ThreadTS == note })
			require.NoError(t, err, "the note's reply; log:\n%s", c.stderr.String())

			// The nudge's chat.postMessage hangs; the bot dies while it does.
			// Slack either finishes the post without the bot hearing, or
			// never makes it.
			arrived := make(chan string, 1)
			f := slacktest.Failure{Delay: time.Minute, Arrived: arrived}
			if !tc.slackTook {
				f.Status = 500
			}
			fake.FailNext("chat.postMessage", f)
			select {
			case <-arrived:
			case <-ctx.Done():
				t.Fatalf("no nudge was posted; log:\n%s", c.stderr.String())
			}
			posts := len(fake.Calls("chat.postMessage"))
			require.NoError(t, c.cmd.Process.Signal(syscall.SIGKILL))
			_ = c.cmd.Wait()
			// The hung call ends when the connection drops.
			require.Eventually(t, func() bool { return len(fake.Calls("chat.postMessage")) > posts }, 10*time.Second, 10*time.Millisecond)
			var took []slacktest.Message
			for _, m := range fake.Messages("DU1") {
				if isRadar(m) {
					took = append(took, m)
				}
			}
			if tc.slackTook {
				require.Len(t, took, 1, "Slack has the nudge the bot never heard about")
			} else {
				require.Empty(t, took)
			}

			restarted := time.Now()
			c = startChild(t, fake, dir, "RADAR_DEBOUNCE_SECONDS=1")
			wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
			defer wcancel()
			_, err = fake.WaitMessage(wctx, func(m slacktest.Message) bool {
				return isRadar(m) && (!tc.slackTook || m.TS != took[0].TS)
			})
			require.NoError(t, err, "the nudge was not finished after the restart; log:\n%s", c.stderr.String())
			assert.Less(t, time.Since(restarted), 10*time.Second)

			require.NoError(t, c.cmd.Process.Signal(syscall.SIGTERM))
			require.NoError(t, c.cmd.Wait(), "log:\n%s", c.stderr.String())
			var radarMsgs []string
			for _, m := range fake.Messages("DU1") {
				if isRadar(m) {
					radarMsgs = append(radarMsgs, m.TS)
				}
			}
			if tc.slackTook {
				require.Len(t, radarMsgs, 2, "the lost message and the one that supersedes it")
				old, _ := fake.Message("DU1", took[0].TS)
				assert.Zero(t, old.Updated, "the lost message is never guessed at")
				radarMsgs = radarMsgs[1:]
			} else {
				assert.Len(t, radarMsgs, 1, "one radar message")
			}
			db := openTestDB(t, dir)
			defer db.Close(context.Background())
			sh, err := db.Shift(context.Background(), fake.Config().TeamID, "DU1")
			require.NoError(t, err)
			recs, err := db.Posts(context.Background(), sh.TeamID, sh.ID)
			require.NoError(t, err)
			require.Len(t, recs, 1)
			assert.Equal(t, radarMsgs, []string{recs[0].TS}, "the store knows the message")
			assert.Equal(t, 1, recs[0].Superseded, "taken over from the dead process, and posted anew")
		})
	}
}
