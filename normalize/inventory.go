package normalize

// This file: supplies running low: which items, how long they last.

import (
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode/utf8"
)

type invReading struct {
	found   bool
	items   []string
	horizon time.Duration
	hasHor  bool
	out     bool
}

func (v *invReading) addHorizon(d time.Duration) {
	if !v.hasHor || d < v.horizon {
		v.horizon, v.hasHor = d, true
	}
}

func (v *invReading) addItems(items ...string) {
	for _, it := range items {
		if it == "" {
			continue
		}
		dup := false
		for _, x := range v.items {
			if x == it {
				dup = true
				break
			}
		}
		if !dup {
			v.items = append(v.items, it)
		}
	}
}

const numH = `(\d{1,3}(?:\.\d+)?|an?|one|two|three|four|five|six|seven|half an?|half a|half)`

var (
	invLessRe  = regexp.MustCompile(`(?:<=?|less than|under)\s*` + numH + `\s*(d|days?|h|hrs?|hours?|w|wks?|weeks?)\b`)
	invLeftRe  = regexp.MustCompile(`\b(?:only\s+|just\s+|maybe\s+|about\s+)?(\d{1,3}|zero|no|one|two|three|four|five|a couple(?: of)?|a few)\s+([a-z][a-z' -]{0,40}?)\s+left\b`)
	invForRe   = regexp.MustCompile(`(?:\b(?:for|lasts?|enough for|maybe|about|only|just|another)|~)\s*(?:about\s+|maybe\s+|another\s+|only\s+)?` + numH + `\s+(?:more\s+)?(days?|hrs?|hours?|weeks?)\b`)
	invAfterRe = regexp.MustCompile(`\b(running low on|running low of|getting low on|low on|running out of|ran out of|run out of|almost out of|nearly out of|basically out of|all out of|out of|need more|needs more|need new|need extra|no more|none left of|last (?:pack|box|bag|tub|can|tube|bottle|container|roll|case|jar|sleeve|carton|package|packet|pouch)s? of)\s+`)
	invBefRe   = regexp.MustCompile(`\s(?:is\s+|are\s+|r\s+)?(almost out|nearly out|almost gone|nearly gone|almost empty|nearly empty|almost finished|basically gone|practically gone|running low|getting low|running out|all gone|used up|low|out|gone|empty|finished)\b`)
	invLastRe  = regexp.MustCompile(`\blast (?:pack|box|bag|tub|can|tube|bottle|container|roll|case|jar|sleeve|carton|package|packet|pouch|one|diaper|wipe)s?\b`)
)

// containerWords are how supplies are counted ("1 can left").
var containerWords = map[string]bool{
	"can": true, "cans": true, "pack": true, "packs": true, "box": true, "boxes": true, "bag": true,
	"bags": true, "tub": true, "tubs": true, "jar": true, "jars": true, "tube": true, "tubes": true,
	"roll": true, "rolls": true, "case": true, "cases": true, "scoop": true, "scoops": true,
	"pouch": true, "pouches": false, "container": true, "containers": true, "sleeve": true,
	"sleeves": true, "carton": true, "cartons": true, "package": true, "packages": true,
}

var unitWords = map[string]time.Duration{
	"d": oneDay, "day": oneDay, "days": oneDay, "h": time.Hour, "hr": time.Hour, "hrs": time.Hour,
	"hour": time.Hour, "hours": time.Hour, "w": 7 * oneDay, "wk": 7 * oneDay, "wks": 7 * oneDay,
	"week": 7 * oneDay, "weeks": 7 * oneDay,
}

var outOfStop = map[string]bool{
	"house": true, "office": true, "town": true, "it": true, "breath": true, "time": true,
	"energy": true, "patience": true, "steam": true, "sorts": true, "hand": true, "control": true,
	"here": true, "there": true, "bed": true, "mind": true, "ideas": true, "options": true,
	"luck": true, "way": true, "work": true, "sync": true, "order": true, "reach": true,
	"nowhere": true, "school": true, "hospital": true, "car": true, "shower": true, "room": true,
	"country": true, "state": true, "character": true, "touch": true, "line": true, "pocket": true,
	"shape": true, "place": true, "focus": true, "sleep": true, "help": true, "rest": true,
	"hands": true, "support": true, "info": true, "information": true, "details": true,
	"practice": true, "space": true, "crying": true, "naps": true, "than": true, "money": true,
	"spoons": false, "my": false, "juice": false, "questions": true, "excuses": true, "me": true,
	"you": true, "us": true, "them": true, "her": true, "him": true, "bounds": true,
}

