package normalize

// This file: a cheap check before a slow regexp. Most notes hold none of
// the words a health pattern is built on; looking for those words is far
// cheaper than running the pattern.

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
)

// guardedRe is a regexp with the literals one of which every match of it
// contains (needs): a text holding none of them cannot match, and the
// regexp is not run on it. needs is nil when no such set was found; the
// regexp then always runs.
//
// A pattern too large for the regexp package's middle size of matcher is
// also kept as its top-level alternatives (parts), which MatchString runs
// one by one: a text matches the whole exactly when it matches one of
// them. The package sizes a large pattern's matcher for 16,384
// instructions (about 650 KB) and keeps it only until the next garbage
// collection, so under a memory limit nearly every note paid for a new
// one; the parts' matchers are eight times smaller, and a part whose
// words are not in the text is not run at all.
//
// Such a pattern is compiled whole only when something other than
// MatchString asks for it (whole): matched through its parts alone, it
// keeps no copy of itself on the heap.
//
// The regexp is a named field, not embedded: every method the package
// calls is one of those below, each with the check and the pattern
// compiled whole when it was kept in parts, so none can skip either.
type guardedRe struct {
	re    *regexp.Regexp
	expr  string
	once  sync.Once
	needs []string
	parts []*guardedRe
}

// whole is the pattern compiled whole.
func (g *guardedRe) whole() *regexp.Regexp {
	g.once.Do(func() {
		if g.re == nil {
			g.re = regexp.MustCompile(g.expr)
		}
	})
	return g.re
}

// maxProg is the largest program the regexp package matches with its
// middle size of matcher (2,048 instructions): a guarded pattern larger
// than that is matched through its parts.
const maxProg = 2048

// guard compiles expr and derives its needed literals from its syntax.
func guard(expr string) *guardedRe {
	g := &guardedRe{expr: expr}
	tree, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		g.re = regexp.MustCompile(expr)
		return g
	}
	g.needs = required(tree.Simplify())
	if tree.Op == syntax.OpAlternate && progSize(tree) > maxProg {
		regexp.MustCompile(expr) // a bad pattern fails at start, as any other
		for _, sub := range tree.Sub {
			g.parts = append(g.parts, guard(sub.String()))
		}
		return g
	}
	g.re = regexp.MustCompile(expr)
	return g
}

// progSize is how many instructions tree compiles to.
func progSize(tree *syntax.Regexp) int {
	p, err := syntax.Compile(tree.Simplify())
	if err != nil {
		return 0
	}
	return len(p.Inst)
}

// may: t holds one of the needed literals, so a match is possible.
func (g *guardedRe) may(t string) bool {
	if g.needs == nil {
		return true
	}
	for _, n := range g.needs {
		if strings.Contains(t, n) {
			return true
		}
	}
	return false
}

func (g *guardedRe) MatchString(t string) bool {
	if !g.may(t) {
		return false
	}
	if g.parts == nil {
		return g.whole().MatchString(t)
	}
	for _, p := range g.parts {
		if p.MatchString(t) {
			return true
		}
	}
	return false
}

func (g *guardedRe) ReplaceAllStringFunc(t string, f func(string) string) string {
	if !g.may(t) {
		return t
	}
	return g.whole().ReplaceAllStringFunc(t, f)
}

func (g *guardedRe) FindAllString(t string, n int) []string {
	if !g.may(t) {
		return nil
	}
	return g.whole().FindAllString(t, n)
}

func (g *guardedRe) FindAllStringSubmatch(t string, n int) [][]string {
	if !g.may(t) {
		return nil
	}
	return g.whole().FindAllStringSubmatch(t, n)
}

func (g *guardedRe) FindAllStringSubmatchIndex(t string, n int) [][]int {
	if !g.may(t) {
		return nil
	}
	return g.whole().FindAllStringSubmatchIndex(t, n)
}

func (g *guardedRe) FindStringSubmatch(t string) []string {
	if !g.may(t) {
		return nil
	}
	return g.whole().FindStringSubmatch(t)
}

func (g *guardedRe) FindString(t string) string {
	if !g.may(t) {
		return ""
	}
	return g.whole().FindString(t)
}

func (g *guardedRe) FindStringIndex(t string) []int {
	if !g.may(t) {
		return nil
	}
	return g.whole().FindStringIndex(t)
}

