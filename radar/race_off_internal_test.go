//go:build !race

package radar

// raceDetector: see race_on_internal_test.go.
const raceDetector = false
