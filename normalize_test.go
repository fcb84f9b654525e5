package iri

import (
	"strings"
	"testing"
)

var normalizeTests = []struct {
	in    string
	level Level
	want  string
}{
	// RFC 3987, section 5.3.2.
	{"eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9", SyntaxBased, "example://a/b/c/%7Bfoo%7D/rosé"},
	{"example://a/b/c/%7Bfoo%7D/rosé", SyntaxBased, "example://a/b/c/%7Bfoo%7D/rosé"},
	// Section 5.3.2.1.
	{"HTTP://www.EXAMPLE.com/", SyntaxBased, "http://www.example.com/"},
	{"http://www.example.com/%3a%3A", SyntaxBased, "http://www.example.com/%3A%3A"},
	{"http://[FEDC:BA98::3210]/", SyntaxBased, "http://[fedc:ba98::3210]/"},
	{"http://[V7.ABC]/", SyntaxBased, "http://[v7.abc]/"},
	{"http://%41%42c.Example/", SyntaxBased, "http://abc.example/"},
	{"http://User@Example.COM/Path?Query#Fragment", SyntaxBased, "http://User@example.com/Path?Query#Fragment"},
	// The first and the last uppercase letters, each alone in a host.
	{"http://Zoo.example/", SyntaxBased, "http://zoo.example/"},
	{"http://Ant.example/", SyntaxBased, "http://ant.example/"},
	// A host beyond US-ASCII keeps its case at this level.
	{"http://RÉSUMÉ.example.org/", SyntaxBased, "http://RÉSUMÉ.example.org/"},
	{"http://R%C3%89SUM%C3%89.Example.org/", SyntaxBased, "http://RÉSUMÉ.Example.org/"},
	// Section 5.3.2.3.
	{"http://example.org/%7euser", SyntaxBased, "http://example.org/~user"},
	{"http://example.org/%7Euser", SyntaxBased, "http://example.org/~user"},
	{"http://example.org/%2F%3F%23%25%20%e2%80%ae%c0%af", SyntaxBased, "http://example.org/%2F%3F%23%25%20%E2%80%AE%C0%AF"},
	{"http://example.org/%C2%A0%EF%BC%A1", SyntaxBased, "http://example.org/\u00a0Ａ"}, // allowed unencoded, unlike ToIRI
	{"http://example.org/%EE%80%80?%EE%80%80", SyntaxBased, "http://example.org/%EE%80%80?\ue000"},
	{"http://%C3%BC@h/?%C3%BC#%C3%BC", SyntaxBased, "http://ü@h/?ü#ü"},
	// Section 5.3.2.4, and percent-encoded dots.
	{"http://a/b/c/./../../g", SyntaxBased, "http://a/g"},
	{"http://a/b/%2E%2E/c", SyntaxBased, "http://a/c"},
	{"x:/a/..//b", SyntaxBased, "x:/.//b"},
	{"/a/./b/../c", SyntaxBased, "/a/c"},
	{"../a/./b", SyntaxBased, "../a/./b"}, // a relative path keeps its dots
	// Section 5.3.2.2: no Unicode normalization.
	{"http://example.org/re\u0301sume\u0301", SyntaxBased, "http://example.org/re\u0301sume\u0301"},
	{"http://example.org/re\u0301sume\u0301", SchemeBased, "http://example.org/re\u0301sume\u0301"},

	// Section 5.3.3.
	{"http://example.com", SchemeBased, "http://example.com/"},
	{"http://example.com:/", SchemeBased, "http://example.com/"},
	{"http://example.com:80/", SchemeBased, "http://example.com/"},
	{"http://example.com:0080/", SchemeBased, "http://example.com/"},
	{"http://example.com:8080/", SchemeBased, "http://example.com:8080/"},
	{"http://example.com:00/", SchemeBased, "http://example.com:0/"},
	{"https://example.com:443", SchemeBased, "https://example.com/"},
	{"https://example.com:80/", SchemeBased, "https://example.com:80/"},
	{"http://example.com/?", SchemeBased, "http://example.com/?"},
	{"http://example.com#", SchemeBased, "http://example.com/#"},
	{"http://résumé.example.org", SchemeBased, "http://résumé.example.org/"},
	{"http://xn--rsum-bpad.example.org", SchemeBased, "http://résumé.example.org/"},
	{"http://XN--RSUM-BPAD.EXAMPLE.ORG", SchemeBased, "http://résumé.example.org/"},
	{"http://RÉSUMÉ.example.org/", SchemeBased, "http://résumé.example.org/"},
	{"http://r%C3%A9sum%C3%A9.example.org/", SchemeBased, "http://résumé.example.org/"},
	{"http://ｅｘａｍｐｌｅ.com/", SchemeBased, "http://example.com/"},
	{"http://xn--abc-.example/", SchemeBased, "http://xn--abc-.example/"}, // does not convert back
	{"foo://RÉSUMÉ.example.org", SchemeBased, "foo://RÉSUMÉ.example.org"},
	{"foo://example.com:/", SchemeBased, "foo://example.com:/"},
	{"file://localhost/etc/hosts", SchemeBased, "file:///etc/hosts"},
	{"file://LOCALHOST/etc/hosts", SchemeBased, "file:///etc/hosts"},
	{"file://u@localhost/etc", SchemeBased, "file://u@localhost/etc"},
	{"file://host", SchemeBased, "file://host/"},
	{"mailto:Joe@EXAMPLE.org,Ann@Example.COM?subject=Hi", SchemeBased, "mailto:Joe@example.org,Ann@example.com?subject=Hi"},
	{"mailto:user@BÜCHER.example", SchemeBased, "mailto:user@bücher.example"},
	{"URN:ISBN:0451450523", SchemeBased, "urn:isbn:0451450523"},
	{"urn:isbn:ABC", SchemeBased, "urn:isbn:ABC"},
	{"ws://h:80", SchemeBased, "ws://h/"},
	{"ftp://h:21/a", SchemeBased, "ftp://h/a"},
}

