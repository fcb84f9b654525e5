package iri

import (
	"fmt"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/iri-go/iri/idn"
	"github.com/iri-go/iri/internal/abba"
	"golang.org/x/net/idna"
)

// TestSpeedRatios measures the ratios of the README's speed table: each
// operation (A) beside its reference point (B) on the same inputs, in
// adjacent slices of one run, A B B A (package abba); the table gives the
// median of the rounds and their spread. It runs when IRI_RATIOS is set:
//
//	IRI_RATIOS=1 go test -run TestSpeedRatios -v .
func TestSpeedRatios(t *testing.T) {
	if os.Getenv("IRI_RATIOS") == "" {
		t.Skip("set IRI_RATIOS=1 to measure the README's speed ratios")
	}
	const rounds = 9
	fmt.Printf("| operation (A), of its reference (B) | %s |\n", strings.Join(corpora, " | "))
	fmt.Printf("| --- |%s\n", strings.Repeat(" ---: |", len(corpora)))
	cells := map[string][]string{}
	var order []string
	for _, name := range corpora {
		for _, p := range ratioPairs(t, name) {
			if _, ok := cells[p.name]; !ok {
				order = append(order, p.name)
			}
			for len(cells[p.name]) < slices.Index(corpora, name) {
				cells[p.name] = append(cells[p.name], "—")
			}
			cells[p.name] = append(cells[p.name], abba.Measure(p.a, p.b, rounds, 10*time.Millisecond).String())
		}
	}
	for _, row := range order {
		for len(cells[row]) < len(corpora) {
			cells[row] = append(cells[row], "—")
		}
		fmt.Printf("| %s | %s |\n", row, strings.Join(cells[row], " | "))
	}
	fmt.Println()
	fmt.Println("| on hosts in punycode (BenchmarkPunycodeHosts) | |")
	fmt.Println("| --- | ---: |")
	for _, p := range punycodePairs(t) {
		fmt.Printf("| %s | %s |\n", p.name, abba.Measure(p.a, p.b, rounds, 10*time.Millisecond).String())
	}
}

// punycodePairs are the displays and Check on hosts in punycode, beside
// x/net/idna's ToUnicode and Parse.
func punycodePairs(tb testing.TB) []ratioPair {
	hosts, iris, lines := punycodeIRIs(tb)
	displayHost := func() int {
		for _, i := range iris {
			h, _ := idn.DisplayHost(i.Host())
			benchSink += len(h)
		}
		return len(iris)
	}
	toUnicode := func() int {
		for _, h := range hosts {
			u, _ := idna.Display.ToUnicode(h)
			benchSink += len(u)
		}
		return len(hosts)
	}
	check := func() int {
		for _, i := range iris {
			benchSink += len(i.Check())
		}
		return len(iris)
	}
	parse := func() int {
		for _, s := range lines {
			parseOnly(s)
		}
		return len(lines)
	}
	return []ratioPair{
		{"`idn.DisplayHost`, of x/net/idna's `Display.ToUnicode`", displayHost, toUnicode},
		{"`Check`, of `Parse`", check, parse},
	}
}

// A ratioPair is an operation and its reference point, each a pass over
// a corpus sample.
type ratioPair struct {
	name string
	a, b abba.Pass
}

