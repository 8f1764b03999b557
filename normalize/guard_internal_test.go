package normalize

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"regexp/syntax"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// required finds literals every match contains, and none where a match
// may hold none of them.
func TestRequiredLiterals(t *testing.T) {
	for _, tc := range []struct {
		expr string
		want []string
	}{
		{`abc`, []string{"abc"}},
		{`\bfever|\bchills\b`, []string{"chills", "fever"}},
		{`a\d+soft|b\d+soft`, []string{"soft"}},
		{`\bcat\s+doggo\b`, []string{"doggo"}},
		{`(?:ab)?c`, []string{"c"}},
		{`(?:ab)+`, []string{"ab"}},
		{`(?:ab){0,2}c`, []string{"c"}},
		{`[ab]c`, []string{"c"}},
		{`\bpull(?:s|ing)? off\b`, []string{"pull off", "pulling off", "pulls off"}},
		{`\b(?:hasnt|has not)\s+eaten`, []string{"eaten"}},
		{`\b(?:hasnt|has not)\s+ate`, []string{"has not", "hasnt"}},
		{`(?:a|b)(?:c|d)`, nil},
		{`(?:ab)?\d`, nil},
		{`x*`, nil},
		{`(?:ab)?`, nil},
		{`ab|\d`, nil},
		{`\d+`, nil},
		{`(?i)abc`, nil},
	} {
		re, err := syntax.Parse(tc.expr, syntax.Perl)
		require.NoError(t, err)
		assert.Equal(t, tc.want, required(re.Simplify()), tc.expr)
	}
}

// The check before each health pattern never skips a text the pattern
// matches: the notes of the health corpora, as written and as read. Every
// second distinct text: the corpora passed 100,000 texts in round fourteen
// and the whole sweep took over a minute of the package's two; half still
// gives every pattern tens of thousands of texts, its matches among them.
func TestGuardNeverSkipsAMatch(t *testing.T) {
	if RaceDetector {
		t.Skip("one goroutine, minutes under the race detector: the plain test run checks it whole")
	}
	guarded := guardedPatterns()
	// Each distinct text once, each pattern on its own core when one is free.
	all := corpusTexts(t, corpusFiles, asWritten, asPrepared, asPlain, othersPlain)
	require.NotEmpty(t, all)
	var texts []string
	for i, text := range all {
		if i%2 == 0 {
			texts = append(texts, text)
		}
	}
	blind := rulesBlindTexts(t) // read before the parallel subtests
	var matched atomic.Int64
	t.Run("patterns", func(t *testing.T) {
		for name, g := range guarded {
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				for _, text := range texts {
					for _, m := range g.whole().FindAllString(text, -1) {
						matched.Add(1)
						sm, st := m, text
						if blind[text] {
							sm, st = blindShown, blindShown // a failure prints no blind note
						}
						if !assert.True(t, g.may(m), "%s skips its own match %q", name, sm) ||
							!assert.True(t, g.may(text), "%s skips %q", name, st) {
							return
						}
					}
				}
			})
		}
	})
	t.Logf("%d texts, %d matches", len(texts), matched.Load())
	assert.Greater(t, matched.Load(), int64(1000), "the corpora exercise the patterns")
}

// The word checks in front of the structural patterns (structure.go) name
// a word every match holds: no match of a corpus note, nor of the pairs
// the structure tests read, is ever skipped by them.
func TestWordChecksNeverSkipAMatch(t *testing.T) {
	checks := []struct {
		name  string
		words phraseIndex
		re    *guardedRe
	}{
		{"reporterWords/reporterRe", reporterWords, reporterRe},
		{"reporterWords/siblingRe", reporterWords, siblingRe},
		{"roleWords/ownRoleRe", roleWords, ownRoleRe},
		{"partnerWords/partnerMoodRe", partnerWords, partnerMoodRe},
		{"absentWords/absentRe", absentWords, absentRe},
	}
	texts := []string{"night nanny note: he felt warm", "my big sister has a cold", "our son's teacher has flu",
		"her twins are poorly", "husband barely talks since the baby came", "wife feels so useless",
		"no reaction at all", "allergies: none", "grandma says she is off", "the sitter said that he coughed"}
	texts = append(texts, corpusTexts(t, corpusFiles, asPrepared, othersPlain)...)
	matched := 0
	for _, c := range checks {
		for _, text := range texts {
			for _, m := range c.re.FindAllString(text, -1) {
				matched++
				if !c.words.in(m) {
					t.Errorf("%s skips the match %q of %q", c.name, shownPart(t, text, m), shown(t, text))
				}
			}
		}
	}
	assert.Greater(t, matched, 20, "the texts exercise the patterns")
}

