// Command babyhandoff-bench measures BabyHandoff end to end — capture,
// /plan, the Risk Radar, model mode, memory and a soak of many days —
// driving the real bot through a fake Slack on loopback against a temporary
// embedded database. Nothing leaves the machine.
//
//	go run ./cmd/babyhandoff-bench -out BENCHMARKS.md
//
// It is a program of its own so that the bot's binary links neither the
// fake Slack nor the fake model server.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := runBench(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
