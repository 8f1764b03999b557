package council

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"time"

	bh "github.com/babyhandoff/babyhandoff"
)

// Every task records what it read and what it made as sha256 hashes of a
// canonical encoding, so a replay can say which step first made something
// else. The encoding is JSON (struct fields in order, map keys sorted) with
// every time written as its instant in UTC: a plan made in Paris and the
// same plan read back from the store (in UTC) hash alike.

// digest is the full sha256, in hex, of v's canonical encoding.
func digest(v any) string {
	sum := sha256.Sum256(canonical(v))
	return hex.EncodeToString(sum[:])
}

func canonical(v any) []byte {
	if s, ok := v.(string); ok {
		return []byte(s)
	}
	raw, err := json.Marshal(v)
	if err != nil {
		// Every step's input and output are plain data; a value JSON
		// cannot write is a bug, and still hashes to something stable.
		return []byte("unencodable: " + err.Error())
	}
	if out, ok := recanon(raw); ok {
		return out
	}
	return canonicalTree(raw)
}

// canonicalTree is canonical's long way: raw decoded into maps, its times
// made UTC, and encoded again (json.Marshal sorts a map's keys).
func canonicalTree(raw []byte) []byte {
	var tree any
	if err := json.Unmarshal(raw, &tree); err != nil {
		return raw
	}
	out, err := json.Marshal(utcTimes(tree))
	if err != nil {
		return raw
	}
	return out
}

// utcTimes rewrites every RFC 3339 time in a decoded JSON tree in UTC.
func utcTimes(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = utcTimes(e)
		}
	case []any:
		for i, e := range x {
			x[i] = utcTimes(e)
		}
	case string:
		if len(x) >= 20 && x[4] == '-' && x[10] == 'T' {
			if t, err := time.Parse(time.RFC3339Nano, x); err == nil {
				return t.UTC().Format(time.RFC3339Nano)
			}
		}
	}
	return v
}

// Short is a hash as the transcript and the logs show it.
func Short(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}

// settings are the run's inputs every planner and the referee read
// besides the notes.
type settings struct {
	Now, From, ForUntil time.Time
	HorizonH            int
	Energy              bh.Energy
	TZ, For, Mode       string
	Quiet               *bh.QuietHours
	Rest                []bh.Rest
}

func settingsOf(r bh.Run) settings {
	return settings{Now: r.Now, From: r.From, ForUntil: r.ForUntil, HorizonH: r.HorizonH, Energy: r.Energy, TZ: r.TZ, For: r.For, Mode: r.Mode, Quiet: r.Quiet, Rest: r.Rest}
}

// stepHashes are the hashes a finished task records.
func stepHashes(in, out any) map[string]string {
	return map[string]string{"input_hash": digest(in), "output_hash": digest(out)}
}
