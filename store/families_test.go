package store_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/internal/clocktest"
	"github.com/babyhandoff/babyhandoff/store"
)

// familyT is a little language for the family tests: notes by a person in
// a conversation, and what the store says about families.
type familyT struct {
	t   *testing.T
	ctx context.Context
	db  *store.DB
	seq int
}

func (f *familyT) note(channel, user, text string) bh.Note {
	f.t.Helper()
	f.seq++
	n, created, err := f.db.CaptureNote(f.ctx, bh.NewNote{TeamID: "T1", ChannelID: channel, UserID: user, RawText: text,
		MessageTS: fmt.Sprintf("%d.%06d", 1795500000+f.seq, f.seq), Source: bh.SourceDM})
	require.NoError(f.t, err)
	require.True(f.t, created)
	return n
}

func (f *familyT) shift(channel string) bh.Shift {
	f.t.Helper()
	sh, err := f.db.Shift(f.ctx, "T1", channel)
	require.NoError(f.t, err)
	return sh
}

func (f *familyT) members(shift string) []string {
	f.t.Helper()
	ms, err := f.db.Members(f.ctx, "T1", shift)
	require.NoError(f.t, err)
	var out []string
	for _, m := range ms {
		assert.Equal(f.t, shift, m.ShiftID)
		out = append(out, m.UserID)
	}
	return out
}

func (f *familyT) familiesOf(user string) []string {
	f.t.Helper()
	ms, err := f.db.FamiliesOf(f.ctx, "T1", user)
	require.NoError(f.t, err)
	var out []string
	for _, m := range ms {
		assert.Equal(f.t, user, m.UserID)
		out = append(out, m.ShiftID)
	}
	return out
}

func (f *familyT) channels(shift string) []string {
	f.t.Helper()
	cs, err := f.db.FamilyConversations(f.ctx, "T1", shift)
	require.NoError(f.t, err)
	var out []string
	for _, c := range cs {
		out = append(out, c.ChannelID)
	}
	return out
}

func (f *familyT) rev(shift string, now time.Time) int {
	f.t.Helper()
	live, err := f.db.LiveNotes(f.ctx, "T1", shift, now)
	require.NoError(f.t, err)
	return live.Rev
}

func TestFirstNoteMakesAFamilyOfOne(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			f := &familyT{t: t, ctx: context.Background(), db: open(t)}
			_, err := f.db.FamilyOf(f.ctx, "T1", "D1")
			assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err), "no family before a note")

			n := f.note("D1", "U1", "out of formula")
			f.note("D1", "U1", "slept 2h")
			sh := f.shift("D1")
			assert.Equal(t, n.ShiftID, sh.ID)
			assert.Equal(t, "D1", sh.ChannelID, "a family's founding key is its first conversation")
			conv, err := f.db.FamilyOf(f.ctx, "T1", "D1")
			require.NoError(t, err)
			assert.Equal(t, bh.Conversation{TeamID: "T1", ChannelID: "D1", ShiftID: sh.ID, Kind: bh.ConvDM, UserID: "U1", Since: conv.Since}, conv)
			assert.Equal(t, []string{"U1"}, f.members(sh.ID))
			assert.Equal(t, []string{sh.ID}, f.familiesOf("U1"))
			assert.Equal(t, []string{"D1"}, f.channels(sh.ID))

			// A channel is a family of its own, with its first writer.
			c := f.note("C1", "U2", "daycare form due tomorrow 5pm")
			assert.NotEqual(t, sh.ID, c.ShiftID)
			cc, err := f.db.FamilyOf(f.ctx, "T1", "C1")
			require.NoError(t, err)
			assert.Equal(t, bh.ConvChannel, cc.Kind)
			assert.Empty(t, cc.UserID, "a channel has no one person")
			assert.Equal(t, []string{"U2"}, f.members(c.ShiftID))

			// The sample stays apart: no family, no member.
			sample, err := f.db.LoadSample(f.ctx, "T1", "D1", "U1")
			require.NoError(t, err)
			assert.Empty(t, f.members(sample.ID))
			assert.Equal(t, []string{sh.ID}, f.familiesOf("U1"))
			assert.Equal(t, sh.ID, f.shift("D1").ID)

			// Another team's D1 is another family.
			other, _, err := f.db.CaptureNote(f.ctx, bh.NewNote{TeamID: "T2", ChannelID: "D1", UserID: "U1", RawText: "x", MessageTS: "1.1"})
			require.NoError(t, err)
			assert.NotEqual(t, sh.ID, other.ShiftID)
			assert.Equal(t, []string{sh.ID}, f.familiesOf("U1"), "scoped by team")
		})
	}
}

