package bot_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/blocks"
	"github.com/babyhandoff/babyhandoff/bot"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/council"
	"github.com/babyhandoff/babyhandoff/store/storetest"
)

// slowStore is the real embedded store whose captures can be held back, to
// play a database that does not answer in time.
type slowStore struct {
	storetest.DB
	mu      sync.Mutex
	hold    chan struct{} // while non-nil, CaptureNote waits for it or ctx
	holding chan string   // when non-nil, hears each note CaptureNote holds back
	// threadDown makes HandoffByThread fail as a database that does not
	// answer.
	threadDown bool
	// dutyDown makes SetDuty fail the same way.
	dutyDown bool
}

func (s *slowStore) HandoffByThread(ctx context.Context, teamID, channelID, ts string) (bh.Handoff, error) {
	s.mu.Lock()
	down := s.threadDown
	s.mu.Unlock()
	if down {
		return bh.Handoff{}, &bh.Error{Code: bh.EUNAVAILABLE, Message: "The database did not answer in time."}
	}
	return s.DB.HandoffByThread(ctx, teamID, channelID, ts)
}

func newSlowStore(t *testing.T) *slowStore { return &slowStore{DB: storetest.New(t)} }

func (s *slowStore) CaptureNote(ctx context.Context, in bh.NewNote) (bh.Note, bool, error) {
	s.mu.Lock()
	hold, holding := s.hold, s.holding
	s.mu.Unlock()
	if hold != nil {
		if holding != nil {
			select {
			case holding <- in.RawText:
			default:
			}
		}
		select {
		case <-hold:
		case <-ctx.Done():
			return bh.Note{}, false, &bh.Error{Code: bh.EUNAVAILABLE, Message: "The database did not answer in time.", Err: ctx.Err()}
		}
	}
	return s.DB.CaptureNote(ctx, in)
}

// release lets held captures through, and later ones pass at once.
func (s *slowStore) release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.hold != nil {
		close(s.hold)
		s.hold = nil
	}
}

// count is how many notes are stored, in every conversation.
func (s *slowStore) count(t *testing.T) int {
	t.Helper()
	ctx := context.Background()
	shifts, err := s.ShiftsChangedSince(ctx, time.Time{})
	require.NoError(t, err)
	n := 0
	for _, sh := range shifts {
		notes, err := s.Notes(ctx, sh.TeamID, sh.ID, false)
		require.NoError(t, err)
		n += len(notes)
	}
	return n
}

var _ bot.Store = (*slowStore)(nil)

// noRadar is a radar these tests never ask.
type noRadar struct{}

func (noRadar) State(context.Context, bh.Shift) (bh.ShiftState, error) {
	return bh.ShiftState{}, bh.Errorf(bh.EINTERNAL, "no radar in these tests")
}

// newBot is bot.New with the fakes' tokens, a heuristic council and no
// radar; cfg's other fields are kept.
func newBot(t *testing.T, fake *slacktest.Server, st bot.Store, cfg bot.Config) *bot.Bot {
	t.Helper()
	c, err := council.New(council.Config{})
	require.NoError(t, err)
	if cfg.BotToken == "" {
		cfg.BotToken = fake.Config().BotToken
	}
	if cfg.AppToken == "" {
		cfg.AppToken = fake.Config().AppToken
	}
	cfg.APIURL, cfg.Store, cfg.Council, cfg.Radar = fake.APIURL(), st, c, noRadar{}
	b, err := bot.New(cfg)
	require.NoError(t, err)
	return b
}

func startBot(t *testing.T, st bot.Store) *slacktest.Server {
	t.Helper()
	fake := slacktest.New(slacktest.Config{})
	t.Cleanup(fake.Close)
	runBot(t, fake, st, bot.Config{StoreTimeout: 200 * time.Millisecond})
	return fake
}

// runBot runs newBot until the test ends, once it is connected to fake.
func runBot(t *testing.T, fake *slacktest.Server, st bot.Store, cfg bot.Config) {
	t.Helper()
	b := newBot(t, fake, st, cfg)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		assert.NoError(t, <-done)
	})
	wctx, wcancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer wcancel()
	require.NoError(t, fake.WaitConnections(wctx, 1))
}

