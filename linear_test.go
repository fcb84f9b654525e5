package iri

import (
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/iri-go/iri/internal/steps"
)

// longFamilies make inputs of about n KiB, valid or not, built to defeat
// work that is not linear: many segments, dot segments, brackets, digits
// after right-to-left letters, percent encodings.
var longFamilies = []struct {
	name string
	make func(n int) string
}{
	{"segments", func(n int) string { return "http://h/" + strings.Repeat("a/é%41", 128*n) }},
	{"segments and a space", func(n int) string { return "http://h/" + strings.Repeat("a/é%41", 128*n) + " " }},
	{"long host", func(n int) string { return "http://" + strings.Repeat("a", 1024*n) + "/" }},
	{"long IPv6", func(n int) string { return "http://[" + strings.Repeat("1:", 512*n) + "]/" }},
	{"colons", func(n int) string { return strings.Repeat(":", 1024*n) }},
	{"invalid UTF-8", func(n int) string { return strings.Repeat("\xff", 1024*n) }},
	{"dot segments", func(n int) string { return "http://h/" + strings.Repeat("../", 170*n) + strings.Repeat("x/", 256*n) }},
	{"brackets", func(n int) string { return "http://h/" + strings.Repeat("א(", 256*n) + strings.Repeat(")1", 256*n) }},
	{"digits after RTL", func(n int) string { return "http://h/א" + strings.Repeat("1", 1024*n) }},
	{"Arabic digits", func(n int) string { return "http://h/ا" + strings.Repeat("1.", 512*n) }},
	{"RTL query", func(n int) string { return "http://h/?" + strings.Repeat("א=1&", 200*n) }},
	{"overlong", func(n int) string { return "http://h/" + strings.Repeat("%C0%AF%2E%2E/", 80*n) }},
	{"encoded RLO", func(n int) string { return "http://h/" + strings.Repeat("%e2%80%ae%C3%A9", 64*n) }},
	{"long punycode", func(n int) string { return "http://xn--" + strings.Repeat("a", 1024*n) + ".example/" }},
	{"mailto", func(n int) string { return "mailto:" + strings.Repeat("a@B,", 256*n) }},
}

// A longEntry is an entry point run on an input s and its parse i; it
// returns the length of its output (0 for CheckBidi, the number of
// problems for Check).
type longEntry struct {
	name string
	f    func(s string, i IRI) int
}

// longEntries returns every entry point, with a base of about n KiB of
// segments for Resolve, Relativize and the Comparer.
func longEntries(n int) []longEntry {
	base := MustParse("http://h/" + strings.Repeat("b/", 512*n) + "c")
	c := &Comparer{Level: ProtocolBased, Base: base}
	c.AddRedirect(MustParse("http://h/x"), MustParse("http://h/y"))
	return []longEntry{
		{"ParseReference", func(s string, _ IRI) int { i, _ := ParseReference(s); return len(i.s) }},
		{"ParseLEIRI", func(s string, _ IRI) int { i, _ := ParseLEIRI(s); return len(i.s) }},
		{"ParseUserInput", func(s string, _ IRI) int { i, _ := ParseUserInput(s); return len(i.s) }},
		{"ToURI", func(_ string, i IRI) int { return len(i.ToURI().s) }},
		{"ToURIWithIDNA", func(_ string, i IRI) int { u, _ := i.ToURIWithIDNA(); return len(u.s) }},
		{"ToIRI", func(_ string, i IRI) int { return len(i.ToIRI().s) }},
		{"ToIRI UnicodeHosts", func(_ string, i IRI) int { return len(Converter{UnicodeHosts: true}.ToIRI(i).s) }},
		{"Normalize", func(_ string, i IRI) int {
			n := 0
			for l := SimpleString; l <= ProtocolBased; l++ {
				n += len(i.Normalize(l).s)
			}
			return n
		}},
		{"Comparer.Normalize", func(_ string, i IRI) int { return len(c.Normalize(i).s) }},
		{"Resolve", func(_ string, i IRI) int { return len(base.Resolve(i).s) }},
		{"Relativize", func(_ string, i IRI) int { r, _ := base.Relativize(i); return len(r.s) }},
		{"CheckBidi", func(_ string, i IRI) int { i.CheckBidi(); return 0 }},
		{"Check", func(_ string, i IRI) int { return len(i.Check()) }},
		{"VisualOrder", func(_ string, i IRI) int { return len(i.VisualOrder()) }},
		{"DisplayEncoded", func(_ string, i IRI) int { return len(i.DisplayEncoded(nil)) }},
	}
}

