package main

import (
	"os"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every variable Config reads is in configKeys, in .env.example with its
// default (commented out or not), and in docs/running.md's table with it.
func TestEveryVariableIsDocumentedWithItsDefault(t *testing.T) {
	example, err := os.ReadFile("../../.env.example")
	require.NoError(t, err)
	running, err := os.ReadFile("../../docs/running.md")
	require.NoError(t, err)
	var keys []string
	ct := reflect.TypeOf(Config{})
	for i := 0; i < ct.NumField(); i++ {
		f := ct.Field(i)
		key := f.Tag.Get("envconfig")
		if key == "" {
			continue
		}
		keys = append(keys, key)
		def := f.Tag.Get("default")
		line := regexp.MustCompile(`(?m)^(# ?)?` + regexp.QuoteMeta(key) + `=` + regexp.QuoteMeta(def) + `$`)
		assert.Regexp(t, line, string(example), ".env.example must have %s=%s", key, def)
		row := regexp.MustCompile("(?m)^\\| `" + regexp.QuoteMeta(key) + "` \\|.*$").FindString(string(running))
		if assert.NotEmpty(t, row, "docs/running.md's table must list %s", key) && def != "" {
			assert.Contains(t, row, "`"+def+"`", "docs/running.md must give %s's default", key)
		}
	}
	want := append([]string(nil), configKeys...)
	sort.Strings(keys)
	sort.Strings(want)
	assert.Equal(t, strings.Join(want, " "), strings.Join(keys, " "), "configKeys lists every variable Config reads")
}
