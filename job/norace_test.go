//go:build !race

package job

// peakAllowance is how many times RankBytes a rank's peak may be: once,
// without the race detector (race_test.go has the allowance under it).
const peakAllowance = 1
