package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/babyhandoff/babyhandoff/bot"
	"github.com/babyhandoff/babyhandoff/bot/httpmode"
	"github.com/babyhandoff/babyhandoff/bot/install"
)

// httpStore is what HTTP mode asks of the database: the event ids already
// handled (retries) and a ping (readiness).
type httpStore interface {
	httpmode.EventLog
	httpmode.Pinger
}

// httpShutdown bounds how long a stopping server waits for requests in
// flight (notes being stored answer within Slack's 3 s).
const httpShutdown = 10 * time.Second

// serveHTTP serves Slack's requests on PORT until ctx ends, then stops
// taking connections and lets the requests in flight finish. listening,
// when set, hears the address it listens on once the bot is connected.
func serveHTTP(ctx context.Context, cfg Config, b *bot.Bot, db httpStore, pages *install.Pages, log *slog.Logger, listening func(net.Addr)) error {
	h, err := httpmode.New(httpmode.Config{SigningSecret: cfg.SlackSigningSecret, Envelopes: b, Events: db, Database: db,
		Ready: b.Ready(), Logger: log})
	if err != nil {
		return configErrorf("cannot serve HTTP: %v", err)
	}
	var handler http.Handler = h
	paths := "/slack/events /slack/interactivity /slack/commands /healthz /readyz"
	if pages != nil {
		// Add to Slack: pages for people, beside the signed requests.
		mux := http.NewServeMux()
		mux.Handle("/", h)
		pages.Register(mux)
		handler, paths = mux, paths+" /slack/install /slack/oauth_redirect"
	}
	ln, err := net.Listen("tcp", ":"+strconv.Itoa(cfg.Port))
	if err != nil {
		return configErrorf("cannot listen on PORT %d: %v", cfg.Port, err)
	}
	log.Info("HTTP mode: serving Slack's requests", "addr", ln.Addr().String(), "paths", paths)
	if listening != nil {
		go func() {
			select {
			case <-b.Ready():
				listening(ln.Addr())
			case <-ctx.Done():
			}
		}()
	}
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second, WriteTimeout: 30 * time.Second,
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return fmt.Errorf("HTTP server: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), httpShutdown)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		log.Warn("HTTP server: requests still in flight at shutdown were cut", "err", err)
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("HTTP server: %w", err)
	}
	return nil
}
