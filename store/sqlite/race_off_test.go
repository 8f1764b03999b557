//go:build !race

package sqlite_test

// raceDetector: see race_on_test.go.
const raceDetector = false