// Sam joins Maya's family from his DM: his DM feeds her list, his open
// notes move there (closed ones stay in his own history), and the radar's
// order of states rises for both lists.
func TestJoinSharesTheList(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			f := &familyT{t: t, ctx: context.Background(), db: open(t)}
			f.note("D1", "U1", "out of formula")
			maya := f.shift("D1").ID
			wipes := f.note("D2", "U2", "wipes < 1 day")
			bottle := f.note("D2", "U2", "wash the bottles")
			sam := f.shift("D2").ID
			require.NotEqual(t, maya, sam)
			_, err := f.db.MarkNoteDone(f.ctx, "T1", bottle.ID, true)
			require.NoError(t, err)
			now := time.Now()
			mayaRev, samRev := f.rev(maya, now), f.rev(sam, now)

			from, err := f.db.Join(f.ctx, bh.Member{TeamID: "T1", ShiftID: maya, UserID: "U2", InvitedBy: "U1"}, "D2")
			require.NoError(t, err)
			assert.Equal(t, sam, from, "the family Sam's DM fed")
			assert.Equal(t, maya, f.shift("D2").ID)
			conv, err := f.db.FamilyOf(f.ctx, "T1", "D2")
			require.NoError(t, err)
			assert.Equal(t, bh.ConvDM, conv.Kind)
			assert.Equal(t, "U2", conv.UserID)
			assert.Equal(t, []string{"U1", "U2"}, f.members(maya))
			assert.Empty(t, f.members(sam), "his DM no longer feeds it")
			assert.Equal(t, []string{maya}, f.familiesOf("U2"))
			assert.Equal(t, []string{"D1", "D2"}, f.channels(maya))
			ms, err := f.db.Members(f.ctx, "T1", maya)
			require.NoError(t, err)
			assert.Equal(t, "U1", ms[1].InvitedBy)

			moved, err := f.db.MoveOpenNotes(f.ctx, "T1", from, maya, "U2")
			require.NoError(t, err)
			assert.Equal(t, 1, moved)
			got, err := f.db.Note(f.ctx, "T1", wipes.ID)
			require.NoError(t, err)
			assert.Equal(t, maya, got.ShiftID)
			assert.Greater(t, got.Rev, wipes.Rev)
			left, err := f.db.Notes(f.ctx, "T1", sam, true)
			require.NoError(t, err)
			require.Len(t, left, 1)
			assert.Equal(t, bottle.ID, left[0].ID, "a closed note stays in his history")
			assert.Greater(t, f.rev(maya, now), mayaRev)
			assert.Greater(t, f.rev(sam, now), samRev, "the list notes left still rises")
			live, err := f.db.LiveNotes(f.ctx, "T1", maya, now)
			require.NoError(t, err)
			assert.Len(t, live.Notes, 2)
			again, err := f.db.MoveOpenNotes(f.ctx, "T1", from, maya, "U2")
			require.NoError(t, err)
			assert.Zero(t, again)

			// His DM now feeds her list.
			n := f.note("D2", "U2", "got formula")
			assert.Equal(t, maya, n.ShiftID)
			all, err := f.db.Notes(f.ctx, "T1", maya, false)
			require.NoError(t, err)
			assert.Len(t, all, 3)

			// Joining twice changes nothing.
			from, err = f.db.Join(f.ctx, bh.Member{TeamID: "T1", ShiftID: maya, UserID: "U2"}, "D2")
			require.NoError(t, err)
			assert.Empty(t, from)
			assert.Equal(t, []string{"U1", "U2"}, f.members(maya))

			for _, bad := range []struct {
				m  bh.Member
				dm string
			}{
				{bh.Member{TeamID: "T1", ShiftID: maya}, "D3"},
				{bh.Member{TeamID: "T1", ShiftID: maya, UserID: "U3"}, "C1"},
			} {
				_, err := f.db.Join(f.ctx, bad.m, bad.dm)
				assert.Equal(t, bh.EINVALID, bh.ErrorCode(err))
			}
			_, err = f.db.Join(f.ctx, bh.Member{TeamID: "T2", ShiftID: maya, UserID: "U3"}, "")
			assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err), "another team's family")
		})
	}
}

// Sam, a member of Maya's family, joins Pat's: only the open notes he
// wrote go with him; Maya's stay on her family's list, and both lists'
// order of states still rises.
func TestJoinMovesOnlyTheJoinersNotes(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			f := &familyT{t: t, ctx: context.Background(), db: open(t)}
			formula := f.note("D1", "U1", "out of formula")
			maya := f.shift("D1").ID
			_, err := f.db.Join(f.ctx, bh.Member{TeamID: "T1", ShiftID: maya, UserID: "U2", InvitedBy: "U1"}, "D2")
			require.NoError(t, err)
			wipes := f.note("D2", "U2", "wipes < 1 day")
			f.note("D3", "U3", "slept 2h")
			pat := f.shift("D3").ID
			now := time.Now()
			mayaRev, patRev := f.rev(maya, now), f.rev(pat, now)

			from, err := f.db.Join(f.ctx, bh.Member{TeamID: "T1", ShiftID: pat, UserID: "U2", InvitedBy: "U3"}, "D2")
			require.NoError(t, err)
			require.Equal(t, maya, from)
			moved, err := f.db.MoveOpenNotes(f.ctx, "T1", from, pat, "U2")
			require.NoError(t, err)
			assert.Equal(t, 1, moved, "his own note only")
			got, err := f.db.Note(f.ctx, "T1", formula.ID)
			require.NoError(t, err)
			assert.Equal(t, maya, got.ShiftID, "Maya's note stays in her family")
			got, err = f.db.Note(f.ctx, "T1", wipes.ID)
			require.NoError(t, err)
			assert.Equal(t, pat, got.ShiftID)
			assert.Equal(t, []string{"U1"}, f.members(maya))
			assert.Greater(t, f.rev(maya, now), mayaRev)
			assert.Greater(t, f.rev(pat, now), patRev)
			none, err := f.db.MoveOpenNotes(f.ctx, "T1", from, pat, "")
			require.NoError(t, err)
			assert.Zero(t, none, "nobody's notes")
		})
	}
}