// The largest health patterns are matched through parts small enough for
// the regexp package's middle size of matcher, and the parts match
// exactly the texts the whole pattern does.
func TestLargePatternsMatchThroughSmallParts(t *testing.T) {
	if RaceDetector {
		t.Skip("one goroutine over every tuning note, a minute under the race detector: the plain test run checks it whole")
	}
	// The patterns over maxProg instructions (outputColourRe fell under it
	// in round seven).
	large := map[string]*guardedRe{"feedingRe": feedingRe}
	texts := corpusTexts(t, []string{"health-tuning.txt", "everyday-tuning.txt"}, asWritten, asPrepared, asPlain)
	for name, g := range large {
		require.NotNil(t, g.parts, "%s is matched whole: it is no longer over maxProg", name)
		var leaves func(g *guardedRe) []*guardedRe
		leaves = func(g *guardedRe) []*guardedRe {
			if g.parts == nil {
				return []*guardedRe{g}
			}
			var out []*guardedRe
			for _, p := range g.parts {
				out = append(out, leaves(p)...)
			}
			return out
		}
		for _, leaf := range leaves(g) {
			tree, err := syntax.Parse(leaf.String(), syntax.Perl)
			require.NoError(t, err)
			assert.LessOrEqual(t, progSize(tree), maxProg, "%s: a part of %d instructions", name, progSize(tree))
		}
		matched := 0
		for _, text := range texts {
			want := g.whole().MatchString(text)
			if want {
				matched++
			}
			if got := g.MatchString(text); got != want {
				t.Errorf("%s on %q: parts %v, whole %v", name, shown(t, text), got, want)
			}
		}
		assert.Positive(t, matched, "%s: the corpora exercise it", name)
	}
}

