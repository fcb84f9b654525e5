package iri

import (
	"fmt"
	"testing"
)

func TestComparerRedirectBound(t *testing.T) {
	link := func(k int) IRI { return MustParse(fmt.Sprintf("http://example.com/%d", k)) }
	short := &Comparer{Level: ProtocolBased}
	for k := range maxRedirects {
		short.AddRedirect(link(k), link(k+1))
	}
	if got := short.Compare(link(0), link(maxRedirects)); got != Equivalent {
		t.Errorf("chain of %d redirects: Compare = %v, want Equivalent", maxRedirects, got)
	}
	long := &Comparer{Level: ProtocolBased}
	const n = 100000
	for k := range n {
		long.AddRedirect(link(k), link(k+1))
	}
	if got := long.Compare(link(0), link(n)); got != Undetermined {
		t.Errorf("chain of %d redirects: Compare = %v, want Undetermined", n, got)
	}
	// The cost does not grow with the chain beyond the bound.
	allocsShort := testing.AllocsPerRun(5, func() { short.Compare(link(0), link(1)) })
	allocsLong := testing.AllocsPerRun(5, func() { long.Compare(link(0), link(1)) })
	if allocsLong > 2*allocsShort+10 {
		t.Errorf("Compare allocates %v with a chain of %d, %v with one of %d", allocsLong, n, allocsShort, maxRedirects)
	}

	cycle := &Comparer{Level: ProtocolBased}
	cycle.AddRedirect(link(0), link(1))
	cycle.AddRedirect(link(1), link(0))
	if got := cycle.Compare(link(0), link(1)); got != Undetermined {
		t.Errorf("cycle: Compare = %v, want Undetermined", got)
	}
	if got := cycle.Normalize(link(1)); got != link(1) {
		t.Errorf("cycle: Normalize = %v, want it unchanged", got)
	}
}

func FuzzComparerRedirects(f *testing.F) {
	f.Add([]byte{0, 1, 1, 2, 2, 0}, uint8(0), uint8(2))
	f.Add([]byte{0, 1, 1, 2, 2, 3, 3, 4}, uint8(0), uint8(4))
	f.Fuzz(func(t *testing.T, edges []byte, a, b uint8) {
		node := func(k byte) IRI { return MustParse(fmt.Sprintf("http://h/%d", k%32)) }
		c := &Comparer{Level: ProtocolBased}
		for k := 0; k+1 < len(edges) && k < 400; k += 2 {
			c.AddRedirect(node(edges[k]), node(edges[k+1]))
		}
		x, y := node(a), node(b)
		if r1, r2 := c.Compare(x, y), c.Compare(y, x); r1 != r2 {
			t.Fatalf("Compare not symmetric: %v, %v", r1, r2)
		}
		if n := c.Normalize(x); c.Normalize(n) != n {
			t.Fatalf("Normalize not idempotent on %v", x)
		}
		if c.Compare(x, x) != Equivalent {
			t.Fatal("Compare(x, x) is not Equivalent")
		}
	})
}

// TestComparerPrepare: a Comparer resolves relative references against
// its Base (redirects included) and leaves absolute ones as they are, and
// at SyntaxBased two IRIs that differ are Different, not Undetermined.
func TestComparerPrepare(t *testing.T) {
	c := &Comparer{Level: ProtocolBased, Base: MustParse("http://a/")}
	c.AddRedirect(MustParseReference("/old"), MustParse("http://a/new"))
	if got := c.Compare(MustParse("http://a/old"), MustParse("http://a/new")); got != Equivalent {
		t.Errorf("a redirect from a relative reference: Compare = %v, want Equivalent", got)
	}
	simple := &Comparer{Level: SimpleString, Base: MustParse("http://x/")}
	if got := simple.Compare(MustParse("http://a/b/../c"), MustParse("http://a/c")); got != Different {
		t.Errorf("SimpleString with a Base compares %v, want Different: an absolute IRI is not resolved", got)
	}
	syntax := &Comparer{Level: SyntaxBased}
	if got := syntax.Compare(MustParse("http://a/x"), MustParse("http://a/y")); got != Different {
		t.Errorf("SyntaxBased Compare of different IRIs = %v, want Different", got)
	}
}

// TestComparerRedirectToRelative: the target of a redirect is resolved
// against the Base too, as a Location header is.
func TestComparerRedirectToRelative(t *testing.T) {
	c := &Comparer{Level: ProtocolBased, Base: MustParse("http://a/")}
	c.AddRedirect(MustParse("http://a/old"), MustParseReference("/new"))
	if got := c.Compare(MustParse("http://a/old"), MustParse("http://a/new")); got != Equivalent {
		t.Errorf("Compare after a redirect to a relative reference = %v, want Equivalent", got)
	}
}

// TestComparerRedirectsDetermined: with redirects recorded, IRIs outside
// them and the ends of finished chains still compare as Different or
// Equivalent; only a cycle or too long a chain is Undetermined.
func TestComparerRedirectsDetermined(t *testing.T) {
	c := &Comparer{Level: ProtocolBased}
	c.AddRedirect(MustParse("http://a/old"), MustParse("http://a/new#top"))
	tests := []struct {
		a, b string
		want Result
	}{
		{"http://b/x", "http://b/y", Different},          // no redirect from either
		{"http://b/x", "HTTP://b:80/x", Equivalent},      // no redirect, SchemeBased alike
		{"http://a/old", "http://b/y", Different},        // a chain of one, ended
		{"http://a/old", "http://a/new#top", Equivalent}, // the fragment carried along
		{"http://a/old#x", "http://a/new", Different},    // the target's fragment replaces the request's
	}
	for _, tt := range tests {
		if got := c.Compare(MustParse(tt.a), MustParse(tt.b)); got != tt.want {
			t.Errorf("Compare(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
	if got := c.Normalize(MustParse("http://a/old#x")).String(); got != "http://a/new#top" {
		t.Errorf("Normalize(http://a/old#x) = %q, want http://a/new#top", got)
	}
}

// TestComparerRedirectBoundTwenty: AddRedirect's doc and the Fetch
// standard's "HTTP-redirect fetch" (step 5) say 20 redirects are followed
// and a 21st is not.
func TestComparerRedirectBoundTwenty(t *testing.T) {
	link := func(k int) IRI { return MustParse(fmt.Sprintf("http://example.com/%d", k)) }
	for _, tt := range []struct {
		n    int
		want Result
	}{{19, Equivalent}, {20, Equivalent}, {21, Undetermined}} {
		c := &Comparer{Level: ProtocolBased}
		for k := range tt.n {
			c.AddRedirect(link(k), link(k+1))
		}
		if got := c.Compare(link(0), link(tt.n)); got != tt.want {
			t.Errorf("chain of %d redirects: Compare = %v, want %v", tt.n, got, tt.want)
		}
	}
}
