package legacy

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"iter"
	"maps"
	"slices"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/bson"

	bh "github.com/babyhandoff/babyhandoff"
	"github.com/babyhandoff/babyhandoff/store/archive"
)

// This file: the documents as the old engine's open left them, and each
// family's share of them, as its export took it.

// view is the old engine's data by collection: its own collections (the
// database "babyhandoff"), documents in stored order, and the shelf's, by
// key.
type view struct {
	colls map[string][]bson.Raw
	shelf map[string]map[string]bson.Raw
}

// shelved are the collections the old engine kept on its shelf (the
// bucket "_shelf"), with the field that, after the run's id, keys a run's
// detail ("" when a run has one); idKey: keyed by _id alone.
var shelved = map[string]string{
	"tasks": "name", "messages": "seq", "context_packs": "", "proposals": "archetype", "decisions": "", "artifacts": "kind",
	"shift_state": idKey, "logs": idKey, "replies": idKey,
}

const idKey = "_id"

// engineView sorts d's buckets into collections and moves what an
// earlier version kept in the engine's collections to the shelf's
// place, as the engine's open did (one without a usable key was left
// where no export saw it).
func (d *data) engineView() (*view, error) {
	v := &view{colls: map[string][]bson.Raw{}, shelf: map[string]map[string]bson.Raw{}}
	for c := range shelved {
		v.shelf[c] = map[string]bson.Raw{}
	}
	for path, kv := range d.buckets {
		sub, onShelf := strings.CutPrefix(path, "_shelf\x00")
		coll, inEngine := strings.CutPrefix(path, "babyhandoff.")
		if !onShelf && !inEngine {
			continue // the format, indexes, the engine's oplog
		}
		for _, k := range slices.Sorted(maps.Keys(kv)) {
			doc := bson.Raw(kv[k])
			if err := doc.Validate(); err != nil {
				return nil, fmt.Errorf("a document in %s: %w", strings.ReplaceAll(path, "\x00", "/"), err)
			}
			if onShelf {
				if v.shelf[sub] != nil {
					v.shelf[sub][k] = doc
				}
			} else {
				v.colls[coll] = append(v.colls[coll], doc)
			}
		}
	}
	for c := range shelved {
		for _, doc := range v.colls[c] {
			if k, ok := shelfKey(c, doc); ok {
				v.shelf[c][k] = doc
			}
		}
		delete(v.colls, c)
	}
	return v, nil
}

// shelfKey is where the old engine kept doc of coll on its shelf.
func shelfKey(coll string, doc bson.Raw) (string, bool) {
	field := shelved[coll]
	if field == idKey {
		id := str(doc, "_id")
		return id, id != ""
	}
	run := str(doc, "run_id")
	if run == "" || strings.IndexByte(run, 0) >= 0 {
		return "", false
	}
	key := run + "\x00"
	switch field {
	case "":
	case "seq":
		seq, ok := doc.Lookup("seq").AsInt64OK()
		if !ok {
			return "", false
		}
		key += string(binary.BigEndian.AppendUint64(nil, uint64(seq)^(1<<63)))
	default:
		f, ok := doc.Lookup(field).StringValueOK()
		if !ok {
			return "", false
		}
		key += f
	}
	return key, true
}

func (v *view) shifts() ([]archive.ShiftDoc, error) {
	out := make([]archive.ShiftDoc, 0, len(v.colls["shifts"]))
	for _, raw := range v.colls["shifts"] {
		var d archive.ShiftDoc
		if err := bson.Unmarshal(raw, &d); err != nil {
			return nil, fmt.Errorf("a family: %w", err)
		}
		out = append(out, d)
	}
	return out, nil
}

func (v *view) add(coll string, doc any) error {
	raw, err := bson.Marshal(doc)
	v.colls[coll] = append(v.colls[coll], raw)
	return err
}

// group indexes docs by key (a document whose key is "" is left out).
func group(docs iter.Seq[bson.Raw], key func(bson.Raw) string) map[string][]bson.Raw {
	out := map[string][]bson.Raw{}
	for d := range docs {
		if k := key(d); k != "" {
			out[k] = append(out[k], d)
		}
	}
	return out
}

func field(name string) func(bson.Raw) string { return func(d bson.Raw) string { return str(d, name) } }

// ofShift keys a document by its family: team and shift.
func ofShift(d bson.Raw) string { return str(d, "team_id") + "/" + str(d, "shift_id") }

