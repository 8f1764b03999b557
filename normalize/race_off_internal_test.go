//go:build !race

package normalize

// RaceDetector: see race_on_internal_test.go.
const RaceDetector = false