// nyFamily is Maya's (U1, New York) family, made by her first note in
// conversation and its zone recorded, as the zone learner would; that
// note is returned.
func nyFamily(ctx context.Context, t *testing.T, db storetest.DB, conversation string) bh.Note {
	t.Helper()
	n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: conversation, UserID: "U1", RawText: "slept 2h", MessageTS: "1.000100"})
	require.NoError(t, err)
	require.NoError(t, db.SetShiftTZ(ctx, "T1", n.ShiftID, "America/New_York"))
	return n
}

// replyWorld is the reply tests' team T1 at now: the embedded store on
// that clock, and a fake Slack with the bot's user and people.
func replyWorld(t *testing.T, now time.Time, people ...slacktest.User) (context.Context, storetest.DB, *slacktest.Server, func() time.Time) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	clock := func() time.Time { return now }
	db := storetest.New(t, storetest.WithClock(clock))
	fake := slacktest.New(slacktest.Config{TeamID: "T1"})
	t.Cleanup(fake.Close)
	fake.SetUser(slacktest.User{ID: "U0BOT", Name: "babyhandoff", IsBot: true})
	for _, u := range people {
		fake.SetUser(u)
	}
	return ctx, db, fake, clock
}

// replyTo sends ev (a message event of team T1), waits for its ack, and
// returns the bot's reply in the message's thread.
func replyTo(ctx context.Context, t *testing.T, fake *slacktest.Server, ev map[string]any) slacktest.Call {
	t.Helper()
	ev["team"] = "T1"
	env, err := fake.SendEvent(ctx, ev)
	require.NoError(t, err)
	_, err = fake.WaitAck(ctx, env)
	require.NoError(t, err)
	ts, _ := ev["ts"].(string)
	reply, err := fake.WaitCall(ctx, "chat.postMessage", func(c slacktest.Call) bool { return c.Form.Get("thread_ts") == ts })
	require.NoError(t, err)
	return reply
}

// unescapeJSON shows the angle brackets JSON escapes in blocks.
var unescapeJSON = strings.NewReplacer(`\u003c`, "<", `\u003e`, ">").Replace

// A note the store cannot take in time is not acked, so Slack redelivers
// it; the redelivery is stored and acked, and the note exists once.
func TestNoteIsNotAckedUntilStored(t *testing.T) {
	st := newSlowStore(t)
	st.hold = make(chan struct{})
	fake := startBot(t, st)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	env, err := fake.SendEvent(ctx, map[string]any{"type": "message", "channel": "D1", "channel_type": "im", "user": "U1", "text": "wipes < 1 day", "ts": "1.000001"})
	require.NoError(t, err)
	// The bot gives up on the store after StoreTimeout (200 ms) and must not
	// ack; a short wait for the ack proves it never came.
	short, scancel := context.WithTimeout(ctx, time.Second)
	_, err = fake.WaitAck(short, env)
	scancel()
	require.Error(t, err, "an event whose note was not stored must stay unacked")
	assert.Equal(t, 0, st.count(t))

	// The database is back; Slack redelivers.
	st.release()
	again, err := fake.Redeliver(ctx, env, "timeout")
	require.NoError(t, err)
	_, err = fake.WaitAck(ctx, again)
	require.NoError(t, err)
	_, err = fake.WaitCall(ctx, "chat.postMessage", func(c slacktest.Call) bool { return c.Form.Get("thread_ts") == "1.000001" })
	require.NoError(t, err)
	assert.Equal(t, 1, st.count(t))
}

