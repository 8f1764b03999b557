package normalize

// This file: the birthing parent's body read by the shape of the phrase:
// a blood pressure reading too high or too low, a wound that has opened.

import "strconv"

// bpRe is a blood pressure reading: "home bp cuff says 155/100".
var bpRe = guard(`\b(?:bp|b/p|blood pressure)\b[^.;!?\d]{0,25}(\d{2,3})\s*/\s*(\d{2,3})\b`)

// bpConcern: a reading of 140/90 or more, or under 90/60.
func bpConcern(t string) bool {
	for _, m := range bpRe.FindAllStringSubmatch(t, -1) {
		sys, err1 := strconv.Atoi(m[1])
		dia, err2 := strconv.Atoi(m[2])
		if err1 == nil && err2 == nil && (sys >= 140 || dia >= 90 || sys < 90 || dia < 60) {
			return true
		}
	}
	return false
}

// woundOpenRe is a wound, a scar or stitches opening: "scar has opened a
// bit at one end", "stitches came apart".
var woundOpenRe = guard(`\b(?:scar|incision|wound|stitches|stitch|c\s*-?\s*section|csection|c\s*-?\s*sec|perineum|my tear|the tear down there)\b[^.;!?]{0,20}?\b(?:burst|came apart|come apart|coming apart|gaping|open|opened|opening|pulled apart|reopened|split)\b`)

// postpartumRead: one of the readings above.
func postpartumRead(t string) bool {
	return bpConcern(t) || woundOpenRe.MatchString(t)
}
