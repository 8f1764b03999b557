package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"runtime/debug"
	"sort"
	"sync"
	"time"

	"github.com/slack-go/slack"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/bot"
	"github.com/babyhandoff/babyhandoff/bot/httpmode"
	"github.com/babyhandoff/babyhandoff/bot/install"
	"github.com/babyhandoff/babyhandoff/bot/slacktest"
	"github.com/babyhandoff/babyhandoff/council"
	"github.com/babyhandoff/babyhandoff/radar"
)

// The hosted suite: one process serving many workspaces over HTTP, each
// installed by OAuth with its own token, each with one family. The
// installations are put in the store directly (sealed as the redirect
// page seals them); the fake Slack accepts each team's token.

const (
	hostedSecret = "bench-signing-secret-0123456789abcdef"
	hostedKey    = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="
	hostedID     = "1111.2222"
	hostedClient = "bench-client-secret"
)

// hostedOpts are the suite's flags.
type hostedOpts struct {
	teams int
	rate  int // envelopes a second, all teams together
	// busy teams send burst notes at once into one DM (the pacer's case).
	busy, burst int
}

// benchHosted runs the suite and writes its tables.
func benchHosted(ctx context.Context, engine string, o hostedOpts, w, stderr io.Writer) int {
	fail := func(err error) int { fmt.Fprintln(stderr, "bench: hosted:", err); return 1 }
	db, closeDB, err := benchStore(ctx, engine)
	if err != nil {
		return fail(err)
	}
	defer closeDB()
	st, ok := db.(install.Store)
	if !ok {
		return fail(errors.New("the engine keeps no installations"))
	}
	sealer, err := install.NewSealer(hostedKey)
	if err != nil {
		return fail(err)
	}
	fake := slacktest.New(slacktest.Config{PingInterval: -1})
	defer fake.Close()
	fake.SetOAuthApp(hostedID, hostedClient)
	tokens, err := install.NewTokens(install.TokensConfig{Store: st, Sealer: sealer, ClientID: hostedID, ClientSecret: hostedClient, APIURL: fake.APIURL()})
	if err != nil {
		return fail(err)
	}
	c, err := council.New(council.Config{})
	if err != nil {
		return fail(err)
	}
	watcher, err := radar.New(radar.Config{Source: db, Store: db})
	if err != nil {
		return fail(err)
	}
	// The bot as cmd builds it in HTTP mode with installs: its own pacer on
	// the wall clock, each team's token per call.
	b, err := bot.New(bot.Config{Teams: tokens, HTTP: true, APIURL: fake.APIURL(), Store: db, Council: c, Radar: watcher,
		Uninstalled: func(ctx context.Context, team string) error { _, err := tokens.Uninstall(ctx, team); return err },
		Logger:      slog.New(slog.DiscardHandler)})
	if err != nil {
		return fail(err)
	}
	ping, ok := db.(httpmode.Pinger)
	if !ok {
		return fail(errors.New("the engine cannot be pinged"))
	}
	srv, err := httpmode.New(httpmode.Config{SigningSecret: hostedSecret, Envelopes: b, Events: db, Database: ping, Ready: b.Ready()})
	if err != nil {
		return fail(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fail(err)
	}
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = hs.Serve(ln) }()
	defer hs.Close()
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- b.Run(runCtx) }()
	defer func() { cancel(); <-done }()
	<-b.Ready()
	fake.SetHTTPApp("http://"+ln.Addr().String(), hostedSecret)

	heap0, rss0 := idleMemory()
	// Install every team: its sealed token in the store, accepted by Slack.
	teamOf := map[string]string{} // bot token → team
	now := time.Now()
	for i := range o.teams {
		team, tok := fmt.Sprintf("TH%05d", i), fmt.Sprintf("xoxb-hosted-%05d", i)
		fake.Installed(slacktest.Grant{TeamID: team, BotUserID: fake.Config().BotUserID, BotToken: tok})
		sealed, err := sealer.Seal(tok, team+"/bot")
		if err != nil {
			return fail(err)
		}
		if err := st.SaveInstallation(ctx, bh.Installation{TeamID: team, BotUserID: fake.Config().BotUserID, BotToken: sealed,
			Scopes: []string{"chat:write", "im:history"}, InstallerID: "U" + team, InstalledAt: now}); err != nil {
			return fail(err)
		}
		teamOf[tok] = team
	}

	// Traffic: each team's parent opens App Home and sends a note in the
	// DM; the busy teams send a burst of notes at once.
	var mu sync.Mutex
	var acks []time.Duration
	bad := 0
	post := func(ev map[string]any) {
		_, resp, err := fake.PostEvent(ctx, ev, slacktest.HTTPOptions{})
		mu.Lock()
		defer mu.Unlock()
		if err != nil || resp.Status != http.StatusOK {
			bad++
			return
		}
		acks = append(acks, resp.Latency)
	}
	var jobs []map[string]any
	notes := 0
	for i := range o.teams {
		team := fmt.Sprintf("TH%05d", i)
		user, dm := "U"+team, "D"+team
		jobs = append(jobs, map[string]any{"_team_id": team, "type": "app_home_opened", "user": user, "channel": dm, "tab": "home"})
		n := 1
		if i < o.busy {
			n = o.burst
		}
		for k := range n {
			jobs = append(jobs, map[string]any{"_team_id": team, "type": "message", "channel": dm, "channel_type": "im", "user": user,
				"text": fmt.Sprintf("daycare form due tomorrow %dpm", 1+k%8), "ts": fmt.Sprintf("%d.%06d", now.Unix(), i*100+k)})
			notes++
		}
	}
	start := time.Now()
	var wg sync.WaitGroup
	tick := time.NewTicker(time.Second / time.Duration(max(o.rate, 1)))
	for _, ev := range jobs {
		<-tick.C
		wg.Add(1)
		go func() { defer wg.Done(); post(ev) }()
	}
	tick.Stop()
	wg.Wait()
	offered := time.Since(start)
	// Every note answered in Slack (the busy DMs at the pacer's pace).
	wctx, wcancel := context.WithTimeout(ctx, 30*time.Second+time.Duration(o.burst)*time.Second)
	defer wcancel()
	for len(fake.Calls("chat.postMessage")) < notes && wctx.Err() == nil {
		time.Sleep(50 * time.Millisecond)
	}
	replied := len(fake.Calls("chat.postMessage"))
	time.Sleep(500 * time.Millisecond) // the last calls' answers, then idle
	var tiers bytes.Buffer
	over := tierTable(&tiers, fake, teamOf)
	fake.Forget() // its record is the benchmark's, not the bot's
	heap1, rss1 := idleMemory()

	fmt.Fprintf(w, "## Hosted: %d installed teams over HTTP, one family each (%s engine)\n\n", o.teams, engine)
	fmt.Fprintf(w, "Each team is installed by OAuth (sealed token in the store) and served with its own token over HTTP mode's signed requests from the fake Slack. Each team's parent opens App Home and sends one note; %d busy teams send %d notes at once into one DM. Envelopes are sent at %d/s (%d in %.1f s). Memory is measured idle after a GC, before the installs and after the traffic, in this process, the fake Slack's record dropped first (its calls, the envelopes acked and the messages' text and blocks; each message's id and state and the views stay: an upper bound).\n\n",
		o.busy, o.burst, o.rate, len(jobs), offered.Seconds())
	fmt.Fprintln(w, "| teams | envelopes | refused | notes answered | ack p50 | ack p99 | ack max | signature check | heap per idle team | resident per idle team |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|")
	fmt.Fprintf(w, "| %d | %d | %d | %d of %d | %s | %s | %s | %s | %s | %s |\n\n", o.teams, len(jobs), bad, replied, notes,
		ms(pct(acks, 50)), ms(pct(acks, 99)), ms(pct(acks, 100)), signatureCost(),
		perTeam(heap1-heap0, o.teams), perTeam(rss1-rss0, o.teams))

	_, _ = tiers.WriteTo(w)
	p99 := pct(acks, 99)
	idle := (rss1 - rss0) / int64(max(o.teams, 1))
	fmt.Fprintf(w, "\nGoals: ack p99 ≤ 10 ms: %s (%s); ≤ 50 KB resident per idle team: %s (%s); no team over its tier: %s (%d over).\n",
		met(p99 <= 10*time.Millisecond), ms(p99), met(idle <= 50<<10), perTeam(rss1-rss0, o.teams), met(over == 0), over)
	if bad > 0 || replied < notes {
		fmt.Fprintln(stderr, "bench: hosted: envelopes refused or notes not answered")
		return 1
	}
	return 0
}

