package canon

import (
	"strings"
	"testing"
	"time"
)

// TestCanonLongInputs: the work is linear. For each pattern that makes
// repeated decoding, dot segments, host dots, ports or session
// identifiers work hardest, 64 times the input takes at most 8 times 64
// times as long (the best of three runs each); a quadratic step takes
// 64 times 64.
func TestCanonLongInputs(t *testing.T) {
	if testing.Short() {
		t.Skip()
	}
	patterns := []string{"%25", "%2525", "/..", "/a/..", "a.", ":1.", "%%32%35", "[", "@", "?a=1&", "www.", "\u00fc.", "/;jsessionid=1", "/(4hqa0555fwsecu455xqckv45)", "(S(4hqa0555fwsecu455xqckv45)", "&&a+b=%41"}
	for _, p := range patterns {
		for _, form := range []string{"http://%s/", "http://a/%s.aspx"} {
			small := strings.Replace(form, "%s", strings.Repeat(p, 1<<8), 1)
			large := strings.Replace(form, "%s", strings.Repeat(p, 1<<14), 1)
			ts, tl := timeCanon(small), timeCanon(large)
			if ratio := float64(tl) / float64(ts); ratio > 64*8 {
				t.Errorf("%q repeated in %s: 64 times the input takes %.0f times as long", p, form, ratio)
			}
		}
	}
}

// timeCanon returns the best of three times of every canonicalizer and
// SURT on s.
func timeCanon(s string) time.Duration {
	best := time.Duration(1 << 62)
	for range 3 {
		start := time.Now()
		SafeBrowsing.Canonicalize(s)
		Archive.Canonicalize(s)
		Dedup.Canonicalize(s)
		(SURT{}).Key(s)
		applyHref(Dedup, s)
		if d := time.Since(start); d < best {
			best = d
		}
	}
	return best
}