// On Slack's last delivery, a note the store still cannot take is answered
// in its thread with the note quoted: never lost in silence.
func TestNoteNotStoredOnTheLastDeliveryIsToldNotLost(t *testing.T) {
	st := newSlowStore(t)
	st.hold = make(chan struct{})
	t.Cleanup(st.release)
	fake := startBot(t, st)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	env, err := fake.SendEvent(ctx, map[string]any{"type": "message", "channel": "D1", "channel_type": "im", "user": "U1", "text": "form due Friday", "ts": "2.000001"})
	require.NoError(t, err)
	for i := 0; i < 3; i++ {
		short, scancel := context.WithTimeout(ctx, time.Second)
		_, err = fake.WaitAck(short, env)
		scancel()
		require.Error(t, err, "delivery %d: not stored, not acked", i)
		env, err = fake.Redeliver(ctx, env, "timeout")
		require.NoError(t, err)
	}
	_, err = fake.WaitAck(ctx, env)
	require.NoError(t, err, "the last delivery is acked: Slack sends no more")
	c, err := fake.WaitCall(ctx, "chat.postMessage", func(c slacktest.Call) bool { return c.Form.Get("thread_ts") == "2.000001" })
	require.NoError(t, err)
	assert.Contains(t, c.Form.Get("text"), "could not save this note")
	assert.Contains(t, c.Form.Get("text"), "form due Friday")
	assert.Equal(t, 0, st.count(t))
}

// A thread reply may be an answer to pass on in a handoff's thread: while
// the database cannot say whether it is, the event is left for Slack to
// deliver again, not acked and lost (in a channel) nor taken as a note (in
// a DM); once it answers, the reply is handled as usual.
func TestThreadReplyWaitsForTheDatabase(t *testing.T) {
	st := newSlowStore(t)
	st.threadDown = true
	fake := startBot(t, st)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	inChannel, err := fake.SendEvent(ctx, map[string]any{"type": "message", "channel": "C1", "channel_type": "channel", "user": "U1",
		"text": "yes, the blue folder", "ts": "3.000002", "thread_ts": "3.000001"})
	require.NoError(t, err)
	inDM, err := fake.SendEvent(ctx, map[string]any{"type": "message", "channel": "D1", "channel_type": "im", "user": "U1",
		"text": "wipes < 1 day", "ts": "4.000002", "thread_ts": "4.000001"})
	require.NoError(t, err)
	for _, env := range []string{inChannel, inDM} {
		short, scancel := context.WithTimeout(ctx, time.Second)
		_, err = fake.WaitAck(short, env)
		scancel()
		require.Error(t, err, "not acked while the database does not answer")
	}
	assert.Equal(t, 0, st.count(t))

	st.mu.Lock()
	st.threadDown = false
	st.mu.Unlock()
	for _, env := range []string{inChannel, inDM} {
		again, err := fake.Redeliver(ctx, env, "timeout")
		require.NoError(t, err)
		_, err = fake.WaitAck(ctx, again)
		require.NoError(t, err)
	}
	_, err = fake.WaitCall(ctx, "chat.postMessage", func(c slacktest.Call) bool { return c.Form.Get("thread_ts") == "4.000002" })
	require.NoError(t, err, "the DM's thread reply is a note, confirmed in its thread")
	assert.Equal(t, 1, st.count(t), "the channel's thread reply is not a note")
}

func TestNewNeedsTokensStoreCouncilAndRadar(t *testing.T) {
	c, err := council.New(council.Config{})
	require.NoError(t, err)
	full := bot.Config{AppToken: "xapp-fake", BotToken: "xoxb-fake", Store: newSlowStore(t), Council: c, Radar: noRadar{}}
	_, err = bot.New(full)
	require.NoError(t, err)
	for name, change := range map[string]func(*bot.Config){
		"no bot token": func(c *bot.Config) { c.BotToken = "" },
		"no app token": func(c *bot.Config) { c.AppToken = "" },
		"no store":     func(c *bot.Config) { c.Store = nil },
		"no council":   func(c *bot.Config) { c.Council = nil },
		"no radar":     func(c *bot.Config) { c.Radar = nil },
	} {
		t.Run(name, func(t *testing.T) {
			cfg := full
			change(&cfg)
			_, err := bot.New(cfg)
			assert.Equal(t, bh.EINVALID, bh.ErrorCode(err))
		})
	}
}

func TestWrongBotTokenStopsRunWithAClearError(t *testing.T) {
	fake := slacktest.New(slacktest.Config{})
	defer fake.Close()
	b := newBot(t, fake, newSlowStore(t), bot.Config{BotToken: "xoxb-wrong"})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := b.Run(ctx)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "SLACK_BOT_TOKEN")
	assert.Contains(t, err.Error(), "invalid_auth")
}

