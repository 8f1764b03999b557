package storetest

import (
	"context"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	bh "github.com/babyhandoff/babyhandoff"
)

// TeamData is a workspace's data as a whole: removed when its installer
// asks (/babyhandoff delete-my-data), and counted table by table (or
// collection by collection) by the engine, which knows them all.
type TeamData interface {
	// DeleteTeam removes every row of a team, at once.
	DeleteTeam(ctx context.Context, teamID string) (bh.Deleted, error)
	// TeamRows counts a team's rows in each of the engine's tables; an
	// error for a table it does not know how to attribute.
	TeamRows(ctx context.Context, teamID string) (map[string]int, error)
}

var teamDataCases = []suiteCase{
	{"DeleteTeamLeavesNothingOfItAndTouchesNoOtherTeam", func(h *H) {
		const other = "T2"
		kept := FillTeam(h.T, h.Store, h.Clock, other)
		gone := FillTeam(h.T, h.Store, h.Clock, Team)
		// What Fill leaves out: a sample family, an upload under way, an
		// event id, the install; and what belongs to no team.
		_, err := bh.LoadSample(h.Ctx, h, Team, "D9", "U1")
		require.NoError(h.T, err)
		for team, sh := range map[string]bh.Shift{Team: gone, other: kept} {
			run, err := h.LatestRun(h.Ctx, team, sh.ID)
			require.NoError(h.T, err)
			_, err = h.StartUpload(h.Ctx, bh.Upload{TeamID: team, RunID: run.ID, Kind: "handoff.md", ChannelID: "D1", UserID: "U1"})
			require.NoError(h.T, err)
			_, err = h.MarkEvent(h.Ctx, team, "Ev-edit")
			require.NoError(h.T, err)
		}
		is, installs := h.Store.(Installations)
		if installs {
			for _, team := range []string{Team, other} {
				require.NoError(h.T, is.SaveInstallation(h.Ctx, installation(team, h.Clock.Now())))
			}
			require.NoError(h.T, is.SaveOAuthState(h.Ctx, "n1", h.Clock.Now().Add(time.Minute)))
		}

		before, err := h.TeamRows(h.Ctx, Team)
		require.NoError(h.T, err, "every table is a team's or shared")
		otherRows, err := h.TeamRows(h.Ctx, other)
		require.NoError(h.T, err)
		otherExport, err := h.ExportFamily(h.Ctx, kept)
		require.NoError(h.T, err)
		rows := 0
		for table, n := range before {
			// A table left empty here would prove nothing: a table added
			// later is filled above, or this fails.
			assert.Positive(h.T, n, "the case puts a row of the team in %s", table)
			rows += n
		}

		d, err := h.DeleteTeam(h.Ctx, Team)
		require.NoError(h.T, err)
		// Families: the filled one, the one the partner's DM founded before
		// joining, the sample.
		want := bh.Deleted{Families: 3, Notes: 5, Plans: 2, Handoffs: 1, RadarPosts: 1, Settings: 2, Rows: rows}
		if installs {
			want.Installations = 1
		}
		want.Notes += d.Notes - 5 // the sample's notes, as many as it has
		assert.Equal(h.T, want, d)
		assert.Greater(h.T, d.Notes, 5, "the sample's notes too")

		after, err := h.TeamRows(h.Ctx, Team)
		require.NoError(h.T, err)
		for table, n := range after {
			assert.Zero(h.T, n, "the deleted team's rows left in %s", table)
		}
		assert.NotEmpty(h.T, after)
		got, err := h.TeamRows(h.Ctx, other)
		require.NoError(h.T, err)
		assert.Equal(h.T, otherRows, got, "the other team's rows, table by table")
		export, err := h.ExportFamily(h.Ctx, kept)
		require.NoError(h.T, err)
		assert.Equal(h.T, otherExport, export, "the other team's family is as it was")

		// Nothing of it is found any more; the radar has nothing of it.
		_, err = h.ShiftByID(h.Ctx, Team, gone.ID)
		assert.Equal(h.T, bh.ENOTFOUND, bh.ErrorCode(err))
		states, err := h.StatesAtRisk(h.Ctx, bh.RiskLow)
		require.NoError(h.T, err)
		for _, st := range states {
			assert.Equal(h.T, other, st.TeamID)
		}
		settings, err := h.AllRadarSettings(h.Ctx)
		require.NoError(h.T, err)
		for _, s := range settings {
			assert.Equal(h.T, other, s.TeamID)
		}
		if installs {
			_, err = is.Installation(h.Ctx, Team)
			assert.Equal(h.T, bh.ENOTFOUND, bh.ErrorCode(err), "its tokens are gone")
			_, err = is.Installation(h.Ctx, other)
			assert.NoError(h.T, err)
			taken, err := is.TakeOAuthState(h.Ctx, "n1")
			require.NoError(h.T, err)
			assert.True(h.T, taken, "an install page's state is no team's")
		}

		// A note after it starts a family afresh; a second deletion finds nothing.
		n := h.Capture("D1", "U1", "pump at 3pm", "9.1")
		assert.NotEqual(h.T, gone.ID, n.ShiftID)
		notes, err := h.Notes(h.Ctx, Team, n.ShiftID, true)
		require.NoError(h.T, err)
		assert.Len(h.T, notes, 1)
		d, err = h.DeleteTeam(h.Ctx, other+"x")
		require.NoError(h.T, err)
		assert.Zero(h.T, d.Rows, "a team with nothing")
		_, err = h.DeleteTeam(h.Ctx, "")
		assert.Equal(h.T, bh.EINVALID, bh.ErrorCode(err), "no team named: nothing deleted")
	}},
}
