package normalize

// This file: a note's title as the item it names, without the note's own
// words for when.

import (
	"strings"
	"time"
	"unicode"
)

// Version names the rules that read a note. It changes when a stored
// reading of the same note would come out differently (version 2: titles
// leave out the note's words for when), so a radar state computed under
// older rules is computed again, and the bot's first start under new rules
// reads every stored note again (bh.Reading.Version): a change of what
// notes read as that keeps the number leaves stored readings stale.
// Version 3: the health reader of 2026-11-28 (clauses read by their halves).
// Version 4: the health reader of 2026-11-28's third round: families of
// signs (families.go), a feed's troubles, a parent's low mood as it is
// said, supplements given, no wee said another way, a seat dropped with
// the baby in it; figures of speech, medicines kept in order and more
// kinds of someone else set aside.
// Version 5: the learned model rescues a note the rules miss
// (healthmodel.go).
// Version 6: a plain note is past a week after it was written
// (bh.ContextWindow), so stored readings get their LiveUntil.
// Version 7: the learned rescue retrained with the fourteenth to
// eighteenth sets of notes in its corpora.
// Version 8: a learned veto sets weak readings aside (healthveto.go);
// the rescue reads more, and more notes are read as someone else's.
// Version 9: other voices are brought to the rules' words first
// (healthspelling.go), the rescue retrained with the nineteenth to
// twenty-third sets, and the veto sets aside a little more.
// Version 10: chores written as statements are tasks (chore.go: "baby's
// nails need trimming", "trash goes out tonight", "bottle brush broke, get
// a new one"), and a supply's items end before an errand after it ("out
// of formula, grab some").
// Version 11: work said as done is a log, not a task (logged.go: "laundry
// done", "did the dishes finally", "call pediatrician ✅", "paid the
// daycare bill yesterday").
// Version 12: a pet heard or doing something to the baby is not the one a
// note is about, a thing is not in a body's state, a thing that gives one
// a headache is a figure of speech, a note that ends by saying all is well
// is a log, a voice that drops its g's is read with them, the rescue reads
// a note of neither topic when the model is surest, and the model is
// retrained with the twenty-fourth to thirty-first sets.
// Version 13: a red flag played down is still read ("no wet nappy since
// 6am, all good", "refusing feeds all day, no bother"): the routine log's
// grave words grew.
// Version 14: the model retrained with the thirty-second to thirty-ninth
// sets; something round the neck, a low oxygen reading or a baby who does
// not stir is never vetoed, a feed's rhythm is not rescued, someone named
// by where they are met or by the writer's work, or who will not come or
// babysit, is someone else, a sign's word naming a device is no sign, and
// a wish to run away, no pleasure in anything and a temperature said
// aloud are read, and a note about the partner is rescued as a care note
// is.
// Version 15: the model retrained with the fortieth to forty-ninth sets; a
// parent's mood told without a word for it (crying where no one sees, "a
// bad mom", a room not left, no bond felt), health words of Spanish and
// Tagalog in a note about the baby or the body (healthlang.go) and a
// feed's volume said short are read; more people outside the family by
// their work or where they live, things that cough, chores one chokes on
// and a note that ends "as usual" (unless it denies something) are not a
// health note.
// Version 16: the model retrained with the fiftieth to fifty-eighth sets;
// a wrong medicine by any of its names is a dose gone wrong, a colour's
// shade or a nappy passed on is no topic the model rescues on; a
// supplement's dose logged by its time or said done, feeds slept through,
// sleep far past the usual, a temperature said "dead on" or "rectal",
// "sicked up", nothing kept down, a weak suck, fast breaths, a body gone
// slack, wet nappies counted against the usual, and the parent's mood said
// inside a longer note or told back by the partner are read; things that
// haemorrhage or run a fever, idioms, people met on the writer's shift or
// at church, a farm's animals, a roll from tummy to back and a log that
// ends "on track" are not the family's health.
// Version 17: a health word or someone outside the family mistyped by one
// slip of the thumb is read as the word meant; a note of neither topic is
// rescued at p > 0.98; a pet that bit or scratched the baby said the
// other way round, what it took to wake the baby said short and a stool
// like chalk or a pet's are read, and French health words mixed into
// English as the Spanish and Tagalog ones are; a fever for a passion is a
// figure, and a friend the note is written to ("..., bestie") is not its
// subject.
// Version 18: a review's mends of round nine: cow's milk is a food, a log
// "not on track" is no routine, a sign after a vehicle is the person's
// between them, a roll ends on back, front, side or tummy to be a
// milestone, the night's feeds slept through are glad news, a dose is read
// by its time in one sentence, and stain remover, a ball thrown up and a
// low-key day are not health.
// Version 19: the model retrained with the seventy-third to eighty-sixth
// sets; a strong sign that is not grave is set aside when the model is all
// but certain the note is everyday (p < 0.005), and a mark with its
// harmless cause or a wee not yet done on the potty is never rescued; a
// supply kept "just to have" or a dose chart is an errand, and someone
// named by where they are met ("guy at the shop") is someone else.
// Version 20: no model's certainty sets an emergency's red flag aside, nor
// a clause that is a strong sign on its own; someone met by place does not
// hide the baby's sign.
// Version 21: Hindi and Urdu health words in Latin letters (Hinglish,
// Roman Urdu) are read as the Spanish, Tagalog and French ones are, with
// their denials ("bukhar nahi hai"), falls, errands and dose times; a
// grandparent, an in-law, a neighbour or a pet named in Hindi is someone
// else.
// Version 22: the model retrained with the eighty-seventh to
// hundred-and-third sets, reading pairs of words one apart and trained at
// a larger rate; saline put in a nose is never rescued; the model reads
// other languages' health words in English before it sets a reading aside;
// a fit said where or when it happened ("had a fit in the car", "at
// nursery", "during her nap"), going on ("having a fit right now") or
// without its verb ("fitting again") is a fit; a request to fetch a medicine, and nothing
// else ("could you get me some calpol"), is an errand, not a question
// about it; Hindi "not breathing", a fit going on, "it was fine".
// Version 23: the model retrained with the hundred-and-fourth to
// hundred-and-twenty-fifth sets at rate 3; a note of ten words or more is
// rescued at lower thresholds; a strong sign is set aside only when the
// model reads it under 0.01 (was 0.005); heavy furniture pulled onto a
// child is grave and the baby looking blue or grey a red flag; teething is
// teething, a dummy named without a topic the day's care, a usual
// temperature or a score the rules' to read; a pill organiser is a supply.
// Version 24: a review's mends of 23: a strong sign is set aside under
// 0.005 again; a mouth that bleeds or has ulcers in a teething note is
// read (a mouth with a sign of its own is not teething's), and so is a part of
// the body named with whose it is in a thing's words ("her mouth is
// bleeding"); a dummy is set aside only in a note of one clause; the
// baby's whole colour ("baby is blue", "shes grey") is a sign and a red
// flag ("hes gone blue", "babys looking blue"; not of clothes, a toy,
// hair, a team or a gender reveal); "he hit his head and was sick" is not
// slang; a sign said of "she" or "he" before anyone else is named is the
// baby's ("she's breathing fast, plumber coming at 10").
// Version 25: a mouth's own sign is read without a body word before it
// ("mouth ulcers", "foaming at the mouth"), a heavy thing named before it
// fell on the baby is an injury ("bookcase fell on him"), pills a child
// took from where they are kept are swallowed ("she took pills from my
// pill organiser"), "baby boy is blue" is the baby's colour, and "its a
// boy" a gender reveal.
// Version 26: the model retrained with the hundred-and-twenty-sixth to
// hundred-and-fifty-third sets; the rescue lowered for a note of feeds,
// waking or nappies (0.9), of someone else (0.95) and a long note of no
// topic (0.9); a change told
// against the usual ("normally he kicks", "60% of normal") is no calm log;
// a thing of the day's care broken or cracked, someone feeling nothing but
// glad and the writer's own sleep counted in hours are not rescued; pain
// relief as other countries sell it (panadol, tempra, ...) is a medicine
// and the baby fallen out of a seat, a bed or a changing table said
// without "of" ("fell out the bouncer") a fall and a grave sign. And,
// from the first sets of a new writers' brief (the hundred-and-eighty-
// eighth to hundred-and-ninety-second, pending: the model is not trained
// on them yet): a sign said with a word dropped ("she not peed since morning"), a
// breathing pause timed in seconds, the first wee in five hours or more,
// a weight below the one before however said, "normal?" without its verb,
// sleep that fills a day, a stool all water, a reading under 36.5 °C
// beside cold, a seat tipped with the baby in it however said, an
// emergency room named by its hospital and help asked for are read; a
// warmth a normal reading answers beside its cause, a medicine's strength,
// a kit sorted through, someone of the same building or work and figures
// of blood and fever are not.
const Version = 26