// Whoever leaves, the family keeps its notes, and the leaver's next note
// starts a new family of one, keyed apart from every conversation.
func TestLeaveStartsANewFamily(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			f := &familyT{t: t, ctx: context.Background(), db: open(t)}
			f.note("D1", "U1", "out of formula")
			maya := f.shift("D1").ID
			f.note("D2", "U2", "slept 3h")
			sam := f.shift("D2").ID
			_, err := f.db.Join(f.ctx, bh.Member{TeamID: "T1", ShiftID: maya, UserID: "U2"}, "D2")
			require.NoError(t, err)
			kept := f.note("D2", "U2", "got formula")

			require.NoError(t, f.db.Leave(f.ctx, "T1", maya, "U2"))
			assert.Equal(t, []string{"U1"}, f.members(maya))
			_, err = f.db.Shift(f.ctx, "T1", "D2")
			assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err), "no family until the next note")
			_, err = f.db.FamilyOf(f.ctx, "T1", "D2")
			assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err))
			got, err := f.db.Note(f.ctx, "T1", kept.ID)
			require.NoError(t, err)
			assert.Equal(t, maya, got.ShiftID, "notes stay with the family")
			assert.Equal(t, []string{"D1"}, f.channels(maya))
			require.NoError(t, f.db.Leave(f.ctx, "T1", maya, "U2"), "leaving twice is no error")

			n := f.note("D2", "U2", "wipes < 1 day")
			fresh := f.shift("D2")
			assert.Equal(t, fresh.ID, n.ShiftID)
			assert.NotContains(t, []string{maya, sam}, fresh.ID)
			assert.Equal(t, bh.FamilyKey(fresh.ID), fresh.ChannelID)
			assert.Equal(t, []string{"U2"}, f.members(fresh.ID))
			assert.Equal(t, []string{fresh.ID}, f.familiesOf("U2"))
			assert.Equal(t, []string{"D2"}, f.channels(fresh.ID))
			assert.Equal(t, fresh.ID, f.note("D2", "U2", "nap 40 min").ShiftID)

			// The founder leaving is the same: her list stays, her DM
			// starts again.
			require.NoError(t, f.db.Leave(f.ctx, "T1", maya, "U1"))
			again := f.note("D1", "U1", "slept 5h")
			assert.NotEqual(t, maya, again.ShiftID)
			assert.Equal(t, bh.FamilyKey(again.ShiftID), f.shift("D1").ChannelID)

			assert.Equal(t, bh.EINVALID, bh.ErrorCode(f.db.Leave(f.ctx, "T1", maya, "")))
		})
	}
}

// Notes that arrive together in a new conversation, or in one whose
// person just left, make one family.
func TestConcurrentFirstNotesMakeOneFamily(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			db := open(t)
			burst := func(channel string, from int) []string {
				ids := make([]string, 8)
				var wg sync.WaitGroup
				for i := range ids {
					wg.Add(1)
					go func() {
						defer wg.Done()
						n, _, err := db.CaptureNote(ctx, bh.NewNote{TeamID: "T1", ChannelID: channel, UserID: "U1",
							RawText: fmt.Sprintf("note %d", i), MessageTS: fmt.Sprintf("%d.1", from+i)})
						assert.NoError(t, err)
						ids[i] = n.ShiftID
					}()
				}
				wg.Wait()
				return ids
			}
			first := burst("D9", 100)
			for _, id := range first {
				assert.Equal(t, first[0], id)
			}
			ms, err := db.Members(ctx, "T1", first[0])
			require.NoError(t, err)
			assert.Len(t, ms, 1)
			cs, err := db.FamilyConversations(ctx, "T1", first[0])
			require.NoError(t, err)
			assert.Len(t, cs, 1)

			require.NoError(t, db.Leave(ctx, "T1", first[0], "U1"))
			second := burst("D9", 200)
			for _, id := range second {
				assert.Equal(t, second[0], id)
			}
			assert.NotEqual(t, first[0], second[0])
			fams, err := db.FamiliesOf(ctx, "T1", "U1")
			require.NoError(t, err)
			assert.Len(t, fams, 1)
		})
	}
}

// The mapping is in the file: a restart (either read path) finds every
// family as it was.
func TestFamiliesSurviveARestart(t *testing.T) {
	for _, engine := range bothEngines {
		t.Run(engine.name, func(t *testing.T) {
			ctx := context.Background()
			dir := t.TempDir()
			cfg := store.Config{DataDir: dir}
			for _, o := range engine.opts {
				o(&cfg)
			}
			db, err := store.Open(ctx, cfg)
			require.NoError(t, err)
			f := &familyT{t: t, ctx: ctx, db: db}
			f.note("D1", "U1", "out of formula")
			maya := f.shift("D1").ID
			f.note("D2", "U2", "slept 3h")
			f.note("D3", "U3", "wipes < 1 day")
			_, err = db.Join(ctx, bh.Member{TeamID: "T1", ShiftID: maya, UserID: "U2"}, "D2")
			require.NoError(t, err)
			_, err = db.Join(ctx, bh.Member{TeamID: "T1", ShiftID: maya, UserID: "U3"}, "D3")
			require.NoError(t, err)
			require.NoError(t, db.Leave(ctx, "T1", maya, "U3"))
			require.NoError(t, db.Close(ctx))

			db, err = store.Open(ctx, cfg)
			require.NoError(t, err)
			t.Cleanup(func() { _ = db.Close(ctx) })
			f.db = db
			assert.Equal(t, maya, f.shift("D2").ID)
			assert.Equal(t, []string{"U1", "U2"}, f.members(maya))
			assert.Equal(t, []string{"D1", "D2"}, f.channels(maya))
			_, err = db.Shift(ctx, "T1", "D3")
			assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err), "still left")
			assert.Equal(t, maya, f.note("D2", "U2", "got formula").ShiftID)
			n := f.note("D3", "U3", "nap 40 min")
			assert.Equal(t, bh.FamilyKey(n.ShiftID), f.shift("D3").ChannelID)
		})
	}
}

