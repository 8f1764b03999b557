//go:build race

package normalize

// RaceDetector reports that the tests run under the race detector, which
// makes the corpus-wide checks (hundreds of patterns over every corpus
// note, one goroutine) take minutes; they run whole in the plain run.
const RaceDetector = true
