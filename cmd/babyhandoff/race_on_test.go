//go:build race

package main

// raceEnabled: the race detector slows everything; long tests shorten.
const raceEnabled = true
