package web

import (
	"strings"
	"testing"
	"time"
)

// TestCanonLongInputs: the work is linear; long inputs of the patterns
// that make repeated decoding, dot segments, host dots and ports work
// hardest take about as long per octet as short ones.
func TestCanonLongInputs(t *testing.T) {
	patterns := []string{"%25", "%2525", "/..", "/a/..", "a.", ":1.", "%%32%35", "[", "@", "?a=1&", "www.", "\u00fc."}
	for _, p := range patterns {
		short := "http://" + strings.Repeat(p, 100) + "/"
		long := "http://" + strings.Repeat(p, 100_000) + "/"
		measure := func(s string, n int) time.Duration {
			start := time.Now()
			for range n {
				SafeBrowsing.Canonicalize(s)
				Archive.Canonicalize(s)
				(SURT{}).Key(s)
			}
			return time.Since(start) / time.Duration(n)
		}
		ts, tl := measure(short, 1000), measure(long, 1)
		if tl > 128*1000*ts+50*time.Millisecond {
			t.Errorf("pattern %q: %v for 100,000 repetitions, %v for 100", p, tl, ts)
		}
	}
}
