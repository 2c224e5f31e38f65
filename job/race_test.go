//go:build race

package job

// peakAllowance is how many times RankBytes a rank's peak may be. Under
// the race detector every allocation carries shadow memory: "memory usage
// may increase by 5-10x" (go.dev/doc/articles/race_detector, Runtime
// Overhead), so a rank built with -race is held to the top of that range.
const peakAllowance = 10
