package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/store/archive"
)

// manifest is DIR/manifest.json: what an export holds.
type manifest struct {
	Format        int                `json:"format"`
	ExportedAt    time.Time          `json:"exported_at"`
	Conversations []exportedConvInfo `json:"conversations"`
}

type exportedConvInfo struct {
	Team    string `json:"team"`
	Channel string `json:"channel"`
	Dir     string `json:"dir"`
	Notes   int    `json:"notes"`
	Plans   int    `json:"plans"`
}

// convData is DIR/<conversation>/data.json: every document as MongoDB
// Extended JSON (canonical), so types and times survive the round trip.
type convData struct {
	Format      int                          `json:"format"`
	Team        string                       `json:"team"`
	Channel     string                       `json:"channel"`
	Collections map[string][]json.RawMessage `json:"collections"`
}

// openStoreFor opens the database the bot would (MONGODB_URI, or SQLite
// in DATA_DIR).
func openStoreFor(ctx context.Context, cmd string, stderr io.Writer) (Database, int) {
	cfg, err := loadConfig(".env", false)
	if err != nil {
		fmt.Fprintf(stderr, "babyhandoff %s: %v\n", cmd, err)
		return nil, 2
	}
	db, err := openDatabase(ctx, cfg, dbOptions{})
	if err != nil {
		fmt.Fprintf(stderr, "babyhandoff %s: %s\n", cmd, bh.ErrorMessage(err))
		return nil, 1
	}
	return db.Database, 0
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9_-]+`)

// runExport writes conversations as JSON (for import) and Markdown (to read).
func runExport(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "the folder to write (new or empty)")
	team := fs.String("team", "", "only this team (Slack team id, T…)")
	conv := fs.String("conversation", "", "only this conversation (Slack channel id: C…, D…, G…)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *out == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: babyhandoff export --out DIR [--team T --conversation C]")
		return 2
	}
	if *conv != "" && *team == "" {
		fmt.Fprintln(stderr, "babyhandoff export: --conversation needs --team (a channel id is unique within its team)")
		return 2
	}
	if entries, err := os.ReadDir(*out); err == nil && len(entries) > 0 {
		fmt.Fprintf(stderr, "babyhandoff export: %s is not empty; choose a new folder (nothing was written)\n", *out)
		return 1
	}
	db, code := openStoreFor(ctx, "export", stderr)
	if db == nil {
		return code
	}
	defer db.Close(context.Background())
	shifts, err := db.Conversations(ctx, *team, *conv)
	if err != nil {
		fmt.Fprintln(stderr, "babyhandoff export: "+bh.ErrorMessage(err))
		return 1
	}
	if len(shifts) == 0 {
		fmt.Fprintln(stderr, "babyhandoff export: no conversation with notes matches; nothing was written")
		return 1
	}
	if err := os.MkdirAll(*out, 0o700); err != nil {
		fmt.Fprintln(stderr, "babyhandoff export:", err)
		return 1
	}
	m := manifest{Format: archive.ExportFormat, ExportedAt: time.Now().UTC().Truncate(time.Second)}
	for _, sh := range shifts {
		info, err := exportConversation(ctx, db, sh, *out)
		if err != nil {
			fmt.Fprintf(stderr, "babyhandoff export: %s/%s: %s\n", sh.TeamID, sh.ChannelID, bh.ErrorMessage(err))
			return 1
		}
		m.Conversations = append(m.Conversations, info)
		fmt.Fprintf(stdout, "exported %s/%s: %d notes, %d plans → %s\n", sh.TeamID, sh.ChannelID, info.Notes, info.Plans, filepath.Join(*out, info.Dir))
	}
	// The manifest last: a folder without one is an export that did not finish.
	if err := writeJSON(filepath.Join(*out, "manifest.json"), m); err != nil {
		fmt.Fprintln(stderr, "babyhandoff export:", err)
		return 1
	}
	fmt.Fprintf(stdout, "Done. Read it back with: babyhandoff import %s\n", *out)
	return 0
}

func exportConversation(ctx context.Context, db Database, sh bh.Shift, out string) (exportedConvInfo, error) {
	info := exportedConvInfo{Team: sh.TeamID, Channel: sh.ChannelID, Dir: unsafeName.ReplaceAllString(sh.TeamID+"-"+sh.ChannelID, "_")}
	dir := filepath.Join(out, info.Dir)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return info, err
	}
	rec, err := db.ExportFamily(ctx, sh)
	if err != nil {
		return info, err
	}
	dump, err := archive.DumpOf(rec)
	if err != nil {
		return info, err
	}
	data := convData{Format: archive.ExportFormat, Team: sh.TeamID, Channel: sh.ChannelID, Collections: map[string][]json.RawMessage{}}
	for name, docs := range dump.Collections {
		for _, raw := range docs {
			j, err := bson.MarshalExtJSON(raw, true, false)
			if err != nil {
				return info, err
			}
			data.Collections[name] = append(data.Collections[name], j)
		}
	}
	if err := writeJSON(filepath.Join(dir, "data.json"), data); err != nil {
		return info, err
	}
	md, plans, handoffs, err := readable(ctx, db, sh)
	if err != nil {
		return info, err
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.md"), []byte(md), 0o600); err != nil {
		return info, err
	}
	for name, content := range handoffs {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o600); err != nil {
			return info, err
		}
	}
	info.Notes, info.Plans = len(dump.Collections["logs"]), plans
	return info, nil
}

// readable is a conversation as a person reads it: the notes by day, the
// plans, and each plan's handoff.md (while its details are kept).
func readable(ctx context.Context, db Database, sh bh.Shift) (string, int, map[string]string, error) {
	loc := sh.Location(time.UTC)
	notes, err := db.Notes(ctx, sh.TeamID, sh.ID, true)
	if err != nil {
		return "", 0, nil, err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# BabyHandoff: conversation %s (team %s)\n\nTimes in %s.\n\n## Notes\n", sh.ChannelID, sh.TeamID, loc)
	day := ""
	for _, n := range notes {
		at := n.CreatedAt.In(loc)
		if d := at.Format("Monday, January 2, 2006"); d != day {
			day = d
			fmt.Fprintf(&b, "\n### %s\n\n", d)
		}
		state := ""
		switch {
		case n.Deleted():
			state = " (removed)"
		case n.Done():
			state = " (done " + n.DoneAt.In(loc).Format("Jan 2 15:04") + ")"
		}
		fmt.Fprintf(&b, "- %s · %s · %s%s\n", at.Format("15:04"), n.Tag.Label(), oneLine(n.Text), state)
	}
	handoffs := map[string]string{}
	plans := 0
	b.WriteString("\n## Plans\n\n")
	for v := 1; ; v++ {
		run, err := db.RunByVersion(ctx, sh.TeamID, sh.ID, v)
		if bh.ErrorCode(err) == bh.ENOTFOUND {
			break
		} else if err != nil {
			return "", 0, nil, err
		}
		plans++
		line := fmt.Sprintf("- v%d · %s · next %dh · energy %s · %s", run.Version, run.Now.In(loc).Format("Jan 2 15:04"), run.HorizonH, run.Energy, run.Status)
		if rec, err := db.RunRecord(ctx, sh.TeamID, run.ID); err == nil {
			line += " · " + string(rec.Decision.Winner)
			for _, a := range rec.Artifacts {
				if a.Kind == bh.ArtifactHandoff {
					handoffs[a.Name] = a.Content
					line += fmt.Sprintf(" · [%s](%s)", a.Name, a.Name)
				}
			}
		}
		b.WriteString(line + "\n")
	}
	if plans == 0 {
		b.WriteString("No plans yet.\n")
	}
	return b.String(), plans, handoffs, nil
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o600)
}

// runImport reads an export back, conversation by conversation; importing
// the same export twice changes nothing.
func runImport(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintln(stderr, "usage: babyhandoff import DIR")
		return 2
	}
	dir := args[0]
	families, err := readExport(dir)
	if err != nil {
		fmt.Fprintf(stderr, "babyhandoff import: %v; nothing was written\n", err)
		return 1
	}
	db, code := openStoreFor(ctx, "import", stderr)
	if db == nil {
		return code
	}
	defer db.Close(context.Background())
	var total bh.Imported
	for _, r := range families {
		n, err := db.ImportFamily(ctx, r)
		total.New, total.Changed, total.Same, total.Kept = total.New+n.New, total.Changed+n.Changed, total.Same+n.Same, total.Kept+n.Kept
		if err != nil {
			fmt.Fprintf(stderr, "babyhandoff import: %s/%s: %s (what was written so far stays; importing again completes it)\n", r.Shift.TeamID, r.Shift.ChannelID, bh.ErrorMessage(err))
			return 1
		}
		fmt.Fprintf(stdout, "imported %s/%s: %d new, %d changed, %d unchanged, %d newer here kept\n", r.Shift.TeamID, r.Shift.ChannelID, n.New, n.Changed, n.Same, n.Kept)
	}
	fmt.Fprintf(stdout, "Done: %d new, %d changed, %d unchanged, %d newer here kept.\n", total.New, total.Changed, total.Same, total.Kept)
	return 0
}

// readExport reads and checks every file of an export, down to each
// family's record, before anything is written, so a damaged export
// changes nothing.
func readExport(dir string) ([]bh.FamilyRecord, error) {
	raw, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%s is not a BabyHandoff export (it has no manifest.json; an export that stopped half-way has none either)", dir)
	} else if err != nil {
		return nil, err
	}
	var m manifest
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("%s is not valid JSON (%v)", filepath.Join(dir, "manifest.json"), err)
	}
	if m.Format > archive.ExportFormat {
		return nil, fmt.Errorf("%s was written by a newer BabyHandoff (format %d; this version reads %d): import it with that version", dir, m.Format, archive.ExportFormat)
	}
	if m.Format < 1 {
		return nil, fmt.Errorf("%s has no export format; it is not a BabyHandoff export", filepath.Join(dir, "manifest.json"))
	}
	var out []bh.FamilyRecord
	for _, c := range m.Conversations {
		if c.Dir == "" || c.Dir != filepath.Base(c.Dir) || strings.HasPrefix(c.Dir, ".") {
			return nil, fmt.Errorf("%s names a folder %q outside the export", filepath.Join(dir, "manifest.json"), c.Dir)
		}
		path := filepath.Join(dir, c.Dir, "data.json")
		raw, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		var data convData
		if err := json.Unmarshal(raw, &data); err != nil {
			return nil, fmt.Errorf("%s is not valid JSON, perhaps cut short (%v)", path, err)
		}
		if data.Format > archive.ExportFormat {
			return nil, fmt.Errorf("%s was written by a newer BabyHandoff (format %d)", path, data.Format)
		}
		d := archive.Dump{Shift: bh.Shift{TeamID: data.Team, ChannelID: data.Channel}, Collections: map[string][]bson.Raw{}}
		for name, docs := range data.Collections {
			for i, j := range docs {
				var doc bson.D
				if err := bson.UnmarshalExtJSON(j, true, &doc); err != nil {
					return nil, fmt.Errorf("%s: document %d of %s cannot be read (%v)", path, i+1, name, err)
				}
				b, err := bson.Marshal(doc)
				if err != nil {
					return nil, fmt.Errorf("%s: document %d of %s: %v", path, i+1, name, err)
				}
				d.Collections[name] = append(d.Collections[name], b)
			}
		}
		r, err := archive.RecordOf(d) // checked first (archive.CheckDump)
		if err != nil {
			return nil, fmt.Errorf("%s: %s", path, bh.ErrorMessage(err))
		}
		out = append(out, r)
	}
	return out, nil
}
