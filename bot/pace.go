package bot

import (
	"cmp"
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/slackevents"
	"golang.org/x/time/rate"

	bh "github.com/babyhandoff/babyhandoff"
)

// Slack's limits hold per app, per workspace and per method; posts also per
// channel. Every Web API call waits its turn here before it goes out:
// a token bucket (golang.org/x/time/rate) per team and method, and one per
// team and channel for messages. Retrying is slack-go's alone (bot.go: the
// one retry layer, which sleeps the Retry-After of a 429); a 429 that
// comes back here anyway also holds that team's method, so the calls queued
// behind it wait the Retry-After too instead of meeting the same 429.

// Tier is a Slack Web API rate tier: calls a minute, per app, workspace and
// method.
type Tier int

// Slack's published tiers ("Rate limits", https://docs.slack.dev/apis/web-api/rate-limits):
// Tier 1: 1+ a minute, Tier 2: 20+, Tier 3: 50+, Tier 4: 100+ a minute;
// "Posting messages: 1 per second (per channel), short bursts >1 allowed".
const (
	Tier1 Tier = 1
	Tier2 Tier = 20
	Tier3 Tier = 50
	Tier4 Tier = 100
)

// Tiers are the methods the bot calls and their tiers, as each method's
// page in Slack's reference (https://docs.slack.dev/reference/methods/<method>,
// "Rate limits") gives them: views.publish Tier 4, conversations.open
// Tier 3, chat.update Tier 3. chat.postMessage is of the special tier: 1 a second per
// channel, kept by the channel's bucket below. A method not listed is
// paced as Tier 2, Slack's tier for most methods.
var Tiers = map[string]Tier{
	"auth.test":                    Tier4, // special; not limited in practice, paced as Tier 4
	"chat.update":                  Tier3,
	"chat.postEphemeral":           Tier4,
	"chat.getPermalink":            Tier4, // special
	"views.open":                   Tier4,
	"views.update":                 Tier4,
	"views.publish":                Tier4,
	"conversations.open":           Tier3,
	"conversations.info":           Tier3,
	"conversations.members":        Tier4,
	"users.info":                   Tier4,
	"files.getUploadURLExternal":   Tier4,
	"files.completeUploadExternal": Tier4,
	methodPost:                     0, // per channel only
}

const methodPost = "chat.postMessage"

// perChannel are the methods that write a message in a channel: about one a
// second per channel, whichever of them it is.
var perChannel = map[string]bool{methodPost: true, "chat.update": true, "chat.postEphemeral": true}

// ChannelRate is the messages a second one channel takes, and ChannelBurst
// the short burst Slack allows above it.
const (
	ChannelRate  = 1
	ChannelBurst = 3
)

// PaceConfig configures NewPacer. Zero fields take the stated defaults.
type PaceConfig struct {
	// Now is the clock the buckets fill on. Default time.Now: pacing is
	// about Slack's wall clock, not the bot's settable domain clock.
	Now func() time.Time
	// Wait waits d or until ctx ends. Default: a real timer.
	Wait func(ctx context.Context, d time.Duration) error
	// Logger hears a 429 that held a method. Default: discard.
	Logger *slog.Logger
}

// Pacer keeps Slack's limits per team. It is safe for concurrent use.
type Pacer struct {
	cfg     PaceConfig
	mu      sync.Mutex
	buckets map[string]*rate.Limiter
	// held: a team's method Slack answered 429 for, until when.
	held map[string]time.Time
	// tidyAt is how many buckets make the next Wait drop the full ones.
	tidyAt int
}

// minTidy is the fewest buckets worth a look for full ones.
const minTidy = 64

