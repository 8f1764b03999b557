package main

import (
	"fmt"
	"io"
	"runtime/debug"
)

// version is set at build time by -ldflags "-X main.version=…" (the
// Dockerfile does); otherwise the module version is printed.
var version = ""

// runVersion prints the module version and what the build recorded: the
// commit and its time when built from a checkout, the Go version.
func runVersion(stdout io.Writer) int {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		fmt.Fprintf(stdout, "babyhandoff %s (no build information)\n", version)
		return 0
	}
	v := version
	if v == "" {
		v = info.Main.Version
	}
	if v == "" {
		v = "(devel)"
	}
	fmt.Fprintf(stdout, "babyhandoff %s\n", v)
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	if rev := settings["vcs.revision"]; rev != "" {
		dirty := ""
		if settings["vcs.modified"] == "true" {
			dirty = " (modified)"
		}
		fmt.Fprintf(stdout, "commit %s%s %s\n", rev, dirty, settings["vcs.time"])
	}
	fmt.Fprintf(stdout, "%s %s/%s\n", info.GoVersion, settings["GOOS"], settings["GOARCH"])
	return 0
}