func met(ok bool) string {
	if ok {
		return "met"
	}
	return "NOT met"
}

// idleMemory is the heap and the resident memory (bytes) after a GC that
// also hands freed memory back to the OS (else the traffic's peak stays
// resident).
func idleMemory() (heap, resident int64) {
	debug.FreeOSMemory()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	if kb := procStatusKB(); kb != nil {
		resident = int64(kb["VmRSS"]) << 10
	}
	return int64(m.HeapAlloc), resident
}

func perTeam(bytes int64, teams int) string {
	if teams == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f KB", float64(bytes)/float64(teams)/1024)
}

// signatureCost is what checking one request's signature costs (slack-go's
// verifier, as httpmode uses it) on a note's body: the overhead signing
// adds to every request.
func signatureCost() string {
	body := []byte(`{"token":"fake-verification-token","team_id":"TH00001","api_app_id":"A0FAKE","event":{"type":"message","channel":"DTH00001","channel_type":"im","user":"UTH00001","text":"daycare form due tomorrow 5pm","ts":"1764313200.000001"},"type":"event_callback","event_id":"Ev0001","event_time":1764313200}`)
	ts, sig := slacktest.Sign(hostedSecret, time.Now(), body)
	h := http.Header{"X-Slack-Request-Timestamp": {ts}, "X-Slack-Signature": {sig}}
	const n = 2000
	start := time.Now()
	for range n {
		v, err := slack.NewSecretsVerifier(h, hostedSecret)
		if err == nil {
			_, _ = v.Write(body)
			err = v.Ensure()
		}
		if err != nil {
			return "failed: " + err.Error()
		}
	}
	return fmt.Sprintf("%.1f µs", float64(time.Since(start).Nanoseconds())/n/1000)
}

