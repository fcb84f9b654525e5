package iri

import (
	"errors"
	"strings"
	"testing"
)

// RFC 3986, section 5.4, base "http://a/b/c/d;p?q".
var resolveTests = []struct{ ref, want string }{
	// Section 5.4.1, normal examples.
	{"g:h", "g:h"},
	{"g", "http://a/b/c/g"},
	{"./g", "http://a/b/c/g"},
	{"g/", "http://a/b/c/g/"},
	{"/g", "http://a/g"},
	{"//g", "http://g"},
	{"?y", "http://a/b/c/d;p?y"},
	{"g?y", "http://a/b/c/g?y"},
	{"#s", "http://a/b/c/d;p?q#s"},
	{"g#s", "http://a/b/c/g#s"},
	{"g?y#s", "http://a/b/c/g?y#s"},
	{";x", "http://a/b/c/;x"},
	{"g;x", "http://a/b/c/g;x"},
	{"g;x?y#s", "http://a/b/c/g;x?y#s"},
	{"", "http://a/b/c/d;p?q"},
	{".", "http://a/b/c/"},
	{"./", "http://a/b/c/"},
	{"..", "http://a/b/"},
	{"../", "http://a/b/"},
	{"../g", "http://a/b/g"},
	{"../..", "http://a/"},
	{"../../", "http://a/"},
	{"../../g", "http://a/g"},

	// Section 5.4.2, abnormal examples.
	{"../../../g", "http://a/g"},
	{"../../../../g", "http://a/g"},
	{"/./g", "http://a/g"},
	{"/../g", "http://a/g"},
	{"g.", "http://a/b/c/g."},
	{".g", "http://a/b/c/.g"},
	{"g..", "http://a/b/c/g.."},
	{"..g", "http://a/b/c/..g"},
	{"./../g", "http://a/b/g"},
	{"./g/.", "http://a/b/c/g/"},
	{"g/./h", "http://a/b/c/g/h"},
	{"g/../h", "http://a/b/c/h"},
	{"g;x=1/./y", "http://a/b/c/g;x=1/y"},
	{"g;x=1/../y", "http://a/b/c/y"},
	{"g?y/./x", "http://a/b/c/g?y/./x"},
	{"g?y/../x", "http://a/b/c/g?y/../x"},
	{"g#s/./x", "http://a/b/c/g#s/./x"},
	{"g#s/../x", "http://a/b/c/g#s/../x"},
	{"http:g", "http:g"}, // for strict parsers

	// IRIs resolve as URIs do (RFC 3987, section 6.5).
	{"résumé", "http://a/b/c/résumé"},
	{"../Dürst?q=€#ü", "http://a/b/Dürst?q=€#ü"},
	{"//résumé.example.org/./x/../y", "http://résumé.example.org/y"},
	{"?\ue000", "http://a/b/c/d;p?\ue000"},
	{"#", "http://a/b/c/d;p?q#"},
	{"?", "http://a/b/c/d;p?"},
}

func TestResolveRFC3986Examples(t *testing.T) {
	base := MustParse("http://a/b/c/d;p?q")
	for _, tt := range resolveTests {
		ref, err := ParseReference(tt.ref)
		if err != nil {
			t.Fatalf("ParseReference(%q): %v", tt.ref, err)
		}
		got := base.Resolve(ref)
		if got.String() != tt.want {
			t.Errorf("Resolve(%q) = %q, want %q", tt.ref, got, tt.want)
		}
		checkReparses(t, got)
		if parsed, err := base.Parse(tt.ref); err != nil || parsed != got {
			t.Errorf("base.Parse(%q) = %#v, %v; want %#v", tt.ref, parsed, err, got)
		}
		if oracle := resolveOracle(base.String(), tt.ref); oracle != tt.want {
			t.Errorf("oracle: Resolve(%q) = %q, want %q", tt.ref, oracle, tt.want)
		}
	}
}

// checkReparses fails unless i reads back as itself: the offsets that built
// it are the ones the parser finds.
func checkReparses(t testing.TB, i IRI) {
	t.Helper()
	again, err := ParseReference(i.String())
	if err != nil {
		t.Errorf("%q does not reparse: %v", i, err)
	} else if again != i {
		t.Errorf("%q reparses with other offsets:\n got %+v\nwant %+v", i, again.offsets(), i.offsets())
	}
	checkWide(t, "", i)
}

