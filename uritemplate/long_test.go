package uritemplate

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// longValues are values of about n bytes for the expansions of
// TestExpandLongAllocations and BenchmarkExpandLong: ASCII to keep, and
// characters to encode.
var longValues = []struct {
	name string
	make func(n int) string
}{
	{"unreserved", func(n int) string { return strings.Repeat("abc", n/3) }},
	{"to encode", func(n int) string { return strings.Repeat("é /", n/4) }},
}

var longTemplate = MustParse("http://h/{x}{/y}{?q}")

// TestExpandLongAllocations: the expansion of one value of 1 MiB, beyond
// Expand's bound (ExpandLimit without one), allocates at most twice its
// result (the buffer it is written in, and
// the string), whatever it encodes.
func TestExpandLongAllocations(t *testing.T) {
	for _, v := range longValues {
		s := v.make(1 << 20)
		var out string
		got := ^uint64(0) // the least of three runs
		for range 3 {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			var err error
			out, err = longTemplate.ExpandLimit(map[string]any{"x": s}, 0)
			if err != nil {
				t.Fatal(err)
			}
			runtime.ReadMemStats(&after)
			got = min(got, after.TotalAlloc-before.TotalAlloc)
		}
		if got > 2*uint64(len(out))+64<<10 { // a large object takes whole pages
			t.Errorf("Expand of a value %s of %d bytes: %d bytes allocated for %d", v.name, len(s), got, len(out))
		}
	}
}

// BenchmarkExpandLong times Expand (ExpandLimit without a bound), ExpandIRI
// (below its bound, MaxLength, only) and Match on values of 1 KiB and 16
// MiB, per byte (ns/B): linear work costs the same per byte at both sizes.
//
//	go test -run '^$' -bench ExpandLong -benchtime 3x ./uritemplate/
func BenchmarkExpandLong(b *testing.B) {
	for _, v := range longValues {
		for _, n := range []int{1 << 10, 16 << 20} {
			s := v.make(n)
			vars := map[string]any{"x": s, "y": s, "q": s}
			uri, _ := longTemplate.ExpandLimit(vars, 0)
			for _, e := range []struct {
				name string
				f    func()
			}{
				{"Expand", func() { longTemplate.ExpandLimit(vars, 0) }},
				{"ExpandIRI", func() { longTemplate.ExpandIRI(vars) }},
				{"Match", func() { longTemplate.Match(uri) }},
			} {
				if e.name == "ExpandIRI" && len(uri) > MaxLength {
					continue
				}
				b.Run(v.name+"/"+e.name+"/"+strconv.Itoa(n>>10)+"KiB", func(b *testing.B) {
					for b.Loop() {
						e.f()
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(s)), "ns/B")
				})
			}
		}
	}
}
