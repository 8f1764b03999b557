//go:build race

package sqlite_test

// raceDetector reports that the tests run under the race detector, which
// makes a corpus-sized test take minutes; such a test reads a sample there
// and the whole corpus in the plain run.
const raceDetector = true