// A conversation from before families keeps its shift: its family is that
// shift, with the DM's writer as its member, and its notes go on there.
func TestAConversationFromBeforeFamiliesKeepsItsShift(t *testing.T) {
	dir := t.TempDir()
	raw, err := os.ReadFile(filepath.Join("testdata", "v20261124", "babyhandoff.bolt"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "babyhandoff.bolt"), raw, 0o600))
	ctx := context.Background()
	db, err := store.Open(ctx, store.Config{DataDir: dir})
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close(ctx) })
	f := &familyT{t: t, ctx: ctx, db: db}

	sh := f.shift("DU1")
	conv, err := db.FamilyOf(ctx, "T1", "DU1")
	require.NoError(t, err)
	assert.Equal(t, sh.ID, conv.ShiftID)
	assert.Equal(t, []string{"U1"}, f.members(sh.ID))
	n := f.note("DU1", "U1", "got wipes")
	assert.Equal(t, sh.ID, n.ShiftID)
	assert.Equal(t, []string{"U1"}, f.members(sh.ID))
	assert.Equal(t, []string{"DU1"}, f.channels(sh.ID))
	conv, err = db.FamilyOf(ctx, "T1", "DU1")
	require.NoError(t, err)
	assert.Equal(t, "U1", conv.UserID)

	// Joining from such a DM leaves its old shift.
	f.note("DU2", "U2", "slept 3h")
	from, err := db.Join(ctx, bh.Member{TeamID: "T1", ShiftID: f.shift("DU2").ID, UserID: "U1"}, "DU1")
	require.NoError(t, err)
	assert.Equal(t, sh.ID, from)
}

func TestInviteFirstAnswerWins(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			db := open(t)
			inv, err := db.CreateInvite(ctx, bh.Invite{TeamID: "T1", ShiftID: "s1", From: "U1", To: "U2", HandoffID: "h1"})
			require.NoError(t, err)
			require.NotEmpty(t, inv.ID)
			assert.False(t, inv.Answered())
			_, err = db.CreateInvite(ctx, bh.Invite{TeamID: "T1", ShiftID: "s1", From: "U1", To: "U3"})
			require.NoError(t, err)
			got, err := db.Invite(ctx, "T1", inv.ID)
			require.NoError(t, err)
			assert.Equal(t, inv, got)
			to, err := db.InvitesTo(ctx, "T1", "U2")
			require.NoError(t, err)
			assert.Equal(t, []bh.Invite{inv}, to)

			tests := []struct {
				name     string
				team     string
				answer   bh.InviteAnswer
				answered bool
				code     string
			}{
				{"the first answer counts", "T1", bh.InviteJoin, true, ""},
				{"a second is refused", "T1", bh.InviteNotNow, false, ""},
				{"the same again is refused too", "T1", bh.InviteJoin, false, ""},
				{"not an answer", "T1", "maybe", false, bh.EINVALID},
				{"another team's", "T2", bh.InviteJoin, false, bh.ENOTFOUND},
			}
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					got, answered, err := db.AnswerInvite(ctx, tt.team, inv.ID, tt.answer)
					if tt.code != "" {
						assert.Equal(t, tt.code, bh.ErrorCode(err))
						return
					}
					require.NoError(t, err)
					assert.Equal(t, tt.answered, answered)
					assert.Equal(t, bh.InviteJoin, got.Answer, "the first answer stands")
					assert.False(t, got.AnsweredAt.IsZero())
				})
			}
			_, err = db.Invite(ctx, "T2", inv.ID)
			assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err))
			_, err = db.CreateInvite(ctx, bh.Invite{TeamID: "T1", ShiftID: "s1", From: "U1"})
			assert.Equal(t, bh.EINVALID, bh.ErrorCode(err))
		})
	}
}

func TestPersonKeepsTheirQuietHours(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			db := open(t)
			p, err := db.Person(ctx, "T1", "U1")
			require.NoError(t, err)
			assert.Equal(t, bh.Person{TeamID: "T1", UserID: "U1"}, p, "nothing chosen yet")

			night := bh.QuietHours{From: 21, To: 5}
			require.NoError(t, db.SetPerson(ctx, bh.Person{TeamID: "T1", UserID: "U1", Quiet: &night}))
			p, err = db.Person(ctx, "T1", "U1")
			require.NoError(t, err)
			require.NotNil(t, p.Quiet)
			assert.Equal(t, night, *p.Quiet)
			assert.False(t, p.UpdatedAt.IsZero())
			other, err := db.Person(ctx, "T2", "U1")
			require.NoError(t, err)
			assert.Nil(t, other.Quiet, "scoped by team")

			require.NoError(t, db.SetPerson(ctx, bh.Person{TeamID: "T1", UserID: "U1"}))
			p, err = db.Person(ctx, "T1", "U1")
			require.NoError(t, err)
			assert.Nil(t, p.Quiet, "back to the defaults")
			assert.Equal(t, bh.EINVALID, bh.ErrorCode(db.SetPerson(ctx, bh.Person{TeamID: "T1"})))
		})
	}
}

