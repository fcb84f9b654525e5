package iri

import "testing"

// TestVisualOrderRules holds VisualOrder to the rules of UAX #9, worked
// out by hand for a left-to-right paragraph: the levels of rule I1 (in
// brackets below), then the runs of level 1 and higher reversed (L2).
func TestVisualOrderRules(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		// W4: one "+" (ES) between two European numbers is a number:
		// א[1] 1+2[2] shows as 1+2א; "+" left a neutral between
		// numbers would be R (N1), and the numbers' order reversed.
		{"http://h/א1+2", "http://h/1+2א"},
		// W5: a "$" (ET) next to a European number is one; away from
		// numbers it stays a neutral, between R and L: the embedding
		// direction (N1, N2).
		{"http://h/א$1", "http://h/$1א"},
		{"http://h/א$$1", "http://h/$$1א"},
		{"http://h/א1$", "http://h/1$א"},
		{"http://h/א$b", "http://h/א$b"},
		{"http://h/א$b$1", "http://h/א$b$1"},
		// N0, pairs in the order of their opening brackets: the outer
		// pair holds only R but follows "a" (L), so it takes the
		// embedding direction L; the inner pair follows ב and is R.
		{"http://h/a(ב(ג)ד)", "http://h/a(ד)ג(ב)"},
		// N0: the context of a pair is the last strong character before
		// it (ב), not the neutral "=" right before it; then "=" lies
		// between R and R and is R (N1).
		{"http://h/ב=(ג)d", "http://h/)ג(=בd"},
	} {
		if got := MustParse(tt.in).VisualOrder(); got != tt.want {
			t.Errorf("VisualOrder(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestVisualOrderBracketsBeyondASCII: rule N0 pairs the brackets of
// BidiBrackets.txt beyond ASCII as it pairs "(" and ")" (as "ב(ג)d" shows
// as ")ג(בd"): "「" with "」", adjacent code points, and "⦍" (U+298D)
// with "⦐" (U+2990) and "⦏" (U+298F) with "⦎" (U+298E), which are not.
func TestVisualOrderBracketsBeyondASCII(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"http://h/ב「ג」d", "http://h/」ג「בd"},
		{"http://h/ב⦍ג⦐d", "http://h/⦐ג⦍בd"},
		{"http://h/ב⦏ג⦎d", "http://h/⦎ג⦏בd"},
		// Not pairs: each bracket is a neutral of its own (N1, N2).
		{"http://h/ב⦍ג⦎d", "http://h/ג⦍ב⦎d"},
		{"http://h/ב⦏ג⦐d", "http://h/ג⦏ב⦐d"},
	} {
		if got := MustParse(tt.in).VisualOrder(); got != tt.want {
			t.Errorf("VisualOrder(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