// beforeStop are words right before "out"/"low"/"gone" that are not a
// supply ("wiped out", "feeling low").
var beforeStop = map[string]bool{
	"wiped": true, "passed": true, "freaked": true, "stressed": true, "worn": true, "burnt": true,
	"burned": true, "tapped": true, "zonked": true, "checked": true, "figured": true, "found": true,
	"went": true, "go": true, "going": true, "goes": true, "way": true, "hang": true, "chill": true,
	"zoned": true, "spaced": true, "knocked": true, "conked": true, "sold": true, "print": true,
	"printed": true, "i": true, "i'm": true, "im": true, "we": true, "we're": true, "feeling": true,
	"feel": true, "energy": true, "mood": true, "is": true, "are": true, "was": true, "were": true,
	"it": true, "it's": true, "that": true, "this": true, "all": true, "be": true, "been": true,
	"get": true, "got": true, "getting": true, "head": true, "lights": true, "light": true,
	"she": true, "he": true, "they": true, "baby": true, "me": true, "pretty": true, "so": true,
	"very": true, "super": true, "bit": true, "little": true, "kinda": true, "battery": true,
	"phone": true, "sugar": true, "blood": true, "iron": true, "supply": false, "and": true,
	"laid": true, "cried": true, "crying": true, "eaten": true, "ate": true, "done": true,
	"figure": true, "work": true, "working": true, "came": true, "come": true, "coming": true,
	"sleep": true, "tired": true,
	// A chore, not a supply: "took the recycling out", "fridge needs
	// cleaning out", "fridge cleaned out", "washing done and hung out".
	"trash": true, "garbage": true, "rubbish": true, "bins": true, "bin": true, "recycling": true,
	"compost": true, "cleaning": true, "clean": true, "cleaned": true, "clearing": true, "clear": true,
	"cleared": true, "sorting": true, "sort": true, "sorted": true, "emptied": true, "took": true,
	"take": true, "taking": true, "taken": true, "put": true, "putting": true, "hung": true,
	"threw": true, "throw": true, "throwing": true, "thrown": true,
}

var itemStop = map[string]bool{
	"the": true, "a": true, "an": true, "some": true, "more": true, "our": true, "my": true,
	"any": true, "of": true, "on": true, "extra": true, "new": true, "few": true, "couple": true,
	"and": true, "also": true, "ugh": true, "fyi": true, "btw": true, "so": true, "but": true,
	"oh": true, "ok": true, "okay": true, "just": true, "only": true, "almost": true,
	"nearly": true, "basically": true, "pretty": true, "much": true, "we": true, "we're": true,
	"were": true, "are": true, "is": true, "r": true, "i": true, "i'm": true, "im": true,
	"getting": true, "running": true, "got": true, "have": true, "has": true, "left": true,
	"too": true, "already": true, "now": true, "again": true, "all": true, "out": true,
	"low": true, "very": true, "super": true, "really": true, "totally": true, "heads": true,
	"up": true, "note": true, "it": true, "its": true, "it's": true, "them": true, "those": true,
	"these": true, "that": true, "this": true, "need": true, "needs": true, "buy": true,
	"get": true, "to": true, "with": true, "about": true, "maybe": true, "like": true,
	"less": true, "than": true, "under": true, "<": true, "~": true, "be": true, "will": true,
	"soon": true, "asap": true, "today": true, "tomorrow": true, "tonight": true, "stock": true,
	"supply": true, "supplies": true, "pack": true, "packs": true, "box": true, "boxes": true,
	"bag": true, "bags": false, "tub": true, "case": true, "left:": true, "please": true,
	"pls": true, "day": true, "days": true, "week": true, "weeks": true, "hours": true,
}

