package babyhandoff_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const module = "github.com/babyhandoff/babyhandoff"

// TestDependencyDirection enforces DESIGN.md's dependency graph on the
// transitive (non-test) imports of each package, as golang/pkgsite does.
func TestDependencyDirection(t *testing.T) {
	forbidden := map[string][]string{
		// The domain: standard library only.
		"": {"github.com/", "go.mongodb.org/", "golang.org/x/", "gopkg.in/"},
		// Pure packages: no database, no Slack, no model client.
		"/council": {"github.com/slack-go/", "go.mongodb.org/", "github.com/256dpi/lungo", "github.com/openai/", module + "/store", module + "/bot"},
		"/normalize": {"github.com/slack-go/", "go.mongodb.org/", "github.com/256dpi/lungo", "github.com/openai/", module + "/store", module + "/bot",
			module + "/council", module + "/radar", module + "/blocks"},
		"/radar": {"github.com/slack-go/", "go.mongodb.org/", "github.com/256dpi/lungo", "github.com/openai/", module + "/store", module + "/bot"},
		// Block Kit value types only: never a client, an event loop or a database.
		"/blocks": {"github.com/slack-go/slack/socketmode", "github.com/slack-go/slack/slackevents",
			"go.mongodb.org/", "github.com/256dpi/lungo", module + "/store", module + "/bot"},
		// The SQLite engine is a store of its own: no MongoDB, no bbolt, no
		// other store package.
		"/store/sqlite": {"github.com/slack-go/", "go.mongodb.org/", "github.com/256dpi/lungo", "go.etcd.io/bbolt", module + "/store",
			module + "/bot", module + "/blocks", module + "/council", module + "/radar"},
		// The MongoDB engine is a store of its own: lungo's driver
		// interfaces, no bbolt, no other store package; a note's
		// reading arrives from outside (mongo.Config.Read), not from
		// the normaliser.
		"/store/mongo": {"github.com/slack-go/", "go.etcd.io/bbolt", module + "/store", module + "/normalize",
			module + "/bot", module + "/blocks", module + "/council", module + "/radar"},
		// The old formats' reader (for the move into SQLite) decodes files:
		// no engine, no Slack.
		"/store/legacy": {"github.com/slack-go/", "github.com/256dpi/lungo", "modernc.org/", module + "/store/sqlite",
			module + "/bot", module + "/blocks", module + "/council", module + "/radar", module + "/normalize"},
		// The export format turns a family's record into documents and
		// back: BSON's value types only, no engine (no MongoDB client,
		// lungo, SQLite driver or bbolt), no other store package, no Slack.
		"/store/archive": {"github.com/slack-go/", "go.mongodb.org/mongo-driver/mongo", "github.com/256dpi/lungo", "modernc.org/", "go.etcd.io/bbolt",
			module + "/store", module + "/bot", module + "/blocks", module + "/council", module + "/radar", module + "/normalize"},
		// The tests' store harness opens the engines under test and knows no
		// package whose tests use it.
		"/store/storetest": {"github.com/slack-go/", module + "/bot", module + "/blocks", module + "/council", module + "/radar", module + "/cmd"},
		// The bot reaches the store through its own small interfaces, and a
		// model only through the council's.
		"/bot": {"go.mongodb.org/", "github.com/256dpi/lungo", "github.com/openai/", module + "/store"},
		// The HTTP transport turns requests into the bot's envelopes: it
		// knows Slack's types and small interfaces, never the bot, the
		// store or a database.
		"/bot/httpmode": {"go.mongodb.org/", "github.com/256dpi/lungo", "github.com/openai/", module + "/store", module + "/bot",
			module + "/council", module + "/radar", module + "/blocks"},
		// Installs by OAuth: Slack's OAuth calls and the installation store's
		// small interface; never the bot, a store or a database.
		"/bot/install": {"go.mongodb.org/", "github.com/256dpi/lungo", "github.com/openai/", module + "/store", module + "/bot/", module + "/council", module + "/radar", module + "/blocks"},
		// Small helpers shared by the packages above: standard library only.
		"/internal/keylock":   {"github.com/", "go.mongodb.org/", "golang.org/x/", "gopkg.in/"},
		"/internal/clocktest": {"github.com/", "go.mongodb.org/", "golang.org/x/", "gopkg.in/"},
		// The bot's binary links no fake: the benchmarks that drive the fake
		// Slack and the fake model server are cmd/babyhandoff-bench.
		"/cmd/babyhandoff": {module + "/bot/slacktest", module + "/council/openai/openaitest", module + "/store/storetest", module + "/internal/clocktest"},
		// Files people use (a calendar, a picture): the domain, the standard
		// library and the calendar and image libraries; never Slack, a
		// database, a model or another part of the bot.
		"/planfile": {"github.com/slack-go/", "go.mongodb.org/", "github.com/256dpi/lungo", "github.com/openai/", module + "/store", module + "/bot",
			module + "/council", module + "/radar", module + "/blocks", module + "/normalize"},
		// The model client knows the council's interface and the SDK only.
		"/council/openai": {"github.com/slack-go/", "go.mongodb.org/", "github.com/256dpi/lungo", module + "/store", module + "/bot", module + "/radar", module + "/blocks"},
	}
	for suffix, bad := range forbidden {
		pkg := module + suffix
		t.Run(pkg, func(t *testing.T) {
			deps := listDeps(t, pkg)
			if deps == nil {
				t.Skipf("%s has no Go files yet", pkg)
			}
			for _, d := range deps {
				for _, b := range bad {
					if b == d || strings.HasPrefix(d, b) {
						assert.Failf(t, "forbidden import", "%s imports %s (directly or through another package)", pkg, d)
					}
				}
			}
		})
	}
}