// makeFamilies makes each conversation from before families the family
// of its shift, as the old engine's open did: a DM's family is its person
// (the first writer of its notes), a channel's its notes' writers, minus
// who left; a DM's quiet hours become its person's, stamped now. A DM
// whose person left feeds no family.
func (v *view) makeFamilies(now time.Time) error {
	shifts, err := v.shifts()
	if err != nil {
		return err
	}
	slices.SortFunc(shifts, func(a, b archive.ShiftDoc) int { return strings.Compare(a.ID, b.ID) })
	mapped, family := map[string]bool{}, map[string]bool{}
	for _, c := range v.colls["conversations"] {
		mapped[str(c, "_id")], family[str(c, "shift_id")] = true, true
	}
	for _, m := range v.colls["members"] {
		family[str(m, "shift_id")] = true
	}
	notes := group(maps.Values(v.shelf["logs"]), ofShift)
	settings := group(slices.Values(v.colls["radar_settings"]), field("_id"))
	people := group(slices.Values(v.colls["people"]), field("_id"))
	for _, sd := range shifts {
		if sd.Sample || bh.IsSampleChannel(sd.ChannelID) || bh.IsFamilyKey(sd.ChannelID) || mapped[sd.TeamID+"/"+sd.ChannelID] || family[sd.ID] {
			continue
		}
		kind := bh.ConversationKindOf(sd.ChannelID)
		writers := writers(sd, kind, notes[sd.TeamID+"/"+sd.ID])
		them := slices.DeleteFunc(slices.Clone(writers), func(u string) bool { return slices.Contains(sd.Left, u) })
		row := archive.ConvDoc{ID: sd.TeamID + "/" + sd.ChannelID, TeamID: sd.TeamID, ChannelID: sd.ChannelID, ShiftID: sd.ID, Kind: string(kind), Since: sd.CreatedAt}
		var q *archive.QuietDoc
		switch {
		case kind == bh.ConvDM && len(them) == 0 && len(sd.Left) > 0 && len(writers) > 0:
			row.ShiftID, row.UserID = "", writers[0]
		case kind == bh.ConvDM && len(them) > 0:
			row.UserID = them[0]
			for _, s := range settings[sd.TeamID+"/"+sd.ID] {
				var set struct {
					Quiet *archive.QuietDoc `bson:"quiet"`
				}
				if err := bson.Unmarshal(s, &set); err != nil {
					return fmt.Errorf("the radar settings of %s: %w", sd.ID, err)
				}
				q = set.Quiet
			}
		}
		err := v.add("conversations", row)
		for _, u := range them {
			err = cmp.Or(err, v.add("members", archive.MemberDoc{ID: sd.TeamID + "/" + sd.ID + "/" + u, TeamID: sd.TeamID, ShiftID: sd.ID, UserID: u, JoinedAt: sd.CreatedAt}))
		}
		if id := sd.TeamID + "/" + row.UserID; q != nil && len(people[id]) == 0 {
			// A person who chose already keeps their choice.
			err = cmp.Or(err, v.add("people", archive.PersonDoc{ID: id, TeamID: sd.TeamID, UserID: row.UserID, Quiet: q, UpdatedAt: now.UTC().Truncate(time.Millisecond)}))
			people[id] = v.colls["people"][len(v.colls["people"])-1:]
		}
		if err != nil {
			return fmt.Errorf("family %s: %w", sd.ID, err)
		}
	}
	return nil
}

// writers are the people who wrote a shift's notes in its own
// conversation, by their first note (a DM's: its first writer only).
func writers(sd archive.ShiftDoc, kind bh.ConversationKind, notes []bson.Raw) []string {
	type note struct {
		id, channel, user string
		at                time.Time
	}
	list := make([]note, 0, len(notes))
	for _, raw := range notes {
		at, _ := raw.Lookup("created_at").TimeOK()
		list = append(list, note{str(raw, "_id"), str(raw, "channel_id"), str(raw, "user_id"), at})
	}
	slices.SortFunc(list, func(a, b note) int { return cmp.Or(a.at.Compare(b.at), strings.Compare(a.id, b.id)) })
	var out []string
	for _, n := range list {
		if n.channel == sd.ChannelID && n.user != "" && !slices.Contains(out, n.user) {
			out = append(out, n.user)
		}
		if kind == bh.ConvDM && len(out) > 0 {
			break
		}
	}
	return out
}