// tierTable writes, per method, the most calls one team made in any
// minute against the method's tier, and for messages the most one channel
// took in any second. It returns how many team-methods went over.
func tierTable(w io.Writer, fake *slacktest.Server, teamOf map[string]string) int {
	methods := []string{"chat.postMessage", "chat.update", "chat.postEphemeral", "views.publish", "views.open", "conversations.open",
		"conversations.info", "users.info", "chat.getPermalink", "auth.test"}
	fmt.Fprintln(w, "| method | calls | teams calling | Slack's limit per team | most by one team in a minute | most in one channel in a second | teams over |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|")
	over := 0
	for _, m := range methods {
		calls := fake.Calls(m)
		if len(calls) == 0 {
			continue
		}
		byTeam := map[string][]time.Time{}
		byChannel := map[string][]time.Time{}
		for _, c := range calls {
			team := teamOf[c.Token]
			byTeam[team] = append(byTeam[team], c.At)
			if ch := callChannel(c); ch != "" {
				byChannel[team+"/"+ch] = append(byChannel[team+"/"+ch], c.At)
			}
		}
		tier, listed := bot.Tiers[m]
		if !listed {
			tier = bot.Tier2
		}
		limit := fmt.Sprintf("%d a minute", tier)
		if tier == 0 {
			limit = "1 a second per channel"
		}
		most, teamsOver := 0, 0
		for _, at := range byTeam {
			n := mostWithin(at, time.Minute)
			most = max(most, n)
			if tier > 0 && n > int(tier) {
				teamsOver++
			}
		}
		chMost := "-"
		if len(byChannel) > 0 {
			n := 0
			for _, at := range byChannel {
				k := mostWithin(at, time.Second)
				n = max(n, k)
				// Slack: 1 a second, short bursts allowed; over a minute
				// a channel must stay near 60.
				if mostWithin(at, time.Minute) > 60+bot.ChannelBurst {
					teamsOver++
				}
			}
			chMost = fmt.Sprint(n)
		}
		over += teamsOver
		fmt.Fprintf(w, "| %s | %d | %d | %s | %d | %s | %d |\n", m, len(calls), len(byTeam), limit, most, chMost, teamsOver)
	}
	return over
}

// callChannel is the channel a message call names.
func callChannel(c slacktest.Call) string {
	if c.Form != nil {
		return c.Form.Get("channel")
	}
	if s, ok := c.JSON["channel"].(string); ok {
		return s
	}
	return ""
}

// mostWithin is the most times in any span of d.
func mostWithin(at []time.Time, d time.Duration) int {
	s := append([]time.Time(nil), at...)
	sort.Slice(s, func(i, j int) bool { return s[i].Before(s[j]) })
	most, lo := 0, 0
	for hi := range s {
		for s[hi].Sub(s[lo]) >= d {
			lo++
		}
		most = max(most, hi-lo+1)
	}
	return most
}