// ratioPairs returns the pairs the README's table measures on one corpus.
func ratioPairs(tb testing.TB, name string) []ratioPair {
	lines, _ := loadCorpus(tb, name)
	iris, _ := parsedCorpus(tb, name)
	parsed := texts(iris)
	each := func(lines []string, f func(string)) func() int {
		return func() int {
			for _, s := range lines {
				f(s)
			}
			return len(lines)
		}
	}
	eachIRI := func(iris []IRI, f func(IRI)) func() int {
		return func() int {
			for _, i := range iris {
				f(i)
			}
			return len(iris)
		}
	}
	urlParse := func(s string) {
		if u, _ := url.Parse(s); u != nil {
			benchSink += len(u.Path)
		}
	}
	pairs := []ratioPair{
		{"`Parse`, of `net/url.Parse`", each(lines, parseOnly), each(lines, urlParse)},
		{"`Parse`, of its floor (placement-sensitive)", each(lines, parseOnly), each(lines, func(s string) { benchSink += classifyFloor(s) })},
		{"`Parse` then `ToURI`, of `net/url.Parse` then `String`", each(parsed, func(s string) {
			i, _ := Parse(s)
			benchSink += len(i.ToURI().s)
		}), each(parsed, urlParseString)},
		{"`ToURI`, of its floor", eachIRI(iris, func(i IRI) { benchSink += len(i.ToURI().s) }),
			each(parsed, func(s string) { benchSink += len(percentEncodeFloor(s)) })},
	}

	uris := make([]IRI, len(iris))
	for k, i := range iris {
		uris[k] = i.ToURI()
	}
	uriTexts := texts(uris)
	pairs = append(pairs,
		ratioPair{"`ToIRI` of the URI forms, of their `Parse`", eachIRI(uris, func(i IRI) { benchSink += len(i.ToIRI().s) }), each(uriTexts, parseOnly)},
	)

	canon, _ := canonicalCorpus(tb, name)
	canonTexts := texts(canon)
	pairs = append(pairs,
		ratioPair{"`Normalize(SyntaxBased)` of canonical IRIs, of `Parse`", eachIRI(canon, func(i IRI) { benchSink += len(i.Normalize(SyntaxBased).s) }), each(canonTexts, parseOnly)},
		ratioPair{"`Normalize(SchemeBased)`, of `Parse`", eachIRI(canon, func(i IRI) { benchSink += len(i.Normalize(SchemeBased).s) }), each(canonTexts, parseOnly)},
		ratioPair{"`Equal(a, b, SchemeBased)`, of `net/url.Parse` then `String`", func() int {
			for k := range canon {
				if Equal(canon[k], canon[(k+1)%len(canon)], SchemeBased) {
					benchSink++
				}
			}
			return len(canon)
		}, each(canonTexts, urlParseString)},
	)

	const baseText = "http://example.org/a/b/c?q"
	base := MustParse(baseText)
	ubase, _ := url.Parse(baseText)
	refs, urefs, targets := resolveInputs(base, iris)
	resolve := eachIRI(refs, func(r IRI) { benchSink += len(base.Resolve(r).s) })
	pairs = append(pairs,
		ratioPair{"`Resolve` of a path-absolute reference, of `Parse` of the target", resolve, each(targets, parseOnly)},
		ratioPair{"`Resolve`, of `url.ResolveReference`", resolve, func() int {
			for _, u := range urefs {
				benchSink += len(ubase.ResolveReference(u).Path)
			}
			return len(urefs)
		}},
		ratioPair{"`ParseLEIRI` of IRI references, of `Parse`", each(parsed, func(s string) {
			i, _ := ParseLEIRI(s)
			benchSink += i.pathEnd()
		}), each(parsed, parseOnly)},
		ratioPair{"`ParseUserInput` of IRI references, of `Parse`", each(parsed, func(s string) {
			i, _ := ParseUserInput(s)
			benchSink += i.pathEnd()
		}), each(parsed, parseOnly)},
	)

	comps := make([]Components, len(iris))
	var urls []*url.URL
	for k, i := range iris {
		comps[k] = i.Components()
		if u, err := url.Parse(i.s); err == nil {
			urls = append(urls, u)
		}
	}
	paths := make([]string, len(iris))
	for k, i := range iris {
		paths[k], _ = Unescape(i.Path())
	}
	pairs = append(pairs,
		ratioPair{"`Build` of the `Components`, of `net/url`'s `URL.String`", func() int {
			for _, c := range comps {
				i, _ := Build(c)
				benchSink += i.pathEnd()
			}
			return len(comps)
		}, func() int {
			for _, u := range urls {
				benchSink += len(u.String())
			}
			return len(urls)
		}},
		ratioPair{"`EscapePathSegment` of decoded paths, of `url.PathEscape`", each(paths, func(s string) { benchSink += len(EscapePathSegment(s)) }),
			each(paths, func(s string) { benchSink += len(url.PathEscape(s)) })},
	)
	var withQuery []IRI
	for _, i := range iris {
		if i.Query() != "" {
			withQuery = append(withQuery, i)
		}
	}
	if len(withQuery) >= 100 {
		pairs = append(pairs, ratioPair{"`QueryParams`, of `url.ParseQuery`", eachIRI(withQuery, func(i IRI) {
			for n, v := range i.QueryParams() {
				benchSink += len(n) + len(v)
			}
		}), eachIRI(withQuery, func(i IRI) {
			v, _ := url.ParseQuery(i.Query())
			benchSink += len(v)
		})})
	}

	bases, relTargets, relTexts := relativizeInputs(iris)
	relativize := func(opts RelativizeOptions) func() int {
		return func() int {
			for k := range bases {
				r, _ := bases[k].RelativizeWith(relTargets[k], opts)
				benchSink += r.pathEnd()
			}
			return len(bases)
		}
	}
	pairs = append(pairs,
		ratioPair{"`Relativize` (shortest), of `Parse`", relativize(RelativizeOptions{}), each(relTexts, parseOnly)},
		ratioPair{"`RelativizeWith(RelativizeJSONLD)`, of `Parse`", relativize(RelativizeJSONLD), each(relTexts, parseOnly)},
		ratioPair{"`CheckBidi`, of `Parse`", eachIRI(iris, func(i IRI) {
			if i.CheckBidi() != nil {
				benchSink++
			}
		}), each(parsed, parseOnly)},
		ratioPair{"`Check`, of `Parse`", eachIRI(iris, func(i IRI) { benchSink += len(i.Check()) }), each(parsed, parseOnly)},
	)
	return pairs
}

// TestLongInputTimes times every entry point on TestLongInputs' families
// at 64 KiB and 1 MiB, where the caches and the packages TestLongInputs
// does not count come into the figures: linear work takes about 16 times
// as long on the larger input, quadratic work 256 times. It runs when
// IRI_RATIOS is set, on a quiet machine:
//
//	IRI_RATIOS=1 go test -run TestLongInputTimes -v .
func TestLongInputTimes(t *testing.T) {
	if os.Getenv("IRI_RATIOS") == "" {
		t.Skip("set IRI_RATIOS=1 to time the long inputs")
	}
	// best returns the least time of runs calls, the figure least
	// disturbed by the rest of the machine.
	best := func(runs int, f func()) time.Duration {
		least := time.Duration(1<<63 - 1)
		for range runs {
			start := time.Now()
			f()
			least = min(least, time.Since(start))
		}
		return least
	}
	entries := longEntries(128)
	for _, fam := range longFamilies {
		small, large := fam.make(64), fam.make(1024)
		si, _ := parseLong(small)
		li, _ := parseLong(large)
		for _, e := range entries {
			ts := best(5, func() { e.f(small, si) })
			tl := best(3, func() { e.f(large, li) })
			fmt.Printf("%-20s %-20s %10v %10v %5.0f\n", fam.name, e.name, ts, tl, float64(tl)/float64(ts))
			if tl > 5*time.Millisecond && tl > 128*ts {
				t.Errorf("%s on %s: %v for 1 MiB, %v for 64 KiB: not linear", e.name, fam.name, tl, ts)
			}
		}
	}
}