// A database written by the version before families (2026-11-26, made by
// testdata/v20261126/make.go.txt against that version: Maya's DM with
// quiet hours 21–5 and the outlook on, Sam's DM, a DM whose note has no
// writer, a channel where Maya wrote and handed off to Sam, who took it
// and is on duty, and a sample) opens with each conversation a family of
// its own, says so once in the log, and a second start changes nothing.
func TestOpensADatabaseOfTheCurrentVersion(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "v20261126", "babyhandoff.bolt"))
	require.NoError(t, err)
	ctx := context.Background()
	// The file's notes are on the shelf, which the query path does not
	// read: the import test runs the migration on that path.
	for _, engine := range bothEngines[:1] {
		t.Run(engine.name, func(t *testing.T) {
			dir := t.TempDir()
			require.NoError(t, os.WriteFile(filepath.Join(dir, "babyhandoff.bolt"), raw, 0o600))
			var log bytes.Buffer
			cfg := store.Config{DataDir: dir, Logger: slog.New(slog.NewTextHandler(&log, nil))}
			for _, o := range engine.opts {
				o(&cfg)
			}
			db, err := store.Open(ctx, cfg)
			require.NoError(t, err)
			f := &familyT{t: t, ctx: ctx, db: db}
			du1, du2, du3, c1 := f.shift("DU1"), f.shift("DU2"), f.shift("DU3"), f.shift("C1")
			assert.Len(t, map[string]bool{du1.ID: true, du2.ID: true, du3.ID: true, c1.ID: true}, 4, "a family each")
			assert.Equal(t, []string{"U1"}, f.members(du1.ID))
			assert.Equal(t, []string{"U2"}, f.members(du2.ID))
			assert.Empty(t, f.members(du3.ID), "nobody known yet")
			assert.Equal(t, []string{"U1"}, f.members(c1.ID), "its writer: who took the handoff joins only by Join")
			assert.Equal(t, []string{du2.ID}, f.familiesOf("U2"), "Sam, on duty in the channel, is in his own DM's family only")
			assert.Equal(t, []string{du1.ID, c1.ID}, sorted(f.familiesOf("U1"), du1.ID, c1.ID))
			conv, err := db.FamilyOf(ctx, "T1", "DU1")
			require.NoError(t, err)
			assert.Equal(t, bh.Conversation{TeamID: "T1", ChannelID: "DU1", ShiftID: du1.ID, Kind: bh.ConvDM, UserID: "U1", Since: du1.CreatedAt}, conv)
			cc, err := db.FamilyOf(ctx, "T1", "C1")
			require.NoError(t, err)
			assert.Equal(t, bh.ConvChannel, cc.Kind)
			maya, err := db.Person(ctx, "T1", "U1")
			require.NoError(t, err)
			require.NotNil(t, maya.Quiet, "her DM's quiet hours are hers")
			assert.Equal(t, bh.QuietHours{From: 21, To: 5}, *maya.Quiet)
			sam, err := db.Person(ctx, "T1", "U2")
			require.NoError(t, err)
			assert.Nil(t, sam.Quiet)
			set, err := db.RadarSettings(ctx, "T1", du1.ID)
			require.NoError(t, err)
			assert.True(t, set.OutlookOn, "the family's settings stay")

			duty, err := db.Duty(ctx, "T1", c1.ID)
			require.NoError(t, err)
			assert.Equal(t, "U2", duty.UserID)
			hos, err := db.RecentHandoffs(ctx, "T1", c1.ID, time.Time{})
			require.NoError(t, err)
			require.Len(t, hos, 1)
			assert.Equal(t, "U2", hos[0].GotBy)
			notes, err := db.Notes(ctx, "T1", du1.ID, true)
			require.NoError(t, err)
			assert.Len(t, notes, 3)
			sample, err := db.Shift(ctx, "T1", bh.SampleChannel("DU1"))
			require.NoError(t, err)
			assert.Empty(t, f.members(sample.ID), "the sample is no family")

			assert.Contains(t, log.String(), "store: families: 4 conversations → 4 families (3 DMs, 1 channels), 3 members, 1 quiet-hour settings moved to their people")
			// The DM whose person was not known learns it from its next note.
			n := f.note("DU3", "U3", "got wipes")
			assert.Equal(t, du3.ID, n.ShiftID)
			assert.Equal(t, []string{"U3"}, f.members(du3.ID))
			require.NoError(t, db.Close(ctx))

			log.Reset()
			db, err = store.Open(ctx, cfg)
			require.NoError(t, err)
			t.Cleanup(func() { _ = db.Close(ctx) })
			f.db = db
			assert.NotContains(t, log.String(), "store: families", "nothing left to do")
			assert.Equal(t, []string{"U1"}, f.members(c1.ID))
			assert.Equal(t, du1.ID, f.shift("DU1").ID)
			require.NoError(t, db.Close(ctx))
		})
	}
}

// sorted puts got in the order of want's ids (families are listed by when
// one joined, which the migration takes from the conversation).
func sorted(got []string, want ...string) []string {
	out := make([]string, 0, len(got))
	for _, w := range want {
		for _, g := range got {
			if g == w {
				out = append(out, g)
			}
		}
	}
	if len(out) != len(got) {
		return got
	}
	return out
}

