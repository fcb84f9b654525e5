package canon

import (
	"runtime"
	"strings"
	"testing"
)

// TestCanonLongInputs: the work is linear. For each pattern that makes
// repeated decoding, dot segments, host dots, ports or session
// identifiers work hardest, 64 times the input makes at most 8 times 64
// times the bytes allocated (the least of three runs each): a step that
// copies what is left of its text for each piece of it allocates 64 times
// 64. The measure is a count, which the machine's load cannot change;
// BenchmarkCanonLong times the same inputs.
func TestCanonLongInputs(t *testing.T) {
	if testing.Short() {
		t.Skip()
	}
	for _, in := range longInputs() {
		small, large := allocCanon(in.small), allocCanon(in.large)
		if small == 0 || large > 64*8*small {
			t.Errorf("%q repeated in %s: 64 times the input allocates %d bytes, %.0f times as many as once (%d)", in.pattern, in.form, large, float64(large)/float64(small), small)
		}
	}
}

// longInput is a pattern repeated in a form, 2^8 and 2^14 times in
// place of each "{}".
type longInput struct {
	pattern, form string
	small, large  string
}

func longInputs() []longInput {
	// "%" then "25" repeated is a chain that each decoding shortens by
	// one: Safe Browsing's repeated decoding in one pass.
	patterns := []string{"%25", "%2525", "25", "/..", "/a/..", "a.", ":1.", "%%32%35", "[", "@", "?a=1&", "www.", "\u00fc.", "/;jsessionid=1", "/(4hqa0555fwsecu455xqckv45)", "(S(4hqa0555fwsecu455xqckv45)", "&&a+b=%41",
		"%e9 ", "sid=0123456789abcdefghijklemopqrstuv&", "cfid=1&", "\x91"}
	var ins []longInput
	for _, p := range patterns {
		for _, form := range []string{"http://{}/", "http://a/{}.aspx", "http://a/%{}?%{}#%{}"} {
			if strings.Contains(p, "=") && form == "http://{}/" {
				// A parameter is for the query: in a host of 600 kB its
				// copies outgrow the parser's pooled buffers, which the
				// small input reuses, and the count says nothing more.
				continue
			}
			ins = append(ins, longInput{p, form,
				strings.ReplaceAll(form, "{}", strings.Repeat(p, 1<<8)),
				strings.ReplaceAll(form, "{}", strings.Repeat(p, 1<<14))})
		}
	}
	return ins
}

// canonAll runs every preset, UnescapeRepeatedly, the expressions and
// SURT (and SSURT) on s, and Dedup's options alone.
func canonAll(s string) {
	SafeBrowsing.Canonicalize(s)
	Canonicalizer{Unescape: UnescapeRepeatedly}.Canonicalize(s)
	Archive.Canonicalize(s)
	Dedup.Canonicalize(s)
	Semantic.Canonicalize(s)
	SafeBrowsingExpressions(s)
	(SURT{}).Key(s)
	applyHref(Dedup, s)
	Nutch.Canonicalize(s)
	W3lib.Canonicalize(s)
	Heritrix.Canonicalize(s)
	(SURT{SSURT: true, Canonicalizer: &Purell}).Key(s)
}

// allocCanon returns the least of three counts of the bytes canonAll
// allocates on s.
func allocCanon(s string) uint64 {
	least := ^uint64(0)
	var before, after runtime.MemStats
	for range 3 {
		runtime.ReadMemStats(&before)
		canonAll(s)
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}

// BenchmarkCanonLong times canonAll on the inputs of TestCanonLongInputs,
// per input byte: linear work gives the same ns/B for both sizes.
//
//	go test -run '^$' -bench CanonLong ./web/canon/
func BenchmarkCanonLong(b *testing.B) {
	for _, size := range []string{"small", "large"} {
		b.Run(size, func(b *testing.B) {
			n := 0
			for b.Loop() {
				for _, in := range longInputs() {
					s := in.small
					if size == "large" {
						s = in.large
					}
					canonAll(s)
					n += len(s)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/B")
		})
	}
}