// itemCut ends an item phrase that follows its cue, and before an errand
// after it ("out of formula, grab some").
var itemCut = regexp.MustCompile(`\s(?:for|by|until|till|before|today|tomorrow|tonight|soon|asap|now|again|so|but|need|needs|buy|get|grab|order|reorder|pick up|pls|please|can you|at|in|which|that|too|already|left|since|because|and then|then|this|next|before|after|if|when|<)\b|\s[-(:<~]|[(:<~]|,\s*(?:can|could|would|someone|somebody|pls|please|i|we|u|you)\b`)

// itemSplit separates listed items.
var itemSplit = regexp.MustCompile(`\s+and\s+|\s*[,+&/]\s*|\s+or\s+|\s+n\s+`)

// lexicon maps supply names (longest first) to how they are listed;
// "" blocks a phrase that is not a supply ("diaper rash").
var lexicon = []struct{ surface, canon string }{
	{"diaper rash cream", "diaper rash cream"}, {"diaper pail liners", "diaper pail liners"},
	{"milk storage bags", "milk storage bags"}, {"breast milk bags", "breast milk bags"},
	{"laundry detergent", "laundry detergent"}, {"vitamin d drops", "vitamin d drops"},
	{"hand sanitizer", "hand sanitizer"}, {"bottle-feeding", ""}, {"formula-feeding", ""},
	{"diaper changes", ""}, {"diaper change", ""}, {"bottle feeding", ""}, {"formula feeding", ""},
	{"diaper cream", "diaper cream"}, {"nipple cream", "nipple cream"}, {"nursing pads", "nursing pads"},
	{"breast pads", "breast pads"}, {"bottle liners", "bottle liners"}, {"baby food", "baby food"},
	{"baby wash", "baby wash"}, {"baby shampoo", "baby shampoo"}, {"baby lotion", "baby lotion"},
	{"dish soap", "dish soap"}, {"paper towels", "paper towels"}, {"toilet paper", "toilet paper"},
	{"trash bags", "trash bags"}, {"gas drops", "gas drops"}, {"saline drops", "saline drops"},
	{"burp cloths", "burp cloths"}, {"swim diapers", "swim diapers"}, {"milk bags", "milk bags"},
	{"rash cream", "rash cream"}, {"diaper rash", ""}, {"wipe down", ""}, {"wipe-down", ""}, {"diaper bag", ""}, {"diaper pail", ""}, {"nappy bins", ""}, {"nappy bin", ""}, {"wet diapers", ""},
	{"wet diaper", ""}, {"dirty diapers", ""}, {"dirty diaper", ""}, {"diaper duty", ""},
	{"formula fed", ""}, {"bottle fed", ""}, {"pull-ups", "pull-ups"}, {"pullups", "pull-ups"},
	{"diapers", "diapers"}, {"diaper", "diapers"}, {"nappies", "nappies"}, {"nappy", "nappies"},
	{"wipes", "wipes"}, {"wipe", "wipes"}, {"formula", "formula"}, {"bottles", "bottles"},
	{"pacifiers", "pacifiers"}, {"pacifier", "pacifiers"}, {"binkies", "pacifiers"},
	{"onesies", "onesies"}, {"bibs", "bibs"}, {"detergent", "detergent"}, {"breast milk", "breast milk"},
	{"milk", "milk"}, {"coffee", "coffee"}, {"batteries", "batteries"}, {"pads", "pads"},
	{"sunscreen", "sunscreen"}, {"lotion", "lotion"}, {"tissues", "tissues"}, {"puffs", "puffs"},
	{"pouches", "pouches"}, {"cereal", "cereal"},
}

// lexiconFind returns the canonical supply named in p, if any, and
// whether p names a blocked phrase.
func lexiconFind(p string) (string, bool) {
	for _, e := range lexicon {
		if wordIndex(p, e.surface) >= 0 {
			return e.canon, true
		}
	}
	return "", false
}

// lexiconItems lists the known supplies s names, in order.
func lexiconItems(s string) []string {
	type hit struct {
		at, end int
		canon   string
	}
	var hits []hit
	for _, e := range lexicon {
		from := 0
		for from < len(s) {
			i := wordIndex(s[from:], e.surface)
			if i < 0 {
				break
			}
			i += from
			end := i + len(e.surface)
			covered := false
			for _, h := range hits {
				if i < h.end && end > h.at {
					covered = true
					break
				}
			}
			if !covered {
				hits = append(hits, hit{i, end, e.canon})
			}
			from = end
		}
	}
	sort.SliceStable(hits, func(a, b int) bool { return hits[a].at < hits[b].at })
	var out []string
	for _, h := range hits {
		if h.canon == "" {
			continue
		}
		dup := false
		for _, x := range out {
			if x == h.canon {
				dup = true
			}
		}
		if !dup {
			out = append(out, h.canon)
		}
		if len(out) == 8 {
			break
		}
	}
	return out
}