// An export carries the family: its conversations, members, their people
// and its invites; an import gives them back. A dump from before families
// imports as a family of its own.
func TestExportCarriesTheFamily(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			f := &familyT{t: t, ctx: context.Background(), db: open(t)}
			f.note("D1", "U1", "out of formula")
			maya := f.shift("D1")
			_, err := f.db.Join(f.ctx, bh.Member{TeamID: "T1", ShiftID: maya.ID, UserID: "U2", InvitedBy: "U1"}, "D2")
			require.NoError(t, err)
			f.note("D2", "U2", "got formula")
			night := bh.QuietHours{From: 23, To: 6}
			require.NoError(t, f.db.SetPerson(f.ctx, bh.Person{TeamID: "T1", UserID: "U2", Quiet: &night}))
			require.NoError(t, f.db.SetPerson(f.ctx, bh.Person{TeamID: "T1", UserID: "U9", Quiet: &night}))
			inv, err := f.db.CreateInvite(f.ctx, bh.Invite{TeamID: "T1", ShiftID: maya.ID, From: "U1", To: "U2"})
			require.NoError(t, err)
			_, _, err = f.db.AnswerInvite(f.ctx, "T1", inv.ID, bh.InviteJoin)
			require.NoError(t, err)

			listed, err := f.db.Conversations(f.ctx, "T1", "D2")
			require.NoError(t, err)
			require.Len(t, listed, 1)
			assert.Equal(t, maya.ID, listed[0].ID, "a member's DM names its family")
			dump, err := f.db.Export(f.ctx, maya)
			require.NoError(t, err)
			assert.Len(t, dump.Collections["conversations"], 2)
			assert.Len(t, dump.Collections["members"], 2)
			assert.Len(t, dump.Collections["people"], 1, "only its members'")
			assert.Len(t, dump.Collections["invites"], 1)
			require.NoError(t, store.CheckDump(dump))

			to := &familyT{t: t, ctx: f.ctx, db: open(t)}
			_, err = to.db.Import(f.ctx, dump)
			require.NoError(t, err)
			assert.Equal(t, maya.ID, to.shift("D2").ID)
			assert.Equal(t, []string{"U1", "U2"}, to.members(maya.ID))
			p, err := to.db.Person(f.ctx, "T1", "U2")
			require.NoError(t, err)
			require.NotNil(t, p.Quiet)
			assert.Equal(t, night, *p.Quiet)
			got, err := to.db.Invite(f.ctx, "T1", inv.ID)
			require.NoError(t, err)
			assert.Equal(t, bh.InviteJoin, got.Answer)
			again, err := to.db.Import(f.ctx, dump)
			require.NoError(t, err)
			assert.Zero(t, again.New, "importing twice changes nothing")

			// Format 1: no family in it.
			old := store.Dump{Shift: dump.Shift, Collections: map[string][]bson.Raw{}}
			for c, docs := range dump.Collections {
				switch c {
				case "conversations", "members", "people", "invites":
				default:
					old.Collections[c] = docs
				}
			}
			v1 := &familyT{t: t, ctx: f.ctx, db: open(t)}
			_, err = v1.db.Import(f.ctx, old)
			require.NoError(t, err)
			assert.Equal(t, maya.ID, v1.shift("D1").ID)
			assert.Equal(t, []string{"U1"}, v1.members(maya.ID), "the DM's writer")
			conv, err := v1.db.FamilyOf(f.ctx, "T1", "D1")
			require.NoError(t, err)
			assert.Equal(t, "U1", conv.UserID)
		})
	}
}

// A Leave survives an export and an import: the leaver's DM is not mapped
// back to the family it founded, whether the leaver has no list since or
// started one of their own.
func TestLeaveSurvivesExportAndImport(t *testing.T) {
	for name, open := range backends(t) {
		for _, since := range []string{"nothing since", "a list of her own since", "an export without her DM's row", "a format-1 export"} {
			t.Run(name+"/"+since, func(t *testing.T) {
				f := &familyT{t: t, ctx: context.Background(), db: open(t)}
				f.note("D1", "U1", "out of formula")
				maya := f.shift("D1")
				_, err := f.db.Join(f.ctx, bh.Member{TeamID: "T1", ShiftID: maya.ID, UserID: "U2", InvitedBy: "U1"}, "D2")
				require.NoError(t, err)
				require.NoError(t, f.db.Leave(f.ctx, "T1", maya.ID, "U1"))
				if since != "nothing since" {
					f.note("D1", "U1", "slept 5h")
				}
				dump, err := f.db.Export(f.ctx, maya)
				require.NoError(t, err)
				require.NoError(t, store.CheckDump(dump))
				if since == "an export without her DM's row" {
					// As an earlier version exported it: the family's
					// rows say it is a family already.
					var kept []bson.Raw
					for _, c := range dump.Collections["conversations"] {
						if c.Lookup("_id").StringValue() != "T1/D1" {
							kept = append(kept, c)
						}
					}
					require.Len(t, kept, len(dump.Collections["conversations"])-1)
					dump.Collections["conversations"] = kept
				}
				if since == "a format-1 export" {
					// No family rows at all: the shift says who left.
					for _, c := range []string{"conversations", "members", "people", "invites"} {
						delete(dump.Collections, c)
					}
				}

				to := &familyT{t: t, ctx: f.ctx, db: open(t), seq: f.seq}
				_, err = to.db.Import(f.ctx, dump)
				require.NoError(t, err)
				members := []string{"U2"}
				if since == "a format-1 export" {
					members = nil // nobody's row came: Sam joins again by Join
				} else {
					assert.Equal(t, []string{"D2"}, to.channels(maya.ID))
				}
				assert.Equal(t, members, to.members(maya.ID), "the leaver is not a member again")
				if since != "an export without her DM's row" {
					// (That one still reads as the family it founded until
					// her next note.)
					_, err = to.db.FamilyOf(f.ctx, "T1", "D1")
					assert.Equal(t, bh.ENOTFOUND, bh.ErrorCode(err), "her DM feeds no family here")
				}
				n := to.note("D1", "U1", "nap 40 min")
				assert.NotEqual(t, maya.ID, n.ShiftID, "her next note starts a list of her own")
				assert.Equal(t, bh.FamilyKey(n.ShiftID), to.shift("D1").ChannelID)
				assert.Equal(t, members, to.members(maya.ID))
				again, err := to.db.Import(f.ctx, dump)
				require.NoError(t, err)
				assert.Zero(t, again.New)
				assert.Equal(t, members, to.members(maya.ID))
				assert.Equal(t, n.ShiftID, to.shift("D1").ID, "importing again changes nothing")
			})
		}
	}
}

