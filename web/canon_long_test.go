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
	patterns := []string{"%25", "%2525", "/..", "/a/..", "a.", ":1.", "%%32%35", "[", "@", "?a=1&", "www.", "\u00fc.", "/;jsessionid=1", "/(4hqa0555fwsecu455xqckv45)", "(S(4hqa0555fwsecu455xqckv45)"}
	for _, p := range patterns {
		for _, form := range []string{"http://%s/", "http://a/%s.aspx"} {
			short := strings.Replace(form, "%s", strings.Repeat(p, 20), 1)
			long := strings.Replace(form, "%s", strings.Repeat(p, 20_000), 1)
			measure := func(s string, n int) time.Duration {
				start := time.Now()
				for range n {
					SafeBrowsing.Canonicalize(s)
					Archive.Canonicalize(s)
					(SURT{}).Key(s)
					applyHref(Dedup, s)
				}
				return time.Since(start) / time.Duration(n)
			}
			ts, tl := measure(short, 1000), measure(long, 1)
			if tl > 128*1000*ts+50*time.Millisecond {
				t.Errorf("%q in %s: %v for 20,000 repetitions, %v for 20", p, form, tl, ts)
			}
		}
	}
}