// TestBaseParseError: a reference that does not parse gives the zero IRI
// and the error of ParseReference.
func TestBaseParseError(t *testing.T) {
	base := MustParse("http://a/b")
	got, err := base.Parse("a b")
	var pe *ParseError
	if got != (IRI{}) || !errors.As(err, &pe) || pe.Input != "a b" || pe.Offset != 1 {
		t.Errorf("base.Parse(%q) = %#v, %v; want the zero IRI and a *ParseError at byte 1", "a b", got, err)
	}
}

func TestResolveEdgeCases(t *testing.T) {
	tests := []struct{ base, ref, want string }{
		// The base's fragment plays no part.
		{"http://a/b#f", "", "http://a/b"},
		{"http://a/b#f", "#g", "http://a/b#g"},
		// An empty path with an authority merges as "/" (section 5.2.3).
		{"http://a", "g", "http://a/g"},
		{"http://a?q", "", "http://a?q"},
		// A path that would read as an authority keeps a "/." in front.
		{"x:/a", "..//b", "x:/.//b"},
		{"x:a/b", "..//c", "x:/.//c"},
		{"g:a/..//b", "", "g:a/..//b"},
		{"x:/a", "g:a/..//b", "g:/.//b"},
		// Rootless paths and URNs.
		{"urn:isbn:0451450523", "#p", "urn:isbn:0451450523#p"},
		{"mailto:a@b", "c@d", "mailto:c@d"},
		{"a:b", "../c", "a:c"},
		// Relative bases: the result is a relative reference.
		{"", "g", "g"},
		{"a/b", "c", "a/c"},
		{"a/b", "../../c", "/c"},
		{"b", "./c:d", "./c:d"},
		{"a/b", "./c:d", "a/c:d"},
		{"/a/b", "?q", "/a/b?q"},
		{"//h/a", "b", "//h/b"},
		// IP-literal, userinfo and port come along with the authority.
		{"http://u@[::1]:8/a/b", "c", "http://u@[::1]:8/a/c"},
		{"http://u@[::1]:8/a/b", "//v@h:/c", "http://v@h:/c"},
	}
	for _, tt := range tests {
		base, err := ParseReference(tt.base)
		if err != nil {
			t.Fatal(err)
		}
		ref, err := ParseReference(tt.ref)
		if err != nil {
			t.Fatal(err)
		}
		got := base.Resolve(ref)
		if got.String() != tt.want {
			t.Errorf("%q.Resolve(%q) = %q, want %q", tt.base, tt.ref, got, tt.want)
		}
		checkReparses(t, got)
	}
}