// No store engine reads a note's words: the reading is made by the reader
// it is given (bh.Reader, normalize.Read in cmd) and kept on the note. The
// tests' harness hands the engines it opens the bot's reader.
func TestStoresNeverImportNormalize(t *testing.T) {
	out, err := exec.Command("go", "list", module+"/store/...").CombinedOutput()
	require.NoError(t, err, string(out))
	exempt := map[string]bool{module + "/store/storetest": true}
	checked := 0
	for _, pkg := range strings.Fields(string(out)) {
		if exempt[pkg] {
			continue
		}
		checked++
		for _, d := range listDeps(t, pkg) {
			assert.NotEqual(t, module+"/normalize", d, "%s imports normalize (directly or through another package)", pkg)
		}
	}
	assert.NotZero(t, checked)
}

// The root package may only use the standard library: no module path, no
// dot in the first path element.
func TestRootIsStandardLibraryOnly(t *testing.T) {
	for _, d := range listDeps(t, module) {
		if d == module {
			continue
		}
		first := strings.SplitN(d, "/", 2)[0]
		assert.NotContains(t, first, ".", "the root package imports %s", d)
	}
}

func listDeps(t *testing.T, pkg string) []string {
	t.Helper()
	dir := "." + strings.TrimPrefix(pkg, module)
	if files, _ := filepath.Glob(filepath.Join(dir, "*.go")); len(files) == 0 {
		return nil
	}
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", pkg).CombinedOutput()
	require.NoError(t, err, string(out))
	var deps []string
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if l = strings.TrimSpace(l); l != "" && l != pkg {
			deps = append(deps, l)
		}
	}
	if deps == nil {
		deps = []string{}
	}
	return deps
}

// blocks may use slack-go's Block Kit value types, which live in the same Go
// package as its client; this checks that it never touches the client.
func TestBlocksNeverUseASlackClient(t *testing.T) {
	files, err := filepath.Glob("blocks/*.go")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	clientAPI := map[string]bool{"New": true, "Client": true, "OptionAPIURL": true, "OptionAppLevelToken": true, "OptionHTTPClient": true}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		require.NoError(t, err)
		ast.Inspect(file, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == "slack" && clientAPI[sel.Sel.Name] {
				assert.Failf(t, "blocks uses a Slack client", "%s: slack.%s", fset.Position(sel.Pos()), sel.Sel.Name)
			}
			return true
		})
	}
}