// guardedPatterns are the package's guarded patterns by name: every one
// (TestEveryGuardedPatternIsChecked).
func guardedPatterns() map[string]*guardedRe {
	return map[string]*guardedRe{
		"tempRe": tempRe, "bareTempRe": bareTempRe, "mouthSignRe": mouthSignRe, "tookPillsRe": tookPillsRe, "someoneLeftRe": someoneLeftRe, "warmFeltRe": warmFeltRe, "strengthRe": strengthRe, "namedERRe": namedERRe, "weighedThenRe": weighedThenRe, "weighedPoundsRe": weighedPoundsRe, "weightLoseRe": weightLoseRe, "kilosBirthRe": kilosBirthRe, "sleepsTooLongRe": sleepsTooLongRe, "timedPauseRe": timedPauseRe, "givenRe": givenRe, "ownPillsRe": ownPillsRe, "emptySeatRe": emptySeatRe, "birthThenRe": birthThenRe, "babyColourRe": babyColourRe, "tempNumberRe": tempNumberRe, "feelsHotRe": feelsHotRe,
		"droppedRe": droppedRe, "keepWarmRe": keepWarmRe, "productForRe": productForRe, "feedingRe": feedingRe,
		"wetDiaperRe": wetDiaperRe, "vaccineRe": vaccineRe, "padRe": padRe, "harmRe": harmRe,
		"breathingRe": breathingRe, "watchRe": watchRe, "wakeRe": wakeRe, "fallRe": fallRe,
		"feedDropRe": feedDropRe, "apneaRe": apneaRe, "outputColourRe": outputColourRe,
		"closedEyesRe": closedEyesRe, "sleepyRe": sleepyRe, "cryRe": cryRe, "moodRe": moodRe,
		"sneezeRe": sneezeRe, "earRe": earRe, "lessActiveRe": lessActiveRe, "familyHarmRe": familyHarmRe,
		"doseAmountRe": doseAmountRe, "respondRe": respondRe, "thingRe": thingRe, "redColourRe": redColourRe, "redBloodRe": redBloodRe, "redSoftSpotRe": redSoftSpotRe, "placedRe": placedRe, "personState": personState,
		"readingNumber": readingNumber, "normalAsked": normalAsked, "reassureRe": reassureRe,
		"possessiveOther": possessiveOther, "loneI": loneI, "apptRe": apptRe, "slangSickRe": slangSickRe,
		"reporterRe": reporterRe, "siblingRe": siblingRe, "ownRoleRe": ownRoleRe, "ageRe": ageRe,
		"subjectI": subjectI, "messColourRe": messColourRe, "absentRe": absentRe, "exposureRe": exposureRe,
		"hearingRe": hearingRe, "partnerMoodRe": partnerMoodRe, "vomitAllRe": vomitAllRe, "objectInRe": objectInRe,
		"pronounReport": pronounReport, "caughtRe": caughtRe, "saysOf": saysOf,
		"harmBabyRe": harmBabyRe, "impairedRe": impairedRe, "tippedRe": tippedRe, "weightRe": weightRe,
		"fewWetsRe": fewWetsRe, "resolvedRe": resolvedRe, "contactRe": contactRe, "illSubjectRe": illSubjectRe,
		"iStateRe": iStateRe, "lowSaid": lowSaid, "newbornCold": newbornCold, "checkRe": checkRe,
		"productNameRe": productNameRe, "courseRe": courseRe, "dischargeVisitRe": dischargeVisitRe,
		"falseAlarmRe": falseAlarmRe, "heartFigureRe": heartFigureRe, "writerFigureRe": writerFigureRe,
		"petChewRe": petChewRe, "petByRe": petByRe, "thingStateRe": thingStateRe, "giveFigureRe": giveFigureRe, "eyeColourRe": eyeColourRe, "touchRe": touchRe, "healingRe": healingRe,
		"lowBareRe": lowBareRe, "littleFeedRe": littleFeedRe, "weightLossRe": weightLossRe,
		"birthWeightRe": birthWeightRe, "fewWetsCountRe": fewWetsCountRe, "wetStretch": wetStretch,
		"chestSoundRe": chestSoundRe, "colourChangeRe": colourChangeRe, "fitRe": fitRe, "landingRe": landingRe,
		"fallHeightRe": fallHeightRe, "satOnRe": satOnRe, "heavyOnRe": heavyOnRe, "limbItRe": limbItRe,
		"impairedSelfRe": impairedSelfRe, "drinksRe": drinksRe, "dutyRe": dutyRe, "asleepHoldingRe": asleepHoldingRe,
		"sleepHazardRe": sleepHazardRe, "babyDutyRe": babyDutyRe, "writerDutyRe": writerDutyRe, "slumpedRe": slumpedRe, "leftAloneRe": leftAloneRe, "roughRe": roughRe, "petHarmRe": petHarmRe, "coveredRe": coveredRe, "aloneInRe": aloneInRe, "smokeRe": smokeRe,
		"foundOpenRe": foundOpenRe, "honeyRe": honeyRe, "negatedRe": negatedRe, "alcoholDrunkRe": alcoholDrunkRe, "doseSwapRe": doseSwapRe, "doseUnsureRe": doseUnsureRe, "smallMlRe": smallMlRe, "noOutputRe": noOutputRe,
		"delusionRe": delusionRe, "escapeRe": escapeRe, "checkingRe": checkingRe, "sleeplessRe": sleeplessRe,
		"lowRe": lowRe, "bpRe": bpRe, "woundOpenRe": woundOpenRe, "roleSuffixRe": roleSuffixRe,
		"babyEventRe": babyEventRe, "contactObjRe": contactObjRe, "fellOfRe": fellOfRe, "placeTempRe": placeTempRe, "lowWetsRe": lowWetsRe, "shakeThingRe": shakeThingRe,
		"tooHotRe": tooHotRe, "oxygenRe": oxygenRe, "oxygenFallRe": oxygenFallRe, "vaccineEventRe": vaccineEventRe, "noStirRe": noStirRe, "neckRe": neckRe,
		"intakeShortRe": intakeShortRe, "toldMoodRe": toldMoodRe, "hiddenCryRe": hiddenCryRe,
		"againRe": againRe, "askedRe": askedRe, "requestRe": requestRe, "bedRe": bedRe, "callOffRe": callOffRe, "comparedRe": comparedRe,
		"cutSelfRe": cutSelfRe, "deviceRe": deviceRe, "deviceSaysRe": deviceSaysRe, "failureRe": failureRe,
		"feedDownToRe": feedDownToRe, "feedRhythmRe": feedRhythmRe, "feelingRe": feelingRe, "feverFigureRe": feverFigureRe,
		"fewFeedsRe": fewFeedsRe, "functionPainRe": functionPainRe, "goneRe": goneRe, "hurtByRe": hurtByRe,
		"knockRe": knockRe, "laughFigureRe": laughFigureRe, "laughRe": laughRe, "learnerVerbRe": learnerVerbRe,
		"markCauseRe": markCauseRe, "namedOtherRe": namedOtherRe, "negation": negation, "normalReadingRe": normalReadingRe,
		"notOkRe": notOkRe, "notWakingRe": notWakingRe, "nothingTakenRe": nothingTakenRe, "ourSubject": ourSubject,
		"outOfRe": outOfRe, "placeThingRe": placeThingRe, "reporterLabelRe": reporterLabelRe, "scaldRe": scaldRe,
		"shorthandRe": shorthandRe, "skyColourRe": skyColourRe, "spitMoreRe": spitMoreRe, "spokenTempRe": spokenTempRe,
		"staysAwayRe": staysAwayRe, "swearRe": swearRe, "tempWordRe": tempWordRe, "theirChildRe": theirChildRe,
		"thermometerRe": thermometerRe, "timeOfDayRe": timeOfDayRe, "trappedRe": trappedRe, "unitNumberRe": unitNumberRe,
		"unwantedRe": unwantedRe, "usualRe": usualRe, "weighedRe": weighedRe, "weightDownRe": weightDownRe,
		"weightGramsRe": weightGramsRe, "shadeRe": shadeRe, "thingBrokenRe": thingBrokenRe, "seatFallRe": seatFallRe, "unlikeUsualRe": unlikeUsualRe, "onlyGladRe": onlyGladRe, "doseTimeRe": doseTimeRe, "dropsVerbRe": dropsVerbRe, "oversleptRe": oversleptRe, "metAtRe": metAtRe, "rolledOverRe": rolledOverRe, "countUsualRe": countUsualRe,
	}
}