// NewPacer builds a Pacer.
func NewPacer(cfg PaceConfig) *Pacer {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Wait == nil {
		cfg.Wait = func(ctx context.Context, d time.Duration) error {
			t := time.NewTimer(d)
			defer t.Stop()
			select {
			case <-t.C:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		}
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	return &Pacer{cfg: cfg, buckets: map[string]*rate.Limiter{}, held: map[string]time.Time{}, tidyAt: minTidy}
}

// tidyLocked forgets the buckets that have filled up again and the holds
// that ended: a full bucket is what a new one would be, so a team or a
// channel that has been quiet for a while costs nothing, however many the
// bot has talked to over the months. Each look is paid for by as many new
// buckets as were kept.
func (p *Pacer) tidyLocked(now time.Time) {
	for k, l := range p.buckets {
		if l.TokensAt(now) >= float64(l.Burst()) {
			delete(p.buckets, k)
		}
	}
	for k, until := range p.held {
		if !until.After(now) {
			delete(p.held, k)
		}
	}
	p.tidyAt = max(minTidy, 2*len(p.buckets))
}

// bucket is the limiter of key, made on first use. A tier's bucket holds
// a tenth of its minute (at least 2): bursts Slack tolerates, never the
// whole minute at once.
func (p *Pacer) bucketLocked(key string, per rate.Limit, burst int) *rate.Limiter {
	l, ok := p.buckets[key]
	if !ok {
		l = rate.NewLimiter(per, burst)
		p.buckets[key] = l
	}
	return l
}

// Wait takes a turn for one call of method in team (channel for messages),
// waiting as long as the buckets and any Retry-After say. It returns
// ctx's error if ctx ends first; the turn is then given back.
func (p *Pacer) Wait(ctx context.Context, team, method, channel string) error {
	now := p.cfg.Now()
	var delay time.Duration
	var taken []*rate.Reservation
	p.mu.Lock()
	if len(p.buckets) >= p.tidyAt {
		p.tidyLocked(now)
	}
	if tier, ok := Tiers[method]; !ok || tier > 0 {
		if !ok {
			tier = Tier2
		}
		l := p.bucketLocked(team+"|"+method, rate.Limit(float64(tier)/60), max(int(tier)/10, 2))
		taken = append(taken, l.ReserveN(now, 1))
	}
	if perChannel[method] && channel != "" {
		l := p.bucketLocked(team+"|#"+channel, ChannelRate, ChannelBurst)
		taken = append(taken, l.ReserveN(now, 1))
	}
	if until, ok := p.held[team+"|"+method]; ok {
		if until.After(now) {
			delay = until.Sub(now)
		} else {
			delete(p.held, team+"|"+method)
		}
	}
	p.mu.Unlock()
	for _, r := range taken {
		delay = max(delay, r.DelayFrom(now))
	}
	if delay <= 0 {
		return nil
	}
	if lend, ok := ctx.Value(lendKey{}).(func() (back func())); ok {
		// The work waiting here lends its worker: another team's note is
		// not kept waiting behind this team's turn.
		defer lend()()
	}
	if err := p.cfg.Wait(ctx, delay); err != nil {
		for _, r := range taken {
			r.CancelAt(p.cfg.Now())
		}
		return err
	}
	return nil
}

// Done hears a call's error: a 429 (slack-go's retries spent) holds team's
// method for its Retry-After.
func (p *Pacer) Done(ctx context.Context, team, method string, err error) {
	var rl *slack.RateLimitedError
	if !errors.As(err, &rl) {
		return
	}
	until := p.cfg.Now().Add(rl.RetryAfter)
	p.mu.Lock()
	if until.After(p.held[team+"|"+method]) {
		p.held[team+"|"+method] = until
	}
	p.mu.Unlock()
	p.cfg.Logger.WarnContext(ctx, "slack: rate limited; the method waits Slack's Retry-After",
		"team", team, "method", method, "retry_after", rl.RetryAfter)
}

// paced is a Slack whose calls each wait their turn in the pacer first.
type paced struct {
	next Slack
	p    *Pacer
}

var _ Slack = paced{}

// call paces one call of method (in channel) and hears its error.
func call[T any](ctx context.Context, s paced, method, channel string, f func() (T, error)) (T, error) {
	team := bh.TeamOf(ctx)
	if err := s.p.Wait(ctx, team, method, channel); err != nil {
		var zero T
		return zero, err
	}
	v, err := f()
	s.p.Done(ctx, team, method, err)
	return v, err
}

type two[A, B any] struct {
	a A
	b B
}

func (s paced) AuthTestContext(ctx context.Context) (*slack.AuthTestResponse, error) {
	return call(ctx, s, "auth.test", "", func() (*slack.AuthTestResponse, error) { return s.next.AuthTestContext(ctx) })
}

func (s paced) PostMessageContext(ctx context.Context, channelID string, options ...slack.MsgOption) (string, string, error) {
	r, err := call(ctx, s, methodPost, channelID, func() (two[string, string], error) {
		a, b, err := s.next.PostMessageContext(ctx, channelID, options...)
		return two[string, string]{a, b}, err
	})
	return r.a, r.b, err
}

func (s paced) UpdateMessageContext(ctx context.Context, channelID, timestamp string, options ...slack.MsgOption) (string, string, string, error) {
	var c string
	r, err := call(ctx, s, "chat.update", channelID, func() (two[string, string], error) {
		a, b, cc, err := s.next.UpdateMessageContext(ctx, channelID, timestamp, options...)
		c = cc
		return two[string, string]{a, b}, err
	})
	return r.a, r.b, c, err
}

func (s paced) PostEphemeralContext(ctx context.Context, channelID, userID string, options ...slack.MsgOption) (string, error) {
	return call(ctx, s, "chat.postEphemeral", channelID, func() (string, error) {
		return s.next.PostEphemeralContext(ctx, channelID, userID, options...)
	})
}

func (s paced) OpenViewContext(ctx context.Context, triggerID string, view slack.ModalViewRequest) (*slack.ViewResponse, error) {
	return call(ctx, s, "views.open", "", func() (*slack.ViewResponse, error) { return s.next.OpenViewContext(ctx, triggerID, view) })
}

func (s paced) UpdateViewContext(ctx context.Context, view slack.ModalViewRequest, externalID, hash, viewID string) (*slack.ViewResponse, error) {
	return call(ctx, s, "views.update", "", func() (*slack.ViewResponse, error) {
		return s.next.UpdateViewContext(ctx, view, externalID, hash, viewID)
	})
}

func (s paced) GetPermalinkContext(ctx context.Context, params *slack.PermalinkParameters) (string, error) {
	return call(ctx, s, "chat.getPermalink", "", func() (string, error) { return s.next.GetPermalinkContext(ctx, params) })
}

// UploadFileContext makes three calls (URL, upload, complete); it is paced
// as its first, the others being of the same tier.
func (s paced) UploadFileContext(ctx context.Context, params slack.UploadFileParameters) (*slack.FileSummary, error) {
	return call(ctx, s, "files.getUploadURLExternal", "", func() (*slack.FileSummary, error) {
		return s.next.UploadFileContext(ctx, params)
	})
}

func (s paced) PublishViewContext(ctx context.Context, req slack.PublishViewContextRequest) (*slack.ViewResponse, error) {
	return call(ctx, s, "views.publish", "", func() (*slack.ViewResponse, error) { return s.next.PublishViewContext(ctx, req) })
}

func (s paced) OpenConversationContext(ctx context.Context, params *slack.OpenConversationParameters) (*slack.Channel, bool, bool, error) {
	var no, already bool
	ch, err := call(ctx, s, "conversations.open", "", func() (*slack.Channel, error) {
		c, n, a, err := s.next.OpenConversationContext(ctx, params)
		no, already = n, a
		return c, err
	})
	return ch, no, already, err
}

func (s paced) GetUserInfoContext(ctx context.Context, user string, options ...slack.GetUserInfoOption) (*slack.User, error) {
	return call(ctx, s, "users.info", "", func() (*slack.User, error) { return s.next.GetUserInfoContext(ctx, user, options...) })
}

func (s paced) GetConversationInfoContext(ctx context.Context, input *slack.GetConversationInfoInput) (*slack.Channel, error) {
	return call(ctx, s, "conversations.info", "", func() (*slack.Channel, error) { return s.next.GetConversationInfoContext(ctx, input) })
}

func (s paced) GetUsersInConversationContext(ctx context.Context, params *slack.GetUsersInConversationParameters) ([]string, string, error) {
	r, err := call(ctx, s, "conversations.members", "", func() (two[[]string, string], error) {
		a, b, err := s.next.GetUsersInConversationContext(ctx, params)
		return two[[]string, string]{a, b}, err
	})
	return r.a, r.b, err
}

// appRateLimited hears Slack's app_rate_limited: the team's events pass
// Slack's limit (30,000 an hour per workspace) and Slack drops them for
// the rest of the minute it names. Notes sent then are lost to the bot, so
// it is an alert for whoever runs it, not a debug line.
func (b *Bot) appRateLimited(teamID string, ev *slackevents.EventsAPIAppRateLimited) {
	team := cmp.Or(ev.TeamID, teamID)
	b.log.Error("ALERT slack: app_rate_limited: Slack is dropping this app's events for a workspace for a minute; notes sent then are not seen",
		"alert", "app_rate_limited", "team", team, "minute_rate_limited", ev.MinuteRateLimited,
		"minute", time.Unix(int64(ev.MinuteRateLimited), 0).UTC().Format(time.RFC3339), "api_app_id", ev.APIAppID)
}

// lendKey holds, in a job's context, how its worker is lent while a call
// waits its turn (Bot.lendWorker).
type lendKey struct{}

// lendWorker gives a job (on a worker's ctx) a way to lend its worker while it waits: a
// stand-in worker takes jobs until back is called, then ends after the
// job it holds, so the workers that take jobs stay Config.Workers.
func (b *Bot) lendWorker(ctx context.Context) func() (back func()) {
	return func() func() {
		returned := make(chan struct{})
		b.wg.Add(1)
		go func() {
			defer b.wg.Done()
			for {
				select {
				case <-returned:
					return
				default:
				}
				select {
				case <-returned:
					return
				case j, ok := <-b.jobs:
					if !ok {
						return
					}
					b.runJob(ctx, j)
				}
			}
		}()
		return func() { close(returned) }
	}
}
