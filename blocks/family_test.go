package blocks_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/babyhandoff/babyhandoff/blocks"
)

func TestInviteMessage(t *testing.T) {
	for _, tc := range []struct {
		name   string
		in     blocks.InviteInput
		want   []string
		absent []string
	}{
		{"no items of their own", blocks.InviteInput{ID: "inv1", From: "Maya"},
			[]string{"Maya asked you to share their family's list", `"family_join"`, `"family_not_now"`, `"inv1"`}, []string{"move"}},
		{"one open item", blocks.InviteInput{ID: "inv1", From: "Maya", Moving: 1}, []string{"Your 1 open item moves to the family's list"}, nil},
		{"several, with a handoff", blocks.InviteInput{ID: "inv1", From: "Maya", Moving: 3, Handoff: true},
			[]string{"Your 3 open items move", "closed notes stay in your own history", "then *Got it*"}, nil},
		{"a name that is markup", blocks.InviteInput{ID: "inv1", From: "<!channel>"}, []string{`\u0026lt;!channel\u0026gt;`}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := blocks.InviteMessage(tc.in)
			raw, err := json.Marshal(m.Blocks)
			require.NoError(t, err)
			for _, w := range tc.want {
				assert.Contains(t, m.Text+string(raw), w)
			}
			for _, w := range tc.absent {
				assert.NotContains(t, string(raw), w)
			}
		})
	}
	answered, err := json.Marshal(blocks.InviteAnswered(blocks.InviteInput{ID: "inv1", From: "Maya"}, "You joined.").Blocks)
	require.NoError(t, err)
	assert.NotContains(t, string(answered), "family_join", "answered: no buttons")
	assert.Contains(t, string(answered), "You joined.")
}

func TestHomeFamily(t *testing.T) {
	home := func(f *blocks.HomeFamily) string {
		raw, err := json.Marshal(blocks.Home(blocks.HomeInput{Viewer: "U2", Family: f}))
		require.NoError(t, err)
		return string(raw)
	}
	assert.NotContains(t, home(nil), "home_family", "no family section unless the bot knows one")
	alone := home(&blocks.HomeFamily{Members: []string{"U2"}})
	assert.Contains(t, alone, "just you")
	assert.Contains(t, alone, `"family_add"`)
	assert.NotContains(t, alone, "family_leave", "nothing to leave alone")
	two := home(&blocks.HomeFamily{Members: []string{"U1", "U2"}})
	assert.Contains(t, two, `you and \u003c@U1\u003e share this list`)
	assert.Contains(t, two, `"family_leave"`)
}

func TestNotInFamily(t *testing.T) {
	offer := blocks.NotInFamily("Maya", "inv1", "ho1")
	raw, err := json.Marshal(offer.Blocks)
	require.NoError(t, err)
	assert.Contains(t, offer.Text, "not in Maya's family's list yet")
	assert.Contains(t, string(raw), `"family_join_take"`)
	assert.Contains(t, string(raw), "Join Maya's family and take it")
	inv, ho, ok := blocks.ParseJoinTake(blocks.JoinTakeValue("inv1", "ho1"))
	assert.True(t, ok)
	assert.Equal(t, []string{"inv1", "ho1"}, []string{inv, ho})
	_, _, ok = blocks.ParseJoinTake("inv1")
	assert.False(t, ok, "a value without a handoff")

	plain := blocks.NotInFamily("<!here>", "", "ho1")
	raw, err = json.Marshal(plain.Blocks)
	require.NoError(t, err)
	assert.NotContains(t, string(raw), "family_join_take", "no invite: nothing to join")
	assert.Contains(t, plain.Text, "Add your partner")
	assert.NotContains(t, plain.Text, "<!here>", "a name is never live")
}