func (g *guardedRe) FindAllStringIndex(t string, n int) [][]int {
	if !g.may(t) {
		return nil
	}
	return g.whole().FindAllStringIndex(t, n)
}

func (g *guardedRe) ReplaceAllString(t, repl string) string {
	if !g.may(t) {
		return t
	}
	return g.whole().ReplaceAllString(t, repl)
}

func (g *guardedRe) String() string { return g.expr }

// required is a set of literals one of which every match of re contains,
// or nil when none is known. A literal is itself; an alternation needs
// one of its branches' sets (unknown if any branch's is); a repeat of at
// least once needs what its body needs. A concatenation contains every
// part's match, so any part's set will do, and so does a run of parts
// whose matches are all known (exact): "ha(?:snt|vent)" needs "hasnt" or
// "havent". The set whose shortest literal is longest filters best.
// Anything else (classes, optional and empty-width parts, case folding)
// is unknown. The set is sorted, each literal once: branches of an
// alternation often need the same word.
func required(re *syntax.Regexp) []string {
	set := requiredIn(re)
	slices.Sort(set)
	return slices.Compact(set)
}

// requiredIn is required's set, unsorted and with any repeats.
func requiredIn(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 || len(re.Rune) == 0 {
			return nil
		}
		return []string{string(re.Rune)}
	case syntax.OpCapture:
		return requiredIn(re.Sub[0])
	case syntax.OpPlus:
		return requiredIn(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min < 1 {
			return nil
		}
		return requiredIn(re.Sub[0])
	case syntax.OpAlternate:
		var out []string
		for _, sub := range re.Sub {
			s := requiredIn(sub)
			if s == nil {
				return nil
			}
			out = append(out, s...)
		}
		return out
	case syntax.OpConcat:
		var best, run []string
		consider := func(s []string) {
			if s != nil && !slices.Contains(s, "") && better(s, best) {
				best = s
			}
		}
		for _, sub := range re.Sub {
			consider(requiredIn(sub))
			e, ok := exact(sub)
			switch {
			case !ok:
				consider(run)
				run = nil
			case run == nil:
				run = e
			default:
				if joined, ok := cross(run, e); ok {
					run = joined
				} else {
					consider(run)
					run = e
				}
			}
		}
		consider(run)
		return best
	}
	return nil
}

// maxExact bounds the sets exact builds.
const maxExact = 64

// exact is every string re can match, when they are few: literals,
// alternations and concatenations of them, optional parts, and
// empty-width assertions (which match ""). ok is false otherwise.
func exact(re *syntax.Regexp) (set []string, ok bool) {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return nil, false
		}
		return []string{string(re.Rune)}, true
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return []string{""}, true
	case syntax.OpCapture:
		return exact(re.Sub[0])
	case syntax.OpQuest:
		s, ok := exact(re.Sub[0])
		if !ok || len(s) >= maxExact {
			return nil, false
		}
		return append(slices.Clone(s), ""), true
	case syntax.OpAlternate:
		var out []string
		for _, sub := range re.Sub {
			s, ok := exact(sub)
			if !ok || len(out)+len(s) > maxExact {
				return nil, false
			}
			out = append(out, s...)
		}
		return out, true
	case syntax.OpConcat:
		out := []string{""}
		for _, sub := range re.Sub {
			s, ok := exact(sub)
			if !ok {
				return nil, false
			}
			if out, ok = cross(out, s); !ok {
				return nil, false
			}
		}
		return out, true
	}
	return nil, false
}

// cross is every string of a followed by one of b, if there are not too
// many.
func cross(a, b []string) ([]string, bool) {
	if len(a)*len(b) > maxExact {
		return nil, false
	}
	out := make([]string, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			out = append(out, x+y)
		}
	}
	return out, true
}

// better: set a filters better than set b: its shortest literal is
// longer, or as long with fewer literals.
func better(a, b []string) bool {
	if b == nil {
		return true
	}
	if ma, mb := shortest(a), shortest(b); ma != mb {
		return ma > mb
	}
	return len(a) < len(b)
}

func shortest(set []string) int {
	m := len(set[0])
	for _, s := range set[1:] {
		m = min(m, len(s))
	}
	return m
}