// cleanItem tidies one item phrase; fromEnd keeps its last words (the
// phrase came before its cue), else its first.
func cleanItem(p string, fromEnd bool) string {
	if canon, ok := lexiconFind(p); ok {
		return canon
	}
	var words []string
	for _, w := range strings.Fields(p) {
		w = strings.Trim(w, ".,!?;:()[]{}\"'*_~<>=#")
		if w == "" || strings.ContainsAny(w, "0123456789") {
			continue
		}
		words = append(words, w)
	}
	for len(words) > 0 && itemStop[words[0]] {
		words = words[1:]
	}
	for len(words) > 0 && itemStop[words[len(words)-1]] {
		words = words[:len(words)-1]
	}
	if len(words) == 0 {
		return ""
	}
	if len(words) > 3 {
		if fromEnd {
			words = words[len(words)-3:]
		} else {
			words = words[:3]
		}
	}
	for _, w := range words {
		for _, r := range w {
			if r >= utf8.RuneSelf {
				return "" // only plain words make a supply name
			}
		}
	}
	out := strings.Join(words, " ")
	if len(out) > 40 {
		return ""
	}
	return out
}

func cleanItems(p string, fromEnd bool) []string {
	var out []string
	for _, part := range itemSplit.Split(p, 6) {
		if it := cleanItem(part, fromEnd); it != "" {
			out = append(out, it)
		}
	}
	return out
}

// subjectBefore is the phrase a before-cue refers to: the clause up to
// the cue, from the last separator.
func subjectBefore(c string, end int) string {
	p := c[:end]
	if k := strings.LastIndexAny(p, ":(["); k >= 0 {
		p = p[k+1:]
	}
	for _, sep := range []string{" - ", " but ", " so ", " also ", " which "} {
		if k := strings.LastIndex(p, sep); k >= 0 {
			p = p[k+len(sep):]
		}
	}
	return p
}

func horizonOf(num, unit string) (time.Duration, bool) {
	n := parseNumber(num)
	u, ok := unitWords[unit]
	if !ok || n <= 0 || n > 400 {
		return 0, false
	}
	return time.Duration(n * float64(u)), true
}

// invNeed are the words without which a clause has no running-low phrase.
var invNeed = []string{"<", "less than", "under", "left", "low", "out", "more", "new", "extra", "last", "none", "gone", "empty", "finished", "used up"}

// findAll runs re only when s holds one of need.
func findAll(re *regexp.Regexp, s string, n int, need ...string) [][]int {
	if !hasNeeds(s, need) {
		return nil
	}
	return re.FindAllStringSubmatchIndex(s, n)
}