func TestWrongAppTokenStopsRunWithAClearError(t *testing.T) {
	fake := slacktest.New(slacktest.Config{})
	defer fake.Close()
	b := newBot(t, fake, newSlowStore(t), bot.Config{AppToken: "xapp-wrong"})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := b.Run(ctx)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "refused")
	assert.NoError(t, ctx.Err(), "Run gave up by itself instead of retrying until the deadline")
}

// When Slack's pings stop (a half-dead connection), the bot opens a new
// connection after its ping interval, and notes flow again.
func TestPingsStoppingMakeTheBotReconnect(t *testing.T) {
	st := newSlowStore(t)
	fake := slacktest.New(slacktest.Config{PingInterval: 100 * time.Millisecond, RedeliverOnReconnect: true})
	t.Cleanup(fake.Close)
	b := newBot(t, fake, st, bot.Config{PingInterval: 500 * time.Millisecond})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- b.Run(runCtx) }()
	t.Cleanup(func() { stop(); <-done })
	require.NoError(t, fake.WaitConnections(ctx, 1))
	before := fake.ConnectCount()

	fake.SetPings(false)
	require.Eventually(t, func() bool { return fake.ConnectCount() > before }, 15*time.Second, 20*time.Millisecond, "no reconnect when pings stopped")
	fake.SetPings(true)
	env, err := fake.SendEvent(ctx, map[string]any{"type": "message", "channel": "D1", "channel_type": "im", "user": "U1", "text": "slept 3h", "ts": "3.000001"})
	require.NoError(t, err)
	_, err = fake.WaitAck(ctx, env)
	require.NoError(t, err)
	assert.Equal(t, 1, st.count(t))
}

// Slack's last delivery of a note that finds every worker busy is acked and
// answered (the note quoted) rather than dropped in silence.
func TestLastDeliveryWhenBusyIsToldNotLost(t *testing.T) {
	st := newSlowStore(t)
	st.hold, st.holding = make(chan struct{}), make(chan string, 10)
	fake := slacktest.New(slacktest.Config{})
	t.Cleanup(fake.Close)
	b := newBot(t, fake, st, bot.Config{Workers: 1, Queue: 1, StoreTimeout: 5 * time.Second})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	runCtx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- b.Run(runCtx) }()
	t.Cleanup(func() {
		st.release()
		stop()
		<-done
	})
	require.NoError(t, fake.WaitConnections(ctx, 1))
	select {
	case <-b.Ready():
	case <-ctx.Done():
		t.Fatal("the bot never became ready")
	}

	// One note in the worker (the store hangs), then one queued. The first
	// must be in the worker before the second arrives, or the second finds
	// the queue full and is left for Slack to redeliver.
	for i := 0; i < 2; i++ {
		_, err := fake.SendEvent(ctx, map[string]any{"type": "message", "channel": "D1", "channel_type": "im", "user": "U1", "text": fmt.Sprintf("note %d", i), "ts": fmt.Sprintf("4.00000%d", i)})
		require.NoError(t, err)
		if i == 0 {
			select {
			case <-st.holding:
			case <-ctx.Done():
				t.Fatal("the first note never reached the store")
			}
		}
	}
	require.Eventually(t, func() bool { return b.Busy() }, 5*time.Second, 5*time.Millisecond)
	payload, err := json.Marshal(map[string]any{"type": "event_callback", "team_id": fake.Config().TeamID, "event_id": "EvLAST",
		"event": map[string]any{"type": "message", "channel": "D1", "channel_type": "im", "user": "U1", "text": "pay daycare by Friday", "ts": "4.000009"}})
	require.NoError(t, err)
	last, err := fake.Send(ctx, slacktest.Envelope{Type: "events_api", Payload: payload, RetryAttempt: 3, RetryReason: "timeout"})
	require.NoError(t, err)
	_, err = fake.WaitAck(ctx, last)
	require.NoError(t, err, "the last delivery is acked")
	c, err := fake.WaitCall(ctx, "chat.postMessage", func(c slacktest.Call) bool { return c.Form.Get("thread_ts") == "4.000009" })
	require.NoError(t, err)
	assert.Contains(t, c.Form.Get("text"), "too busy")
	assert.Contains(t, c.Form.Get("text"), "pay daycare by Friday")
}