// A conversation's first note by someone already in a family goes to that
// family's list: a channel Maya starts writing in is her family's place,
// not a second, empty list keyed by the channel, and Sam's first DM after
// a channel made him a member joins the family he has. A writer in no
// family still starts one; a DM that fed a family before (a Leave) still
// starts a new one.
func TestAChannelsFirstNoteJoinsItsWritersFamily(t *testing.T) {
	for _, engine := range bothEngines {
		t.Run(engine.name, func(t *testing.T) {
			clk := clocktest.New(time.Date(2026, 11, 24, 21, 40, 0, 0, time.UTC))
			f := &familyT{t: t, ctx: context.Background(), db: openBolt(t, append(engine.opts, withClock(clk.Now))...)}
			tick := func() { clk.Advance(time.Minute) }

			f.note("D1", "U1", "out of formula")
			maya := f.shift("D1").ID
			tick()
			c := f.note("C1", "U1", "daycare form due tomorrow 5pm")
			assert.Equal(t, maya, c.ShiftID, "the channel feeds Maya's family")
			assert.Equal(t, maya, f.shift("C1").ID)
			assert.Equal(t, []string{"C1", "D1"}, f.channels(maya))
			assert.Equal(t, []string{"U1"}, f.members(maya))
			assert.Equal(t, []string{maya}, f.familiesOf("U1"), "no second family")
			live, err := f.db.LiveNotes(f.ctx, "T1", maya, clk.Now())
			require.NoError(t, err)
			assert.Len(t, live.Notes, 2, "one list")
			// Someone else writing there feeds that list, and is no member
			// for it: members join by consent.
			tick()
			assert.Equal(t, maya, f.note("C1", "U2", "slept 2h").ShiftID)
			assert.Equal(t, []string{"U1"}, f.members(maya))

			// Sam's first note is in a channel: a family of his own, keyed
			// by it. His first DM then joins it.
			tick()
			sam := f.note("C2", "U2", "wipes < 1 day").ShiftID
			assert.NotEqual(t, maya, sam)
			assert.Equal(t, "C2", f.shift("C2").ChannelID)
			tick()
			assert.Equal(t, sam, f.note("D2", "U2", "nap 40 min").ShiftID, "his DM joins the family he has")
			assert.Equal(t, []string{"C2", "D2"}, f.channels(sam))
			assert.Equal(t, []string{"U2"}, f.members(sam))
			conv, err := f.db.FamilyOf(f.ctx, "T1", "D2")
			require.NoError(t, err)
			assert.Equal(t, "U2", conv.UserID)

			// Once his DM has a row of its own (he left), it does not
			// follow another family he is in: it starts a new one.
			tick()
			f.note("C3", "U3", "pediatrician friday 10am")
			pat := f.shift("C3").ID
			tick()
			_, err = f.db.Join(f.ctx, bh.Member{TeamID: "T1", ShiftID: pat, UserID: "U2"}, "")
			require.NoError(t, err)
			require.NoError(t, f.db.Leave(f.ctx, "T1", sam, "U2"))
			tick()
			fresh := f.note("D2", "U2", "slept 3h").ShiftID
			assert.NotContains(t, []string{maya, sam, pat}, fresh)

			// In several families, a new channel goes to the one his DM
			// feeds, not the one he joined first.
			tick()
			assert.Equal(t, fresh, f.note("C4", "U2", "bath at 7pm").ShiftID)
			assert.Equal(t, []string{pat, fresh}, f.familiesOf("U2"))
		})
	}
}

// An invite whose sender left the family no longer stands: the store
// refuses the Join (not only the bot, which checks first), and the invite
// stays unanswered. An invite is answered Join only with the Join itself:
// a second answer, or someone else's, changes nothing.
func TestAJoinNeedsItsInviterInTheFamily(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			f := &familyT{t: t, ctx: context.Background(), db: open(t)}
			f.note("D1", "U1", "out of formula")
			maya := f.shift("D1").ID
			f.note("D2", "U2", "wipes < 1 day")
			sam := f.shift("D2").ID
			f.note("D3", "U3", "slept 2h")
			pat := f.shift("D3").ID
			asked, err := f.db.CreateInvite(f.ctx, bh.Invite{TeamID: "T1", ShiftID: maya, From: "U1", To: "U2"})
			require.NoError(t, err)
			require.NoError(t, f.db.Leave(f.ctx, "T1", maya, "U1"))

			_, _, err = f.db.AcceptInvite(f.ctx, "T1", asked.ID, "U2", "D2")
			assert.Equal(t, bh.ECONFLICT, bh.ErrorCode(err))
			assert.Contains(t, bh.ErrorMessage(err), "no longer in the family that invite was for")
			_, err = f.db.Join(f.ctx, bh.Member{TeamID: "T1", ShiftID: maya, UserID: "U2", InvitedBy: "U1"}, "D2")
			assert.Equal(t, bh.ECONFLICT, bh.ErrorCode(err), "Join itself checks who asked")
			got, err := f.db.Invite(f.ctx, "T1", asked.ID)
			require.NoError(t, err)
			assert.False(t, got.Answered(), "a refused Join leaves the invite unanswered")
			assert.Empty(t, f.members(maya))
			assert.Equal(t, sam, f.shift("D2").ID, "his DM still feeds his own list")

			inv, err := f.db.CreateInvite(f.ctx, bh.Invite{TeamID: "T1", ShiftID: pat, From: "U3", To: "U2"})
			require.NoError(t, err)
			_, _, err = f.db.AcceptInvite(f.ctx, "T1", inv.ID, "U9", "D9")
			assert.Equal(t, bh.EFORBIDDEN, bh.ErrorCode(err), "someone else's invite")
			got, from, err := f.db.AcceptInvite(f.ctx, "T1", inv.ID, "U2", "D2")
			require.NoError(t, err)
			assert.Equal(t, sam, from)
			assert.Equal(t, bh.InviteJoin, got.Answer)
			assert.Equal(t, []string{"U3", "U2"}, f.members(pat))
			ms, err := f.db.Members(f.ctx, "T1", pat)
			require.NoError(t, err)
			assert.Equal(t, "U3", ms[1].InvitedBy)
			assert.Equal(t, pat, f.shift("D2").ID)
			_, _, err = f.db.AcceptInvite(f.ctx, "T1", inv.ID, "U2", "D2")
			assert.Equal(t, bh.ECONFLICT, bh.ErrorCode(err), "answered already")

			later, err := f.db.CreateInvite(f.ctx, bh.Invite{TeamID: "T1", ShiftID: pat, From: "U3", To: "U4"})
			require.NoError(t, err)
			_, _, err = f.db.AnswerInvite(f.ctx, "T1", later.ID, bh.InviteNotNow)
			require.NoError(t, err)
			_, _, err = f.db.AcceptInvite(f.ctx, "T1", later.ID, "U4", "D4")
			assert.Equal(t, bh.ECONFLICT, bh.ErrorCode(err), "Not now stands")
			assert.Equal(t, []string{"U3", "U2"}, f.members(pat))
		})
	}
}