// The collections a family's documents are found in by its team and
// shift, and those of a run's details.
var (
	shiftColls  = []string{"runs", "events", "nudges", "radar_settings", "duty", "handoffs", "conversations", "members", "invites"}
	detailColls = []string{"tasks", "messages", "context_packs", "proposals", "decisions", "artifacts"}
)

// families is every family's documents, ordered by team and channel, as
// the old engine listed and exported them: its shift's, its runs'
// details, its members' people, its notes' replies.
func (v *view) families() ([]Family, error) {
	shifts, err := v.shifts()
	if err != nil {
		return nil, err
	}
	slices.SortFunc(shifts, func(a, b archive.ShiftDoc) int {
		return cmp.Or(strings.Compare(a.TeamID, b.TeamID), strings.Compare(a.ChannelID, b.ChannelID))
	})
	byShift := map[string]map[string][]bson.Raw{"logs": group(maps.Values(v.shelf["logs"]), ofShift)}
	for _, c := range shiftColls {
		byShift[c] = group(slices.Values(v.colls[c]), ofShift)
	}
	byRun := map[string]map[string][]bson.Raw{}
	for _, c := range detailColls {
		byRun[c] = group(maps.Values(v.shelf[c]), func(d bson.Raw) string { return str(d, "team_id") + "/" + str(d, "run_id") })
	}
	ids := map[string]map[string][]bson.Raw{}
	for _, c := range []string{"shifts", "counters", "conversations", "people"} {
		ids[c] = group(slices.Values(v.colls[c]), field("_id"))
	}
	out := make([]Family, 0, len(shifts))
	for _, sd := range shifts {
		team, id := sd.TeamID, sd.ID
		f := Family{Shift: bh.Shift{ID: id, TeamID: team, ChannelID: sd.ChannelID, TZ: sd.TZ, Sample: sd.Sample, SweptRev: sd.SweptRev,
			CreatedAt: sd.CreatedAt.UTC(), UpdatedAt: sd.UpdatedAt.UTC()}, Collections: map[string][]bson.Raw{}}
		put := func(coll string, docs []bson.Raw) {
			if len(docs) > 0 {
				docs = slices.Clone(docs)
				byID(docs)
				f.Collections[coll] = append(f.Collections[coll], docs...)
			}
		}
		ofTeam := func(docs []bson.Raw) []bson.Raw {
			return slices.DeleteFunc(slices.Clone(docs), func(d bson.Raw) bool { return str(d, "team_id") != team })
		}
		put("shifts", ofTeam(ids["shifts"][id]))
		for c, docs := range byShift {
			put(c, docs[team+"/"+id])
		}
		put("counters", ids["counters"]["runs:"+team+":"+id])
		if st, ok := v.shelf["shift_state"][team+"/"+id]; ok {
			put("shift_state", []bson.Raw{st})
		}
		// The conversation that founded it, once its person left, goes as
		// feeding no family: an import must not map it back.
		for _, c := range ids["conversations"][team+"/"+sd.ChannelID] {
			if bh.IsFamilyKey(sd.ChannelID) || bh.IsSampleChannel(sd.ChannelID) || str(c, "shift_id") == id {
				continue
			}
			var row archive.ConvDoc
			raw, err := c, bson.Unmarshal(c, &row)
			if err == nil {
				row.ShiftID = ""
				raw, err = bson.Marshal(row)
			}
			if err != nil {
				return nil, fmt.Errorf("family %s: %w", id, err)
			}
			f.Collections["conversations"] = append(f.Collections["conversations"], raw)
		}
		for _, c := range detailColls {
			var docs []bson.Raw
			for _, run := range f.Collections["runs"] {
				docs = append(docs, byRun[c][team+"/"+str(run, "_id")]...)
			}
			put(c, docs)
		}
		var people []bson.Raw
		for _, m := range f.Collections["members"] {
			people = append(people, ofTeam(ids["people"][team+"/"+str(m, "user_id")])...)
		}
		put("people", people)
		var replies []bson.Raw
		for _, n := range f.Collections["logs"] {
			if r, ok := v.shelf["replies"][str(n, "_id")]; ok && str(r, "team_id") == team {
				replies = append(replies, r)
			}
		}
		put("replies", replies)
		out = append(out, f)
	}
	return out, nil
}
