package normalize

// This file: notes that say a supply was bought ("got diapers").

import "regexp"

// restockRe finds a supply said to be bought or restocked, in the past
// tense: "restock wipes" is a task, "restocked wipes" is done.
var (
	restockLeadRe = regexp.MustCompile(`^(?:(?:just|finally|we|i|partner|grandma)\s+)?(?:got|bought|picked up|restocked|re-stocked|grabbed|stocked up on|refilled|replenished|have new|got more)\s+(.+)$`)
	restockTailRe = regexp.MustCompile(`^(.+?)\s+(?:restocked|bought|picked up|replenished|refilled|got)$`)
	// Not a purchase: "got to buy diapers", "got no wipes".
	restockNotRe = regexp.MustCompile(`^(?:to|no|none|out|low|nothing|sick|home)\b`)
)

// readRestock lists the known supplies clause by clause that s says were
// bought or restocked.
func readRestock(clauses []clause) []string {
	var out []string
	for _, cl := range clauses {
		c := cl.text
		var what string
		if m := restockLeadRe.FindStringSubmatch(c); m != nil && !restockNotRe.MatchString(m[1]) {
			what = m[1]
		} else if m := restockTailRe.FindStringSubmatch(c); m != nil {
			what = m[1]
		}
		if what == "" {
			continue
		}
		for _, it := range lexiconItems(what) {
			dup := false
			for _, x := range out {
				dup = dup || x == it
			}
			if !dup {
				out = append(out, it)
			}
		}
	}
	return out
}
