//go:build race

package radar

// raceDetector reports that the tests run under the race detector, whose
// instrumentation (sync.Pool dropping items at random among others) moves
// allocation counts: tests that count allocations run in the plain run.
const raceDetector = true
