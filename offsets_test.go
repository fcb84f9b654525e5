package iri

import (
	"strings"
	"testing"
)

// checkWide holds the offsets that the wide form of i finds in its text,
// and the accessors that read them, to i's own.
func checkWide(t testing.TB, what string, i IRI) {
	t.Helper()
	want := i.offsets()
	w := packWide(i.s, want.pathStart, want.pathEnd)
	if got := w.offsets(); got != want {
		t.Fatalf("%s %q: wide offsets %+v, want %+v", what, i.s, got, want)
	}
	if w.Scheme() != i.Scheme() || w.HasAuthority() != i.HasAuthority() || w.Userinfo() != i.Userinfo() ||
		w.Host() != i.Host() || w.HasPort() != i.HasPort() || w.Port() != i.Port() || w.Path() != i.Path() ||
		w.HasQuery() != i.HasQuery() || w.Query() != i.Query() || w.HasFragment() != i.HasFragment() || w.Fragment() != i.Fragment() {
		t.Fatalf("%s %q: the wide form's components differ", what, i.s)
	}
}

// TestWideOffsets holds the offsets a wide IRI finds in its text to the
// ones the parser and the builders found, on the corpora, the table of
// valid IRIs, authorities of every shape, and what Resolve, Relativize,
// ToURI, ToIRI, Normalize and Build make of them.
func TestWideOffsets(t *testing.T) {
	inputs := []string{
		"", "a", "a:", "a:b", "?q", "#f", "?#", "//", "//h", "///", "//h:80", "//u@h:80/p", "//u:p@h:/",
		"//[::1]:80", "//[v1.a:b]/x", "//[::1]", "http://:80/", "http://u:p@[::1]:8/?#", "s://", "s:///",
		"file:///etc", "mailto:a@b.example", "http://h:/", "http://u@/", "http://@h", "urn:a:b:c",
		"http://a/b?c:d@e#f:g", "http://ex.org/ä?é#ü", "./a:b", "../../x", "/a/b",
	}
	for _, name := range corpora {
		lines, _ := loadCorpus(t, name)
		inputs = append(inputs, lines[:2000]...)
	}
	for _, row := range readTable(t, "valid.txt") {
		inputs = append(inputs, row[0])
	}
	base := MustParse("http://u@a.example:8/b/c/d;p?q#f")
	n := 0
	for _, s := range inputs {
		i, err := ParseReference(s)
		if err != nil {
			continue
		}
		n++
		checkWide(t, "ParseReference", i)
		checkWide(t, "Resolve", base.Resolve(i))
		checkWide(t, "ToURI", i.ToURI())
		checkWide(t, "ToIRI", i.ToURI().ToIRI())
		checkWide(t, "WithoutFragment", i.WithoutFragment())
		for l := SimpleString; l <= ProtocolBased; l++ {
			checkWide(t, "Normalize", i.Normalize(l))
		}
		if r, ok := base.Relativize(base.Resolve(i)); ok {
			checkWide(t, "Relativize", r)
		}
		if b, err := Build(i.Components()); err == nil {
			checkWide(t, "Build", b)
		}
	}
	if n < 5000 {
		t.Errorf("only %d references", n)
	}
}

// TestPackedLength parses IRIs with every component on either side of
// packedLen, the length from which an IRI is wide, and checks each
// component, and that two parses of equal texts are ==.
func TestPackedLength(t *testing.T) {
	const head, tail = "s://u@h:1/", "?q#f"
	for _, n := range []int{packedLen - 1, packedLen, packedLen + 1} {
		if n < len(head)+len(tail) {
			continue // a build with every IRI wide (iri_wide)
		}
		s := head + strings.Repeat("a", n-len(head)-len(tail)) + tail
		i, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		if i.wide() != (n >= packedLen) {
			t.Errorf("%d bytes: wide %v", n, i.wide())
		}
		if i.Scheme() != "s" || i.Userinfo() != "u" || i.Host() != "h" || i.Port() != "1" ||
			len(i.Path()) != n-len(head)-len(tail)+1 || i.Query() != "q" || i.Fragment() != "f" {
			t.Errorf("%d bytes: %q %q %q %q, path of %d, %q %q", n, i.Scheme(), i.Userinfo(), i.Host(), i.Port(), len(i.Path()), i.Query(), i.Fragment())
		}
		if j := MustParse(strings.Clone(s)); j != i {
			t.Errorf("%d bytes: two parses of the same text are not ==", n)
		}
	}
}