func TestNormalize(t *testing.T) {
	for _, tt := range normalizeTests {
		i := mustRef(t, tt.in)
		got := i.Normalize(tt.level)
		if got.String() != tt.want {
			t.Errorf("Normalize(%q, %v) = %q, want %q", tt.in, tt.level, got, tt.want)
		}
		checkReparses(t, got)
		if again := got.Normalize(tt.level); again != got {
			t.Errorf("Normalize(%v) is not idempotent on %q: %q", tt.level, got, again)
		}
		if !Equal(i, mustRef(t, tt.want), tt.level) {
			t.Errorf("Equal(%q, %q, %v) = false", tt.in, tt.want, tt.level)
		}
	}
}

func TestEqualLadder(t *testing.T) {
	// The lowest level at which each pair is equal; -1: at none.
	tests := []struct {
		a, b  string
		level Level
	}{
		{"http://example.org/", "http://example.org/", SimpleString},
		{"example://a/b/c/%7Bfoo%7D/rosé", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9", SyntaxBased},
		{"http://example.org/~user", "http://example.org/%7euser", SyntaxBased},
		{"http://example.com", "http://example.com/", SchemeBased},
		{"http://example.com", "http://example.com:/", SchemeBased},
		{"http://example.com", "http://example.com:80/", SchemeBased},
		{"http://example.com/", "http://example.com:80/", SchemeBased},
		{"http://résumé.example.org", "http://xn--rsum-bpad.example.org", SchemeBased},
		{"http://résumé.example.org", "http://RÉSUMÉ.example.org", SchemeBased},
		{"http://example.com/?", "http://example.com/", -1},
		{"http://example.com/?", "http://example.com", -1},
		{"http://example.com/?", "http://example.com:80/", -1},
		{"http://example.com/#", "http://example.com/", -1},
		{"http://example.org/r\u00e9sum\u00e9", "http://example.org/re\u0301sume\u0301", -1},
		{"http://example.org/a%2Fb", "http://example.org/a/b", -1},
		{"http://example.org/Path", "http://example.org/path", -1},
		{"http://example.org/r%E9sum%E9", "http://example.org/résumé", -1},
	}
	for _, tt := range tests {
		a, b := mustRef(t, tt.a), mustRef(t, tt.b)
		for l := SimpleString; l <= ProtocolBased; l++ {
			want := tt.level >= 0 && l >= tt.level
			if got := Equal(a, b, l); got != want {
				t.Errorf("Equal(%q, %q, %v) = %v, want %v", tt.a, tt.b, l, got, want)
			}
			if got := Equal(b, a, l); got != want {
				t.Errorf("Equal(%q, %q, %v) = %v, want %v", tt.b, tt.a, l, got, want)
			}
		}
	}
}

func TestCompareUndetermined(t *testing.T) {
	c := &Comparer{Level: SchemeBased}
	invalid := mustRef(t, "http://a\u05d0.example/")
	tests := []struct {
		a, b IRI
		want Result
	}{
		{invalid, mustRef(t, "http://b.example/"), Undetermined},
		{invalid, invalid, Equivalent},
		{invalid, mustRef(t, "HTTP://a\u05d0.example:80"), Equivalent}, // equal all the same
		{mustRef(t, "http://a.example/"), mustRef(t, "http://b.example/"), Different},
		{mustRef(t, "http://a.example/"), mustRef(t, "http://A.example:80"), Equivalent},
		// Where the scheme's rule has work (a port, an empty path), the
		// result is still determined.
		{mustRef(t, "http://a.example:80"), mustRef(t, "http://b.example:8080/"), Different},
		{mustRef(t, "http://a.example:8080/x"), mustRef(t, "http://a.example:8081/x"), Different},
	}
	for _, tt := range tests {
		if got := c.Compare(tt.a, tt.b); got != tt.want {
			t.Errorf("Compare(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
		if got := c.Equal(tt.a, tt.b); got != (tt.want == Equivalent) {
			t.Errorf("Equal(%q, %q) = %v", tt.a, tt.b, got)
		}
	}
}

func TestComparerOptions(t *testing.T) {
	// Section 5.1: fragments left out for retrieval, references resolved.
	c := &Comparer{Level: SchemeBased, IgnoreFragment: true, Base: MustParse("http://example.com/a/b")}
	pairs := [][2]string{
		{"http://example.com/a/c#x", "http://example.com/a/c#y"},
		{"c", "http://example.com/a/c"},
		{"../a/c#z", "HTTP://EXAMPLE.COM:80/a/c"},
		{"//example.com", "http://example.com/"},
	}
	for _, p := range pairs {
		if !c.Equal(mustRef(t, p[0]), mustRef(t, p[1])) {
			t.Errorf("Comparer with a base, no fragments: %q and %q differ", p[0], p[1])
		}
	}
	if Equal(mustRef(t, "c"), mustRef(t, "http://example.com/a/c"), SchemeBased) {
		t.Error("Equal resolved a reference without a base")
	}

	// Extra scheme rules, on one Comparer only.
	var d Comparer
	d.Level = SchemeBased
	d.SetScheme("FOO", SchemeRule{DefaultPort: "99", EmptyPathIsRoot: true})
	if got := d.Normalize(mustRef(t, "foo://h:99")); got.String() != "foo://h/" {
		t.Errorf("rule for foo: %q", got)
	}
	if got := mustRef(t, "foo://h:99").Normalize(SchemeBased); got.String() != "foo://h:99" {
		t.Errorf("a Comparer's rule leaked: %q", got)
	}
	// Replacing a built-in rule.
	d.SetScheme("http", SchemeRule{})
	if got := d.Normalize(mustRef(t, "http://h:80")); got.String() != "http://h:80" {
		t.Errorf("replaced http rule: %q", got)
	}
}

func TestProtocolBased(t *testing.T) {
	var c Comparer
	c.Level = ProtocolBased
	data, dataSlash := mustRef(t, "http://example.com/data"), mustRef(t, "http://example.com/data/")
	if c.Equal(data, dataSlash) {
		t.Error("without observations, ProtocolBased found an equivalence")
	}
	if c.Normalize(data) != data.Normalize(SchemeBased) {
		t.Error("without observations, ProtocolBased differs from SchemeBased")
	}
	c.AddRedirect(mustRef(t, "HTTP://example.com:80/data"), dataSlash)
	tests := []struct{ in, want string }{
		{"http://example.com/data", "http://example.com/data/"},
		{"http://EXAMPLE.com/data#top", "http://example.com/data/#top"},
		{"http://example.com/data/", "http://example.com/data/"},
		{"http://example.com/other", "http://example.com/other"},
	}
	for _, tt := range tests {
		if got := c.Normalize(mustRef(t, tt.in)); got.String() != tt.want {
			t.Errorf("ProtocolBased Normalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if !c.Equal(data, dataSlash) {
		t.Error("the redirect is not used at ProtocolBased")
	}
	c.Level = SchemeBased
	if c.Equal(data, dataSlash) {
		t.Error("the redirect is used below ProtocolBased")
	}
	c.Level = ProtocolBased

	// Chains, a fragment in a target, and a cycle.
	c.AddRedirect(mustRef(t, "http://a/1"), mustRef(t, "http://a/2"))
	c.AddRedirect(mustRef(t, "http://a/2"), mustRef(t, "http://a/3#sec"))
	c.AddRedirect(mustRef(t, "http://c/z"), mustRef(t, "http://c/y"))
	c.AddRedirect(mustRef(t, "http://c/y"), mustRef(t, "http://c/x#f"))
	c.AddRedirect(mustRef(t, "http://c/x"), mustRef(t, "http://c/z"))
	c.AddRedirect(mustRef(t, "http://c/w"), mustRef(t, "http://c/z"))
	tests = []struct{ in, want string }{
		{"http://a/1", "http://a/3#sec"},
		{"http://a/1#top", "http://a/3#sec"},
		{"http://a/2", "http://a/3#sec"},
		// A cycle, and a chain into one, is left as it is (Undetermined).
		{"http://c/z", "http://c/z"},
		{"http://c/y#g", "http://c/y#g"},
		{"http://c/x", "http://c/x"},
		{"http://c/w", "http://c/w"},
	}
	for _, tt := range tests {
		got := c.Normalize(mustRef(t, tt.in))
		if got.String() != tt.want {
			t.Errorf("ProtocolBased Normalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if again := c.Normalize(got); again != got {
			t.Errorf("ProtocolBased Normalize is not idempotent on %q: %q", got, again)
		}
	}
}

func TestNormalizeAllocs(t *testing.T) {
	canonical := mustRef(t, "http://de.dbpedia.org/resource/Albin_K%C2%80%20rösi?q=1#f")
	for l := SimpleString; l <= ProtocolBased; l++ {
		if n := testing.AllocsPerRun(100, func() { canonical.Normalize(l) }); n != 0 {
			t.Errorf("Normalize(%v) of a canonical IRI: %v allocations, want 0", l, n)
		}
	}
	a, b := canonical, mustRef(t, "http://de.dbpedia.org/resource/Albin_K%C2%80%20rösi?q=1#g")
	if n := testing.AllocsPerRun(100, func() { Equal(a, b, SchemeBased) }); n != 0 {
		t.Errorf("Equal of canonical IRIs: %v allocations, want 0", n)
	}
}

// TestNormalizeCorpora checks the properties on real identifiers: each
// level is idempotent and gives a valid IRI, and climbing the ladder keeps
// the equivalences below.
func TestNormalizeCorpora(t *testing.T) {
	for _, name := range corpora {
		iris, _ := parsedCorpus(t, name)
		for _, i := range iris {
			checkLadder(t, i, i.ToURI())
			checkLadder(t, i, i.ToIRI())
			checkToURIEquivalent(t, i)
		}
	}
}

// checkLadder checks Normalize at every level on a and b: a valid,
// idempotent result, and an equivalence that, once found, holds at every
// level above.
func checkLadder(t *testing.T, a, b IRI) {
	t.Helper()
	equalBelow := false
	for l := SimpleString; l <= ProtocolBased; l++ {
		for _, i := range []IRI{a, b} {
			n := i.Normalize(l)
			if again, err := ParseReference(n.String()); err != nil || again != n {
				t.Fatalf("Normalize(%q, %v) = %q is not valid: %v", i, l, n, err)
			}
			if n.Normalize(l) != n {
				t.Fatalf("Normalize(%v) is not idempotent on %q: %q", l, n, n.Normalize(l))
			}
		}
		eq := Equal(a, b, l)
		if equalBelow && !eq {
			t.Fatalf("%q and %q are equal below %v but not at it", a, b, l)
		}
		equalBelow = eq
	}
}

// checkToURIEquivalent checks that i and its URI are equivalent from
// SyntaxBased up (RFC 3987, section 5.3.2.3: percent-encoded UTF-8 and the
// characters it encodes), and that normalization commutes with ToURI: the
// URI of the canonical form normalizes back to it.
func checkToURIEquivalent(t *testing.T, i IRI) {
	t.Helper()
	u := i.ToURI()
	for l := SyntaxBased; l <= ProtocolBased; l++ {
		n := i.Normalize(l)
		if got := u.Normalize(l); got != n {
			t.Fatalf("Normalize(%v): %q gives %q, its URI %q gives %q", l, i, n, u, got)
		}
		if back := n.ToURI().Normalize(l); back != n {
			t.Fatalf("Normalize(%v) does not commute with ToURI on %q: %q, then %q", l, i, n, back)
		}
	}
}

// TestIPv6ComparesByAddress: at SchemeBased an IPv6 literal is written in
// RFC 5952's text, so that two texts of one address are equal.
func TestIPv6ComparesByAddress(t *testing.T) {
	for _, tt := range []struct{ a, b string }{
		{"http://[::1]/", "http://[0:0::1]/"},
		{"http://[2001:DB8:0:0:0:0:0:1]/", "http://[2001:db8::1]/"},
		{"http://[2001:db8:0:0:1:0:0:1]:80/", "http://[2001:db8::1:0:0:1]/"},
		{"http://[::ffff:c000:0201]/", "http://[::ffff:192.0.2.1]/"},
	} {
		if !Equal(MustParse(tt.a), MustParse(tt.b), SchemeBased) {
			t.Errorf("%s and %s differ at SchemeBased", tt.a, tt.b)
		}
		if Equal(MustParse(tt.a), MustParse(tt.b), SyntaxBased) && tt.a != tt.b && !strings.EqualFold(tt.a, tt.b) {
			t.Logf("%s and %s equal at SyntaxBased", tt.a, tt.b)
		}
	}
	if got := MustParse("http://[2001:DB8::0:1]/").Normalize(SchemeBased).String(); got != "http://[2001:db8::1]/" {
		t.Errorf("Normalize = %q", got)
	}
	if got := MustParse("http://[v1.X]/").Normalize(SchemeBased).String(); got != "http://[v1.x]/" {
		t.Errorf("Normalize of IPvFuture = %q", got)
	}
	if Equal(MustParse("http://[::1]/"), MustParse("http://[::2]/"), SchemeBased) {
		t.Error("[::1] equals [::2]")
	}
}

// TestNormalizeEdges: a mailto address with an empty local part still has
// its domain normalized.
func TestNormalizeEdges(t *testing.T) {
	if got := MustParse("mailto:@EXAMPLE.COM").Normalize(SchemeBased).String(); got != "mailto:@example.com" {
		t.Errorf("Normalize(mailto:@EXAMPLE.COM) = %q", got)
	}
}
