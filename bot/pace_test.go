package bot

import (
	"context"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/slack-go/slack"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
)

// testPacer is a pacer on a settable clock whose waits move the clock and
// are written down: no real time passes.
func testPacer() (*Pacer, *clocktest.Clock, *[]time.Duration) {
	clock := clocktest.New(time.Date(2026, 11, 28, 7, 0, 0, 0, time.UTC))
	var waits []time.Duration
	p := NewPacer(PaceConfig{Now: clock.Now, Wait: func(_ context.Context, d time.Duration) error {
		waits = append(waits, d)
		clock.Advance(d)
		return nil
	}})
	return p, clock, &waits
}

// waited is how long one call waited its turn.
func waited(t *testing.T, p *Pacer, waits *[]time.Duration, team, method, channel string) time.Duration {
	t.Helper()
	n := len(*waits)
	require.NoError(t, p.Wait(context.Background(), team, method, channel))
	if len(*waits) == n {
		return 0
	}
	return (*waits)[n]
}

func TestPacerKeepsAboutOneMessageASecondPerChannel(t *testing.T) {
	p, _, waits := testPacer()
	// Slack's short burst goes at once…
	for i := range ChannelBurst {
		assert.Zero(t, waited(t, p, waits, "T1", methodPost, "C1"), "message %d", i)
	}
	// …then one a second, whichever message method it is.
	assert.Equal(t, time.Second, waited(t, p, waits, "T1", methodPost, "C1"))
	assert.Equal(t, time.Second, waited(t, p, waits, "T1", "chat.postEphemeral", "C1"))
	assert.Equal(t, time.Second, waited(t, p, waits, "T1", "chat.update", "C1"))
	// Another channel, and the same channel id in another team, have their own.
	assert.Zero(t, waited(t, p, waits, "T1", methodPost, "C2"))
	assert.Zero(t, waited(t, p, waits, "T2", methodPost, "C1"))
}

func TestPacerKeepsEachMethodsTierPerTeam(t *testing.T) {
	for _, tc := range []struct {
		method string
		burst  int
		every  time.Duration
	}{
		{"views.publish", 10, 600 * time.Millisecond},      // Tier 4: 100 a minute
		{"conversations.open", 5, 1200 * time.Millisecond}, // Tier 3: 50 a minute
		{"users.info", 10, 600 * time.Millisecond},         // Tier 4
		{"some.unlisted", 2, 3 * time.Second},              // Tier 2: 20 a minute
	} {
		t.Run(tc.method, func(t *testing.T) {
			p, _, waits := testPacer()
			for i := range tc.burst {
				assert.Zero(t, waited(t, p, waits, "T1", tc.method, ""), "call %d", i)
			}
			assert.Equal(t, tc.every, waited(t, p, waits, "T1", tc.method, ""))
			assert.Equal(t, tc.every, waited(t, p, waits, "T1", tc.method, ""))
			assert.Zero(t, waited(t, p, waits, "T2", tc.method, ""), "another team's budget is its own")
		})
	}
}

// Over a minute, no team's method goes past its tier (by more than its
// burst): the budget is a minute's, not only a second's.
func TestPacerStaysWithinTheTierOverAMinute(t *testing.T) {
	p, clock, waits := testPacer()
	start := clock.Now()
	n := 0
	for clock.Now().Sub(start) < time.Minute {
		waited(t, p, waits, "T1", "chat.update", "")
		n++
	}
	assert.LessOrEqual(t, n, int(Tier3)+int(Tier3)/10)
}

func TestPacerHoldsAMethodForSlacksRetryAfter(t *testing.T) {
	p, _, waits := testPacer()
	p.Done(context.Background(), "T1", "views.publish", &slack.RateLimitedError{RetryAfter: 30 * time.Second})
	assert.Equal(t, 30*time.Second, waited(t, p, waits, "T1", "views.publish", ""))
	assert.Zero(t, waited(t, p, waits, "T1", "views.publish", ""), "held only until then")
	assert.Zero(t, waited(t, p, waits, "T2", "views.publish", ""), "another team is not held")
	assert.Zero(t, waited(t, p, waits, "T1", "users.info", ""), "another method is not held")
	p.Done(context.Background(), "T1", "users.info", slack.SlackErrorResponse{Err: "user_not_found"})
	assert.Zero(t, waited(t, p, waits, "T1", "users.info", ""), "only a 429 holds")
}

// rateLimitedSlack answers every views.publish with Slack's 429, as
// slack-go returns it once its own retries are spent.
type rateLimitedSlack struct {
	Slack
	calls int
}

