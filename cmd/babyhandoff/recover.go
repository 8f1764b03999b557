package main

import (
	"context"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/bot"
)

// recoverLeftWork puts right what a stopped process left, once the bot is
// connected: at once the plans in interrupted and every unposted card or
// unsent file, then, on a store shared with other processes (not
// exclusive), every interval what a process stopped since left. It returns
// when ctx ends or the bot stops before connecting.
func recoverLeftWork(ctx context.Context, b *bot.Bot, stopped <-chan struct{}, interrupted []bh.Run, exclusive bool, every time.Duration) error {
	select {
	case <-b.Ready():
	case <-stopped:
		return nil
	case <-ctx.Done():
		return nil
	}
	b.Recover(ctx, interrupted, exclusive)
	b.RecoverHandoffs(ctx)
	if exclusive {
		return nil
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
			b.RecoverShared(ctx)
		}
	}
}