// SetDuty fails as a database that does not answer while dutyDown is set.
func (s *slowStore) SetDuty(ctx context.Context, d bh.Duty) error {
	s.mu.Lock()
	down := s.dutyDown
	s.mu.Unlock()
	if down {
		return &bh.Error{Code: bh.EUNAVAILABLE, Message: "The database did not answer in time."}
	}
	return s.DB.SetDuty(ctx, d)
}

// A Got it whose duty could not be recorded says so to the receiver, with
// the way to put it right, instead of leaving them believing they are on.
func TestGotItWhoseDutyIsNotRecordedSaysSo(t *testing.T) {
	st := newSlowStore(t)
	st.dutyDown = true
	fake := startBot(t, st)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	team := fake.Config().TeamID
	n, _, err := st.CaptureNote(ctx, bh.NewNote{TeamID: team, ChannelID: "D1", UserID: "U1", RawText: "wipes < 1 day", MessageTS: "1.000001"})
	require.NoError(t, err)
	// U2 is in the family (only members take its handoffs).
	_, err = st.Join(ctx, bh.Member{TeamID: team, ShiftID: n.ShiftID, UserID: "U2", InvitedBy: "U1"}, "")
	require.NoError(t, err)
	ho, err := st.CreateHandoff(ctx, bh.Handoff{TeamID: team, ShiftID: n.ShiftID, ChannelID: "D1", From: "U1", To: []string{"U2"},
		Start: time.Now().Add(-time.Minute), Hours: 4})
	require.NoError(t, err)

	click, err := json.Marshal(map[string]any{"type": "block_actions", "team": map[string]any{"id": team}, "user": map[string]any{"id": "U2"},
		"channel": map[string]any{"id": "D2"}, "container": map[string]any{"type": "message", "message_ts": "2.000001", "channel_id": "D2"},
		"trigger_id": "1.2.g", "actions": []any{map[string]any{"type": "button", "action_id": blocks.ActionHandoffGotIt, "value": ho.ID,
			"block_id": "handoff", "action_ts": "2.1", "text": map[string]any{"type": "plain_text", "text": "Got it"}}}})
	require.NoError(t, err)
	_, err = fake.Send(ctx, slacktest.Envelope{Type: "interactive", Payload: click})
	require.NoError(t, err)
	told, err := fake.WaitCall(ctx, "chat.postEphemeral", func(c slacktest.Call) bool { return c.Form.Get("user") == "U2" })
	require.NoError(t, err, "the receiver is told their duty was not recorded")
	assert.Contains(t, told.Form.Get("text"), "not")
	assert.Contains(t, told.Form.Get("text"), "I'm on now")

	taken, err := st.Handoff(ctx, team, ho.ID)
	require.NoError(t, err)
	assert.Equal(t, "U2", taken.GotBy, "the handoff is theirs all the same")
}

// A person's DM with the bot never changes: it is asked of Slack once, not
// at every App Home publish after a note (conversations.open allows about
// 50 calls a minute).
func TestAPersonsDMIsAskedOfSlackOnce(t *testing.T) {
	fake := startBot(t, storetest.New(t))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for i, text := range []string{"wipes < 1 day", "slept 3h", "out of formula"} {
		env, err := fake.SendEvent(ctx, map[string]any{"type": "message", "channel": "D1", "channel_type": "im", "user": "U1", "text": text, "ts": fmt.Sprintf("1.00000%d", i+1)})
		require.NoError(t, err)
		_, err = fake.WaitAck(ctx, env)
		require.NoError(t, err)
		_, err = fake.WaitCall(ctx, "views.publish", func(slacktest.Call) bool { return len(fake.Calls("views.publish")) > i })
		require.NoError(t, err, "App Home is published after each note")
	}
	assert.Len(t, fake.Calls("conversations.open"), 1)
}