// parseLong parses an input of longFamilies as a reference, or as an
// LEIRI where it is none.
func parseLong(s string) (IRI, error) {
	i, err := ParseReference(s)
	if err != nil {
		i, _ = ParseLEIRI(s)
	}
	return i, err
}

// The coverage of TestLongInputs: the module's packages and the ones of
// golang.org/x it calls, so that work beyond linear counts wherever it is.
const longCoverPkg = "github.com/iri-go/iri,github.com/iri-go/iri/internal/...,golang.org/x/net/idna,golang.org/x/text/..."

// TestLongInputs runs every entry point on each family's inputs of about
// 2 KiB and 32 KiB and counts the statements they execute (package
// steps), a measure the machine's load does not change: linear work
// executes 16 times as many on the larger input (less, counting the
// constant part), quadratic work 256 times. The test fails above 20
// times, and then names the entry points over it. (The counters hold
// 2^32: the inputs stay small enough for a quadratic step to count
// without wrapping. IRI_RATIOS=1 times the same families at 64 KiB and
// 1 MiB: TestLongInputTimes.)
func TestLongInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the tests again with counters")
	}
	if name, ok := steps.Case(); ok {
		runLongCase(t, name)
		return
	}
	const small, large, bound = 2, 32, 20
	for _, fam := range longFamilies {
		s := fam.make(large)
		if i, err := parseLong(s); err == nil && i.String() != s {
			t.Errorf("%s: ParseReference of %d bytes: String() differs", fam.name, len(s))
		}
	}
	counter := steps.NewCounter(t, longCoverPkg)
	count := func(fam string, n int, entry string) uint64 {
		return counter.Count(t, fam+"@"+strconv.Itoa(n)+"@"+entry)
	}
	for _, fam := range longFamilies {
		cs, cl := count(fam.name, small, ""), count(fam.name, large, "")
		if cs == 0 || cl > bound*cs {
			t.Errorf("%s: %d statements on %d KiB, %d on %d KiB: %.1f times", fam.name, cs, small, cl, large, float64(cl)/float64(cs))
			for _, e := range longEntries(0) {
				if cs, cl := count(fam.name, small, e.name), count(fam.name, large, e.name); cl > bound*cs {
					t.Errorf("%s on %s: %d statements on %d KiB, %d on %d KiB: not linear", e.name, fam.name, cs, small, cl, large)
				}
			}
		}
	}
}

// runLongCase runs a case of TestLongInputs in a child of its counter:
// "family@n@entry" runs the entry point on the family's input of n KiB,
// all of them for an empty entry. It runs every entry point on every
// family's input of 1 KiB first, so that the tables made on first use
// are made before, in the count of the empty case that Count subtracts.
func runLongCase(t *testing.T, name string) {
	for _, fam := range longFamilies {
		s := fam.make(1)
		i, _ := parseLong(s)
		for _, e := range longEntries(1) {
			e.f(s, i)
		}
	}
	if name == "" {
		return
	}
	parts := strings.Split(name, "@")
	n, err := strconv.Atoi(parts[1])
	if len(parts) != 3 || err != nil {
		t.Fatalf("case %q", name)
	}
	ran := false
	for _, fam := range longFamilies {
		if fam.name != parts[0] {
			continue
		}
		s := fam.make(n)
		i, _ := parseLong(s)
		for _, e := range longEntries(n) {
			if parts[2] == "" || e.name == parts[2] {
				e.f(s, i)
				ran = true
			}
		}
	}
	if !ran {
		t.Fatalf("case %q: no such family and entry point", name)
	}
}

// BenchmarkLongInputs times every entry point on each family's inputs of
// 1 KiB and 16 MiB, per input byte (ns/B), with the bytes allocated per
// byte of output (allocB/outB, for the entry points whose output is a
// text): linear work costs the same per byte at both sizes. On a shared
// machine, compare the two sizes of one run:
//
//	go test -run '^$' -bench LongInputs -benchtime 3x .
func BenchmarkLongInputs(b *testing.B) {
	for _, fam := range longFamilies {
		for _, kib := range []int{1, 16 << 10} {
			s := fam.make(kib)
			i, _ := parseLong(s)
			for _, e := range longEntries(kib) {
				b.Run(fam.name+"/"+e.name+"/"+strconv.Itoa(kib)+"KiB", func(b *testing.B) {
					var before, after runtime.MemStats
					runtime.ReadMemStats(&before)
					out := 0
					for b.Loop() {
						out = e.f(s, i)
					}
					runtime.ReadMemStats(&after)
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(s)), "ns/B")
					if e.name != "CheckBidi" && e.name != "Check" {
						b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N*max(out, 1)), "allocB/outB")
					}
				})
			}
		}
	}
}