// itemTitle is the title of a note whose time phrases normalize
// understood, built from the item rather than from the note's words for
// when: "daycare form due tomorrow 5pm" is "daycare form", since every
// surface writes the due time itself ("due Tue 5 PM"), and "tomorrow" read
// the next day would be false. With understood set (the note has a due
// time or a fixed time) every time phrase goes; otherwise only those that
// count from when the note was written ("tonight", "in 3 hours", "friday"),
// so "bottle at 11pm" keeps its time. A title left with nothing is the
// note's words as they were.
func itemTitle(title string, now time.Time, commit, understood bool) string {
	words := strings.Fields(title)
	if len(words) == 0 {
		return title
	}
	// The words as the time rules read them, one space apart, so a
	// phrase's bytes map back to the words the person wrote.
	var b strings.Builder
	starts := make([]int, len(words))
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		starts[i] = b.Len()
		b.WriteString(strings.ReplaceAll(prepareText(w), " ", "_"))
	}
	s := mask(b.String(), masked)
	drop := make([]bool, len(words))
	any := false
	for _, m := range findMoments(s, now, commit) {
		if !understood && !relativePhrase(s[m.left:m.right]) {
			continue
		}
		first := -1
		for i := range words {
			end := len(s)
			if i+1 < len(words) {
				end = starts[i+1] - 1
			}
			if starts[i] < m.right && end > m.left {
				drop[i], any = true, true
				if first < 0 {
					first = i
				}
			}
		}
		// The words that led to the time go with it: "due", "by", "at".
		for i := first - 1; i >= 0 && !drop[i] && leadWord(words[i]); i-- {
			drop[i] = true
		}
	}
	if !any {
		return title
	}
	var out []string
	for i, w := range words {
		if !drop[i] {
			out = append(out, w)
			continue
		}
		// Keep what closed the clause: "form due fri, then call" → "form, then call".
		if tail := strings.TrimRightFunc(w, isClosing); len(tail) < len(w) && len(out) > 0 {
			out[len(out)-1] += w[len(tail):]
		}
	}
	t := strings.TrimRightFunc(strings.Join(out, " "), func(r rune) bool {
		return r == ':' || r == '-' || r == '—' || r == '–' || r == ',' || unicode.IsSpace(r)
	})
	t = strings.TrimLeftFunc(t, func(r rune) bool { return r == ':' || r == '-' || r == ',' || unicode.IsSpace(r) })
	if !hasLetter(t) {
		return title
	}
	return t
}

