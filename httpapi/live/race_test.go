//go:build race

package live_test

// raceDetector tells the tests whether they run under the race detector.
const raceDetector = true
