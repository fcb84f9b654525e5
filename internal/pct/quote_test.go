package pct

import (
	"strings"
	"testing"
)

func TestQuoteAround(t *testing.T) {
	long := strings.Repeat("a", 60) + "é" + strings.Repeat("b", 60) // 122 bytes, é at 60
	for _, tt := range []struct {
		s      string
		offset int
		want   string
	}{
		{"", 0, `""`},
		{"a\tb\x1b", 1, `"a\tb\x1b"`},
		// 72 bytes are quoted whole; 73 are cut.
		{strings.Repeat("x", 72), 0, `"` + strings.Repeat("x", 72) + `"`},
		{strings.Repeat("x", 73), 0, `"` + strings.Repeat("x", 24) + `"...`},
		{strings.Repeat("x", 73), 73, `..."` + strings.Repeat("x", 40) + `"`},
		{strings.Repeat("x", 73), 41, `..."` + strings.Repeat("x", 64) + `"...`}, // cut after one byte
		{strings.Repeat("x", 73), 40, `"` + strings.Repeat("x", 64) + `"...`},
		{long, 0, `"` + strings.Repeat("a", 24) + `"...`},
		// 40 bytes before the offset, 24 from it.
		{long, 90, `..."` + strings.Repeat("a", 10) + "é" + strings.Repeat("b", 52) + `"...`},
		// A cut inside "é" moves back to its start, or on past its end.
		{long, 101, `..."é` + strings.Repeat("b", 60) + `"`},
		{long, 37, `"` + strings.Repeat("a", 60) + `é"...`},
		{long, 36, `"` + strings.Repeat("a", 60) + `"...`},
	} {
		if got := QuoteAround(tt.s, tt.offset); got != tt.want {
			t.Errorf("QuoteAround(%.20q..., %d) = %s, want %s", tt.s, tt.offset, got, tt.want)
		}
	}
}