func isClosing(r rune) bool {
	return r == ',' || r == '.' || r == ';' || r == '!' || r == '?' || r == ')'
}

func hasLetter(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// leadWords lead a time phrase and mean nothing without it.
var leadWords = map[string]bool{
	"due": true, "by": true, "before": true, "until": true, "till": true, "til": true, "on": true, "at": true,
	"for": true, "from": true, "since": true, "was": true, "were": true, "are": true, "be": true, "starting": true, "around": true, "about": true, "~": true, "@": true, "is": true,
	"deadline": true, "deadline:": true, "due:": true, "latest": true, "no": true, "later": true, "than": true,
	"expires": true, "expire": true, "expiring": true, "within": true, "-": true, "—": true, "–": true,
}

func leadWord(w string) bool {
	w = strings.ToLower(strings.TrimRightFunc(w, isClosing))
	return leadWords[w]
}

// relativeWords make a time phrase count from when it was written.
var relativeWords = map[string]bool{
	"today": true, "tonight": true, "tomorrow": true, "yesterday": true, "this": true, "next": true, "last": true,
	"ago": true, "in": true, "weekend": true, "week": true, "eod": true, "eow": true, "cob": true, "eob": true, "end": true,
	"morning": true, "afternoon": true, "evening": true, "night": true, "now": true,
	"monday": true, "tuesday": true, "wednesday": true, "thursday": true, "friday": true, "saturday": true, "sunday": true,
	"mon": true, "tue": true, "tues": true, "wed": true, "thu": true, "thur": true, "thurs": true, "fri": true, "sat": true, "sun": true,
}

// relativePhrase reports whether a time phrase (as prepared) names a day
// by its distance from when the note was written.
func relativePhrase(p string) bool {
	for _, w := range strings.FieldsFunc(p, func(r rune) bool { return r == ' ' || r == '_' || r == ',' || r == '.' }) {
		if relativeWords[w] {
			return true
		}
	}
	return false
}