// A joiner's open notes moving to the family's list are read in that
// family's zone from then on ("pediatrician 2pm" in New York is not over
// at 4 PM UTC), and the move is a change to both lists: the change stream
// and the radar's catch-up name the list they left too, so its state
// loses them.
func TestMovedNotesAreReadInTheirNewFamily(t *testing.T) {
	for _, engine := range bothEngines {
		t.Run(engine.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // a safety net, not a measure
			defer cancel()
			clk := clocktest.New(time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC))
			f := &familyT{t: t, ctx: ctx, db: openBolt(t, append(engine.opts, withClock(clk.Now))...)}
			f.note("D1", "U1", "out of formula")
			maya := f.shift("D1").ID
			require.NoError(t, f.db.SetShiftTZ(ctx, "T1", maya, "America/New_York"))
			appt := f.note("D2", "U2", "pediatrician appointment 2pm")
			sam := f.shift("D2").ID
			ids := func(shift string, at time.Time) []string {
				live, err := f.db.LiveNotes(ctx, "T1", shift, at)
				require.NoError(t, err)
				var out []string
				for _, n := range live.Notes {
					out = append(out, n.ID)
				}
				return out
			}
			clk.Advance(2 * time.Hour)
			require.Contains(t, ids(sam, clk.Now()), appt.ID, "read in UTC: 2 PM is still to come")
			require.NotContains(t, ids(maya, clk.Now()), appt.ID)

			next, stop, err := f.db.WatchNotes(ctx, nil)
			require.NoError(t, err)
			defer stop()
			moveAt := clk.Now()
			from, err := f.db.Join(ctx, bh.Member{TeamID: "T1", ShiftID: maya, UserID: "U2", InvitedBy: "U1"}, "D2")
			require.NoError(t, err)
			moved, err := f.db.MoveOpenNotes(ctx, "T1", from, maya, "U2")
			require.NoError(t, err)
			require.Equal(t, 1, moved)

			// The move's changes come together, its list's and the one it
			// left.
			changed := map[string]bool{}
			for !changed[maya] {
				chs, err := next(ctx)
				require.NoError(t, err)
				for _, ch := range chs {
					changed[ch.ShiftID] = true
				}
			}
			assert.True(t, changed[sam], "the list the note left changed too")
			since, err := f.db.ShiftsChangedSince(ctx, moveAt)
			require.NoError(t, err)
			var caught []string
			for _, sh := range since {
				caught = append(caught, sh.ID)
			}
			assert.ElementsMatch(t, []string{sam, maya}, caught, "the catch-up recomputes both")

			// 4 PM UTC: over in UTC, 11 AM in New York.
			clk.Advance(4 * time.Hour)
			assert.Contains(t, ids(maya, clk.Now()), appt.ID, "read in the family's zone")
			assert.Empty(t, ids(sam, clk.Now()))
			// 8 PM UTC: 3 PM in New York, over.
			clk.Advance(4 * time.Hour)
			assert.NotContains(t, ids(maya, clk.Now()), appt.ID)

			// A later change of the moved note is its new list's only.
			_, err = f.db.RetagNote(ctx, "T1", appt.ID, bh.TagTask)
			require.NoError(t, err)
			chs, err := next(ctx)
			require.NoError(t, err)
			for _, ch := range chs {
				assert.Equal(t, maya, ch.ShiftID)
			}
		})
	}
}

// Who left a family and joined it again is a member again in every
// export: a format-1 import maps the DM that founded it back.
func TestRejoiningIsNoLongerLeaving(t *testing.T) {
	for name, open := range backends(t) {
		t.Run(name, func(t *testing.T) {
			f := &familyT{t: t, ctx: context.Background(), db: open(t)}
			f.note("D1", "U1", "out of formula")
			maya := f.shift("D1")
			_, err := f.db.Join(f.ctx, bh.Member{TeamID: "T1", ShiftID: maya.ID, UserID: "U2", InvitedBy: "U1"}, "D2")
			require.NoError(t, err)
			require.NoError(t, f.db.Leave(f.ctx, "T1", maya.ID, "U1"))
			_, err = f.db.Join(f.ctx, bh.Member{TeamID: "T1", ShiftID: maya.ID, UserID: "U1", InvitedBy: "U2"}, "D1")
			require.NoError(t, err)
			dump, err := f.db.Export(f.ctx, maya)
			require.NoError(t, err)
			for _, c := range []string{"conversations", "members", "people", "invites"} {
				delete(dump.Collections, c)
			}
			to := &familyT{t: t, ctx: f.ctx, db: open(t), seq: f.seq}
			_, err = to.db.Import(f.ctx, dump)
			require.NoError(t, err)
			assert.Equal(t, []string{"U1"}, to.members(maya.ID))
			assert.Equal(t, maya.ID, to.note("D1", "U1", "nap 40 min").ShiftID)
		})
	}
}