func TestRemoveDotSegments(t *testing.T) {
	tests := []struct{ in, want string }{
		// The worked examples of RFC 3986, section 5.2.4.
		{"/a/b/c/./../../g", "/a/g"},
		{"mid/content=5/../6", "mid/6"},
		{"", ""},
		{".", ""},
		{"..", ""},
		{"/", "/"},
		{"/.", "/"},
		{"/..", "/"},
		{"a/..", "/"},
		{"a/../", "/"},
		{"../a", "a"},
		{"./a", "a"},
		{"/a/b/..", "/a/"},
		{"/a/./b/.", "/a/b/"},
		{"/a//../b", "/a/b"},
		{"/a/.../b", "/a/.../b"},
	}
	for _, tt := range tests {
		if got := removeDotSegments(tt.in); got != tt.want {
			t.Errorf("removeDotSegments(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := removeDotSegmentsOracle(tt.in); got != tt.want {
			t.Errorf("oracle(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// The oracle: RFC 3986, sections 5.2.2 to 5.2.4, transcribed as literally
// as Go allows, on strings, with a regular split into the five components
// (Appendix B), and nothing of the package but the split.

type oracleURI struct {
	scheme, authority, path, query, fragment       string
	hasScheme, hasAuthority, hasQuery, hasFragment bool
}

func oracleSplit(s string) oracleURI {
	var u oracleURI
	if i := strings.IndexByte(s, '#'); i >= 0 {
		u.fragment, u.hasFragment, s = s[i+1:], true, s[:i]
	}
	if i := strings.IndexByte(s, '?'); i >= 0 {
		u.query, u.hasQuery, s = s[i+1:], true, s[:i]
	}
	if i := strings.IndexAny(s, ":/"); i > 0 && s[i] == ':' {
		u.scheme, u.hasScheme, s = s[:i], true, s[i+1:]
	}
	if strings.HasPrefix(s, "//") {
		s = s[2:]
		i := strings.IndexByte(s, '/')
		if i < 0 {
			i = len(s)
		}
		u.authority, u.hasAuthority, s = s[:i], true, s[i:]
	}
	u.path = s
	return u
}

func (u oracleURI) String() string {
	// Section 5.3.
	result := ""
	if u.hasScheme {
		result += u.scheme + ":"
	}
	if u.hasAuthority {
		result += "//" + u.authority
	}
	result += u.path
	if u.hasQuery {
		result += "?" + u.query
	}
	if u.hasFragment {
		result += "#" + u.fragment
	}
	return result
}

func resolveOracle(base, ref string) string { return resolveOracleURI(base, ref).String() }

func resolveOracleURI(base, ref string) oracleURI {
	B, R := oracleSplit(base), oracleSplit(ref)
	var T oracleURI
	if R.hasScheme {
		T.scheme, T.hasScheme = R.scheme, true
		T.authority, T.hasAuthority = R.authority, R.hasAuthority
		T.path = removeDotSegmentsOracle(R.path)
		T.query, T.hasQuery = R.query, R.hasQuery
	} else {
		if R.hasAuthority {
			T.authority, T.hasAuthority = R.authority, true
			T.path = removeDotSegmentsOracle(R.path)
			T.query, T.hasQuery = R.query, R.hasQuery
		} else {
			if R.path == "" {
				T.path = B.path
				if R.hasQuery {
					T.query, T.hasQuery = R.query, true
				} else {
					T.query, T.hasQuery = B.query, B.hasQuery
				}
			} else {
				if strings.HasPrefix(R.path, "/") {
					T.path = removeDotSegmentsOracle(R.path)
				} else {
					T.path = mergeOracle(B, R.path)
					T.path = removeDotSegmentsOracle(T.path)
				}
				T.query, T.hasQuery = R.query, R.hasQuery
			}
			T.authority, T.hasAuthority = B.authority, B.hasAuthority
		}
		T.scheme, T.hasScheme = B.scheme, B.hasScheme
	}
	T.fragment, T.hasFragment = R.fragment, R.hasFragment
	return T
}

// resolveOracleSafe is resolveOracle with the one change that Resolve
// documents: the "." segment that keeps a path from reading as another
// component.
func resolveOracleSafe(base, ref string) string {
	T := resolveOracleURI(base, ref)
	switch {
	case !T.hasAuthority && strings.HasPrefix(T.path, "//"):
		T.path = "/." + T.path
	case !T.hasScheme && !T.hasAuthority && strings.Contains(strings.SplitN(T.path, "/", 2)[0], ":"):
		T.path = "./" + T.path
	}
	return T.String()
}

func mergeOracle(B oracleURI, path string) string {
	if B.hasAuthority && B.path == "" {
		return "/" + path
	}
	i := strings.LastIndex(B.path, "/")
	return B.path[:i+1] + path
}

func removeDotSegmentsOracle(input string) string {
	output := ""
	for input != "" {
		switch {
		case strings.HasPrefix(input, "../"):
			input = strings.TrimPrefix(input, "../")
		case strings.HasPrefix(input, "./"):
			input = strings.TrimPrefix(input, "./")
		case strings.HasPrefix(input, "/./"):
			input = "/" + strings.TrimPrefix(input, "/./")
		case input == "/.":
			input = "/"
		case strings.HasPrefix(input, "/../"):
			input = "/" + strings.TrimPrefix(input, "/../")
			output = output[:max(strings.LastIndex(output, "/"), 0)]
		case input == "/..":
			input = "/"
			output = output[:max(strings.LastIndex(output, "/"), 0)]
		case input == "." || input == "..":
			input = ""
		default:
			segment := input
			if i := strings.Index(input[1:], "/"); i >= 0 {
				segment = input[:i+1]
			}
			output += segment
			input = strings.TrimPrefix(input, segment)
		}
	}
	return output
}

func TestRelativize(t *testing.T) {
	base := MustParse("http://a/b/c/d;p?q")
	// Every example of RFC 3986, section 5.4.1, comes back as a reference
	// that resolves to the same target and is no longer.
	for _, tt := range resolveTests {
		target := MustParse(tt.want)
		ref, ok := base.Relativize(target)
		if !ok || base.Resolve(ref) != target {
			t.Errorf("Relativize(%q) = %q, %v", target, ref, ok)
			continue
		}
		if len(ref.String()) > len(tt.ref) {
			t.Errorf("Relativize(%q) = %q, longer than %q", target, ref, tt.ref)
		}
	}
	tests := []struct {
		base, target, want string
		ok                 bool
	}{
		{"http://a/b/c/d;p?q", "http://a/b/c/d;p?q", "", true},
		{"http://a/b/c/d;p?q", "http://a/b/c/d;p?q#f", "#f", true},
		{"http://a/b/c/d;p?q", "http://a/b/c/d;p?y", "?y", true},
		{"http://a/b/c/d;p?q", "http://a/b/c/d;p", "d;p", true},
		{"http://a/b/c/d;p?q", "http://a/b/c/", ".", true},
		{"http://a/b/c/d;p?q", "http://a/b/", "..", true},
		{"http://a/b/c/d;p?q", "http://a/", "/", true},
		{"http://a/b/c/d;p?q", "http://a/b/c/g:h", "./g:h", true},
		{"http://a/b/c/d;p?q", "http://a/b/c//g", ".//g", true},
		{"http://a/b/c/d;p?q", "http://a//g", "/.//g", true},
		{"http://a/b/c/d;p?q", "http://other/b/c", "//other/b/c", true},
		{"http://a/b/c/d;p?q", "https://a/b/c/d", "https://a/b/c/d", true},
		{"http://a/b/c/d;p?q", "http://a/b/../c", "", false},
		{"http://a", "http://a/x", "x", true},
		{"http://a", "http://a", "", true},
		{"http://a/x", "http://a", "//a", true},
		{"mailto:a@b", "mailto:c@d", "c@d", true},
		{"urn:isbn:1", "urn:isbn:2", "./isbn:2", true},
		{"urn:isbn:1", "urn:other:2", "./other:2", true},
		{"http://a/résumé/x", "http://a/résumé/Dürst?€", "Dürst?€", true},
	}
	for _, tt := range tests {
		base, target := MustParse(tt.base), MustParse(tt.target)
		got, ok := base.Relativize(target)
		if ok != tt.ok || ok && got.String() != tt.want {
			t.Errorf("%q.Relativize(%q) = %q, %v; want %q, %v", tt.base, tt.target, got, ok, tt.want, tt.ok)
		}
	}
}

func TestRelativizeOptions(t *testing.T) {
	tests := []struct {
		opts               RelativizeOptions
		base, target, want string
	}{
		// What the W3C JSON-LD test suites expect of a compactor.
		{RelativizeJSONLD, "http://example.com/a/b/c", "http://example.com/a/", "../"},
		{RelativizeJSONLD, "http://example.com/a/b/c", "http://example.com/a/b/", "./"},
		{RelativizeJSONLD, "http://example.com/a/b/c", "http://example.com/x", "../../x"},
		{RelativizeJSONLD, "http://example.org/", "http://schema.org/x", "http://schema.org/x"},
		{RelativizeJSONLD, "http://example.org/", "https://example.org/x", "https://example.org/x"},
		{RelativizeJSONLD, "http://example.com/api/things/1", "http://example.com/api/things/1", "1"},
		{RelativizeJSONLD, "http://example.com/a/", "http://example.com/a/", "./"},
		{RelativizeJSONLD, "http://example.com/a/b?q", "http://example.com/a/b?q", "?q"},
		{RelativizeJSONLD, "http://example.com/a/b", "http://example.com/a/b#f", "#f"},
		// The shortest, for comparison.
		{RelativizeOptions{}, "http://example.com/a/b/c", "http://example.com/a/", ".."},
		{RelativizeOptions{}, "http://example.com/a/b/c", "http://example.com/x", "/x"},
		{RelativizeOptions{}, "http://example.org/", "http://schema.org/x", "//schema.org/x"},
		{RelativizeOptions{}, "http://example.com/api/things/1", "http://example.com/api/things/1", ""},
		// A limit on parent steps.
		{RelativizeOptions{ParentSteps: true, MaxParents: 1}, "http://e/a/b/c", "http://e/a/x", "../x"},
		{RelativizeOptions{ParentSteps: true, MaxParents: 1}, "http://e/a/b/c", "http://e/x", "/x"},
		{RelativizeOptions{ParentSteps: true, MaxParents: -1}, "http://e/a/b/c", "http://e/a/x", "/a/x"},
		{RelativizeOptions{ParentSteps: true, MaxParents: -1}, "http://e/a/b/c", "http://e/a/b/d/e", "d/e"},
		// Same document only.
		{RelativizeDocument, "http://e/a/b", "http://e/a/b#f", "#f"},
		{RelativizeDocument, "http://e/a/b", "http://e/a/b?q", "?q"},
		{RelativizeDocument, "http://e/a/b", "http://e/a/c", "http://e/a/c"},
		{RelativizeDocument, "http://e/a/b", "http://e/a/b", "b"},
		// Same authority only: no network path.
		{RelativizeOptions{SameAuthority: true}, "http://a/x", "http://a", "http://a"},
		{RelativizeOptions{}, "http://a/x", "http://a", "//a"},
	}
	for _, tt := range tests {
		base, target := MustParse(tt.base), MustParse(tt.target)
		got, ok := base.RelativizeWith(target, tt.opts)
		if !ok || got.String() != tt.want {
			t.Errorf("%q.RelativizeWith(%q, %+v) = %q, %v; want %q", tt.base, tt.target, tt.opts, got, ok, tt.want)
		}
		if base.Resolve(got) != target {
			t.Errorf("%q.RelativizeWith(%q) = %q resolves to %q", tt.base, tt.target, got, base.Resolve(got))
		}
		checkReparses(t, got)
	}
}

func TestRelativizeAllocs(t *testing.T) {
	base := MustParse("http://example.com/a/b/c?q")
	for _, c := range []struct {
		target string
		want   float64
	}{{"http://example.com/a/b/c?q#f", 0}, {"http://example.com/a/b/d?x", 1}, {"http://example.com/z/y", 1}, {"https://x/", 0}} {
		target := MustParse(c.target)
		if n := testing.AllocsPerRun(100, func() { base.Relativize(target) }); n != c.want {
			t.Errorf("Relativize(%q): %v allocations, want %v", c.target, n, c.want)
		}
	}
}

// TestNonEmptyDoc holds the NonEmpty option to its doc.
func TestNonEmptyDoc(t *testing.T) {
	opts := RelativizeOptions{NonEmpty: true}
	for _, tt := range []struct{ base, want string }{
		{"http://a/b/c?q=1", "?q=1"},
		{"http://a/b/c", "c"},
		{"http://a/b/", "."},
	} {
		b := MustParse(tt.base)
		got, ok := b.RelativizeWith(b, opts)
		if !ok || got.String() != tt.want {
			t.Errorf("RelativizeWith(%s, itself) = %q, %v; want %q", tt.base, got, ok, tt.want)
		}
	}
}

// TestFirstSegmentColon: the colon rule of a relative path (RFC 3986,
// section 4.2) that the parser, Build, Resolve and Relativize share.
func TestFirstSegmentColon(t *testing.T) {
	for path, want := range map[string]int{"": -1, "a": -1, "a:b": 1, ":": 0, "a/b:c": -1, "/a:b": -1, "./a:b": -1, "ab:/c": 2} {
		if got := firstSegmentColon(path); got != want {
			t.Errorf("firstSegmentColon(%q) = %d, want %d", path, got, want)
		}
	}
}

// TestRelativizeEdges: a rootless base cannot be climbed out of, and a
// target twenty directories up gets twenty "../" (more than the constant
// the common case slices).
func TestRelativizeEdges(t *testing.T) {
	if r, ok := MustParse("urn:a/b/c").Relativize(MustParse("urn:d")); !ok || r.String() != "urn:d" {
		t.Errorf("Relativize(urn:a/b/c, urn:d) = %q, %v; want the target itself", r, ok)
	}
	base := MustParse("http://h/" + strings.Repeat("d/", 20) + "x")
	target := MustParse("http://h/y")
	r, ok := base.RelativizeWith(target, RelativizeOptions{ParentSteps: true})
	if want := strings.Repeat("../", 20) + "y"; !ok || r.String() != want {
		t.Errorf("Relativize 20 levels up = %q, %v; want %q", r, ok, want)
	}
	if got := base.Resolve(r); got != target {
		t.Errorf("the relative reference resolves to %q", got)
	}
}