// Every method of a pattern kept in parts answers as the whole regexp
// does: embedded, the regexp was nil for such a pattern, and a method not
// wrapped (FindStringIndex, FindString) panicked.
func TestGuardedMethodsOfAPatternInParts(t *testing.T) {
	var alts []string
	for i := range 200 {
		alts = append(alts, fmt.Sprintf(`\bw%dq[a-z]+(\d)`, i))
	}
	expr := strings.Join(alts, "|")
	g, re := guard(expr), regexp.MustCompile(expr)
	require.NotNil(t, g.parts, "the pattern is over maxProg")
	for _, text := range []string{"a w17qabc5 and w3qx9", "nothing here", "w5q 1"} {
		assert.Equal(t, re.MatchString(text), g.MatchString(text), text)
		assert.Equal(t, re.FindString(text), g.FindString(text), text)
		assert.Equal(t, re.FindStringIndex(text), g.FindStringIndex(text), text)
		assert.Equal(t, re.FindStringSubmatch(text), g.FindStringSubmatch(text), text)
		assert.Equal(t, re.FindAllString(text, -1), g.FindAllString(text, -1), text)
		assert.Equal(t, re.FindAllStringIndex(text, -1), g.FindAllStringIndex(text, -1), text)
		assert.Equal(t, re.FindAllStringSubmatch(text, -1), g.FindAllStringSubmatch(text, -1), text)
		assert.Equal(t, re.FindAllStringSubmatchIndex(text, -1), g.FindAllStringSubmatchIndex(text, -1), text)
		assert.Equal(t, re.ReplaceAllString(text, "<$1>"), g.ReplaceAllString(text, "<$1>"), text)
		assert.Equal(t, re.ReplaceAllStringFunc(text, strings.ToUpper), g.ReplaceAllStringFunc(text, strings.ToUpper), text)
	}
}

// TestEveryGuardedPatternIsChecked: TestGuardNeverSkipsAMatch checks the
// patterns guardedPatterns names, which must be all the package declares:
// one added without its name there fails here.
func TestEveryGuardedPatternIsChecked(t *testing.T) {
	names, err := filepath.Glob("*.go")
	require.NoError(t, err)
	checked := guardedPatterns()
	declared := 0
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		require.NoError(t, err)
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			for _, spec := range g.Specs {
				v := spec.(*ast.ValueSpec)
				for i, val := range v.Values {
					if guardedDecl(val) {
						declared++
						_, ok := checked[v.Names[i].Name]
						assert.True(t, ok, "guardedPatterns lacks %s", v.Names[i].Name)
					}
				}
			}
		}
	}
	assert.Equal(t, declared, len(checked), "guardedPatterns names a pattern the package does not declare")
}

// guardedDecl reports whether a variable's value is a guarded pattern:
// guard(…), or a function literal called at once that returns guard(…).
func guardedDecl(e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	if id, ok := call.Fun.(*ast.Ident); ok {
		return id.Name == "guard"
	}
	lit, ok := call.Fun.(*ast.FuncLit)
	if !ok || lit.Type.Results == nil || len(lit.Type.Results.List) != 1 {
		return false
	}
	star, ok := lit.Type.Results.List[0].Type.(*ast.StarExpr)
	if !ok {
		return false
	}
	id, ok := star.X.(*ast.Ident)
	return ok && id.Name == "guardedRe"
}