func (r *rateLimitedSlack) PublishViewContext(context.Context, slack.PublishViewContextRequest) (*slack.ViewResponse, error) {
	r.calls++
	return nil, &slack.RateLimitedError{RetryAfter: 7 * time.Second}
}

// The bot's calls go through the pacer: a 429's Retry-After holds the next
// call of that team's method; the call itself is not retried here (that is
// slack-go's).
func TestPacedCallsWaitSlacksRetryAfter(t *testing.T) {
	p, _, waits := testPacer()
	next := &rateLimitedSlack{}
	api := paced{next: next, p: p}
	ctx := bh.WithTeam(context.Background(), "T1")
	_, err := api.PublishViewContext(ctx, slack.PublishViewContextRequest{UserID: "U1"})
	require.Error(t, err)
	assert.Equal(t, 1, next.calls, "no second retry layer")
	assert.Empty(t, *waits)
	_, _ = api.PublishViewContext(ctx, slack.PublishViewContextRequest{UserID: "U1"})
	assert.Equal(t, []time.Duration{7 * time.Second}, *waits)
}

// A call whose context ends while it waits gives its turn back.
func TestPacerGivesBackTheTurnOfACallThatGaveUp(t *testing.T) {
	clock := clocktest.New(time.Date(2026, 11, 28, 7, 0, 0, 0, time.UTC))
	p := NewPacer(PaceConfig{Now: clock.Now, Wait: func(ctx context.Context, _ time.Duration) error { return context.Canceled }})
	for range ChannelBurst {
		require.NoError(t, p.Wait(context.Background(), "T1", methodPost, "C1"))
	}
	assert.ErrorIs(t, p.Wait(context.Background(), "T1", methodPost, "C1"), context.Canceled)
	clock.Advance(time.Second)
	assert.NoError(t, p.Wait(context.Background(), "T1", methodPost, "C1"), "one second gives one turn: the cancelled one was given back")
}

// A job waiting its turn in the pacer lends its worker: with one worker,
// another team's work runs while the first waits.
func TestAJobWaitingItsTurnLendsItsWorker(t *testing.T) {
	release := make(chan struct{})
	waiting := make(chan struct{})
	p := NewPacer(PaceConfig{Wait: func(ctx context.Context, _ time.Duration) error {
		close(waiting)
		<-release
		return nil
	}})
	b := &Bot{log: slog.New(slog.DiscardHandler), jobs: make(chan job, 4)}
	b.wg.Add(1)
	go b.worker(context.Background())
	b.jobs <- job{team: "T1", fn: func(ctx context.Context) {
		for range ChannelBurst + 1 { // the last one waits
			require.NoError(t, p.Wait(ctx, "T1", methodPost, "C1"))
		}
	}}
	<-waiting
	ran := make(chan struct{})
	b.jobs <- job{team: "T2", fn: func(context.Context) { close(ran) }}
	select {
	case <-ran:
	case <-time.After(10 * time.Second): // a guard against a hang, not a measure
		t.Fatal("another team's job waited behind a job waiting its turn")
	}
	close(release)
	close(b.jobs)
	b.wg.Wait()
}

// Over months the bot posts to ever more conversations (each family's DMs
// and channels, in every workspace): a bucket that has filled up again is
// what a new one would be, and is forgotten, so the pacer stays as small
// as what is being paced right now, while a bucket still in use keeps its
// count.
func TestPacerForgetsQuietConversationsOverDays(t *testing.T) {
	p, clock, waits := testPacer()
	for i := range ChannelBurst {
		assert.Zero(t, waited(t, p, waits, "T1", methodPost, "CBUSY"), "message %d", i)
	}
	for day := 1; day <= 90; day++ {
		for c := range 100 { // a day's conversations, each a message or three
			for range 1 + c%3 {
				require.NoError(t, p.Wait(context.Background(), "T1", methodPost, fmt.Sprintf("D%d-%d", day, c)))
			}
		}
		if day == 1 {
			// The day's buckets were looked over (more than minTidy), and
			// CBUSY's, still within the second of its burst, was kept.
			p.mu.Lock()
			tidied := p.tidyAt > minTidy
			p.mu.Unlock()
			assert.True(t, tidied)
			assert.Equal(t, time.Second, waited(t, p, waits, "T1", methodPost, "CBUSY"))
		}
		clock.Advance(24 * time.Hour)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	assert.LessOrEqual(t, len(p.buckets), 2*minTidy, "buckets kept after 90 days of 100 new conversations a day")
	assert.Empty(t, p.held)
}