// readInventory reads running-low phrases clause by clause.
func readInventory(clauses []clause) invReading {
	var v invReading
	for _, cl := range clauses {
		c := cl.text
		if !hasNeeds(c, invNeed) {
			continue
		}
		found := false
		var items []string
		// "wipes < 1 day"
		for _, idx := range findAll(invLessRe, c, 4, "<", "less than", "under") {
			if d, ok := horizonOf(c[idx[2]:idx[3]], c[idx[4]:idx[5]]); ok {
				v.addHorizon(d)
				found = true
				items = append(items, cleanItems(subjectBefore(c, idx[0]), true)...)
			}
		}
		// "2 bottles left", "2 days of formula left", "0 diapers left"
		for _, idx := range findAll(invLeftRe, c, 4, "left") {
			num, what := c[idx[2]:idx[3]], strings.TrimSpace(c[idx[4]:idx[5]])
			first, rest, _ := strings.Cut(what, " ")
			if _, isUnit := unitWords[first]; isUnit {
				d, ok := horizonOf(num, first)
				var its []string
				if after, ok2 := strings.CutPrefix(rest, "of "); ok2 {
					its = cleanItems(after, false)
				} else if canon, ok2 := lexiconFind(subjectBefore(c, idx[0])); ok2 && canon != "" {
					its = []string{canon}
				}
				if ok && len(its) > 0 {
					v.addHorizon(d)
					found = true
					items = append(items, its...)
				}
				continue
			}
			var its []string
			if containerWords[first] {
				// "2 cans of formula left", "formula: 1 can left"
				if after, ok := strings.CutPrefix(rest, "of "); ok {
					its = cleanItems(after, false)
				} else {
					its = lexiconItems(c)
				}
			} else {
				its = cleanItems(what, true)
			}
			if len(its) == 0 || outOfStop[strings.Fields(its[0])[0]] {
				continue
			}
			found = true
			items = append(items, its...)
			if num == "0" || num == "zero" || num == "no" {
				v.out = true
			}
		}
		// "running low on diapers", "out of formula"
		for _, idx := range findAll(invAfterRe, c, 4, "low", "out", "more", "new", "extra", "last", "none") {
			cue := c[idx[2]:idx[3]]
			obj := c[idx[1]:]
			if k := itemCut.FindStringIndex(obj); k != nil {
				obj = obj[:k[0]]
			}
			its := cleanItems(obj, false)
			if len(its) == 0 {
				continue
			}
			first := strings.Fields(its[0])[0]
			_, lex := lexiconFind(obj)
			switch cue {
			case "out of", "running out of", "ran out of", "run out of", "all out of", "need more", "needs more", "need new", "need extra":
				if outOfStop[first] {
					continue
				}
			case "no more":
				if !lex {
					continue
				}
			}
			found = true
			items = append(items, its...)
			switch cue {
			case "out of", "ran out of", "all out of", "no more":
				v.out = true
			}
		}
		// "diaper cream almost out", "wipes low", "formula gone"
		for _, idx := range findAll(invBefRe, c, 6, "out", "low", "gone", "empty", "finished", "used up") {
			cue := c[idx[2]:idx[3]]
			rest := c[idx[3]:]
			if strings.HasPrefix(rest, " on") || strings.HasPrefix(rest, " of") {
				continue // an after-cue, read above
			}
			if cue == "empty" || cue == "finished" {
				// "dishwasher is empty", "finished the form": only supplies.
				if canon, ok := lexiconFind(subjectBefore(c, idx[0])); !ok || canon == "" {
					continue
				}
			}
			switch cue {
			case "low", "out", "gone", "empty", "finished":
				// Only at the end of a phrase: "wipes low", not "low energy".
				r := strings.TrimLeft(rest, " ")
				if r != "" && !strings.HasPrefix(r, ",") && !strings.HasPrefix(r, "-") && !strings.HasPrefix(r, "(") &&
					!strings.HasPrefix(r, "and ") && !strings.HasPrefix(r, "already") && !strings.HasPrefix(r, "soon") &&
					!strings.HasPrefix(r, "too") && !strings.HasPrefix(r, "again") && !strings.HasPrefix(r, "now") {
					continue
				}
			}
			subj := subjectBefore(c, idx[0])
			if beforeStop[prevWord(c, idx[0]+1)] {
				continue
			}
			its := cleanItems(subj, true)
			if len(its) == 0 {
				continue
			}
			found = true
			items = append(items, its...)
			switch cue {
			case "out", "gone", "all gone", "empty", "finished", "used up":
				v.out = true
			}
		}
		if strings.Contains(c, "last ") && invLastRe.MatchString(c) {
			found = true
		}
		if !found && strings.Contains(c, " more ") && invForRe.MatchString(c) && len(lexiconItems(c)) > 0 {
			found = true // "formula for 2 more days"
		}
		if found {
			// "for 2 more days"
			for _, idx := range invForRe.FindAllStringSubmatchIndex(c, 2) {
				if d, ok := horizonOf(c[idx[2]:idx[3]], c[idx[4]:idx[5]]); ok {
					v.addHorizon(d)
				}
			}
			if len(items) == 0 {
				items = lexiconItems(c)
			}
			v.found = true
			v.addItems(items...)
		}
	}
	if len(v.items) > 12 {
		v.items = v.items[:12]
	}
	return v
}
