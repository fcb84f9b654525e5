package uritemplate

import (
	"fmt"
	"net/url"
	"os"
	"regexp"
	"testing"
	"time"

	"github.com/iri-go/iri/internal/abba"
	"github.com/iri-go/iri/internal/pct"
)

// TestMatchRatio measures the figure of docs/speed.md for Match: Match
// beside Go's regexp submatch on the equivalent expression, which decodes
// the values as Match does (net/url's unescaping), in adjacent slices of
// one run, A B B A (package abba), on the template of BenchmarkMatch and
// on a router's path of three variables; and, as the floor of Match, the
// making of its result alone (the map, the values in interfaces, the
// decoded ones), beside the same regexp. It runs when IRI_RATIOS is set:
//
//	IRI_RATIOS=1 go test -run TestMatchRatio -v ./uritemplate/
func TestMatchRatio(t *testing.T) {
	if os.Getenv("IRI_RATIOS") == "" {
		t.Skip("set IRI_RATIOS=1 to measure the figure for Match")
	}
	const n = 100 // matches a pass
	for _, c := range matchRatioCases(t) {
		match := func() int {
			for range n {
				if _, ok := c.tmpl.Match(c.in); !ok {
					t.Fatalf("%s: no match", c.name)
				}
			}
			return n
		}
		re := func() int {
			for range n {
				if !c.re(c.in) {
					t.Fatalf("%s: no regexp match", c.name)
				}
			}
			return n
		}
		fmt.Printf("Match %s, of regexp: %v\n", c.name, abba.Measure(match, re, 9, 50*time.Millisecond))
		// What Match cannot do without: its result, a map of the values
		// in interfaces, those that were encoded decoded again.
		want, _ := c.tmpl.Match(c.in)
		type pair struct{ name, text string }
		var texts []pair
		for name, v := range want {
			texts = append(texts, pair{name, url.PathEscape(v.(string))})
		}
		result := func() int {
			for range n {
				res := make(map[string]any, len(texts))
				for _, p := range texts {
					res[p.name] = pct.Decode(p.text)
				}
				resultSink = res
			}
			return n
		}
		fmt.Printf("Match %s, its result alone, of regexp: %v\n", c.name, abba.Measure(result, re, 9, 50*time.Millisecond))
	}
}

// resultSink keeps the maps of TestMatchRatio on the heap, as Match's are.
var resultSink map[string]any

type matchRatioCase struct {
	name string
	tmpl Template
	in   string
	re   func(string) bool // the regexp's submatch and the decoding
}

// matchRatioCases are the pairs of TestMatchRatio. Each regexp side does
// what BenchmarkMatchRegexp does: the submatch, then each value decoded
// (the query by url.ParseQuery, into its map), without a map of the
// results; what it reads is checked against Match here, outside the
// timed passes, so that both sides read the same values.
func matchRatioCases(t *testing.T) []matchRatioCase {
	api := regexp.MustCompile(`^https://api\.example\.com/users/([^/?#]*)/repos/([^/?#]*)(?:\?(.*))?$`)
	router := regexp.MustCompile(`^/repos/([^/?#]*)/([^/?#]*)/issues/([^/?#]*)$`)
	// What the regexps read last, kept outside the timed passes.
	var vals [3]string
	var query url.Values
	cases := []matchRatioCase{
		{"api (BenchmarkMatch)", benchTemplate, benchURI, func(s string) bool {
			m := api.FindStringSubmatch(s)
			if m == nil {
				return false
			}
			vals[0], _ = url.PathUnescape(m[1])
			vals[1], _ = url.PathUnescape(m[2])
			query, _ = url.ParseQuery(m[3])
			return true
		}},
		{"router", MustParse("/repos/{owner}/{repo}/issues/{number}"), "/repos/iri-go/hello%20world/issues/1234", func(s string) bool {
			m := router.FindStringSubmatch(s)
			if m == nil {
				return false
			}
			vals[0], _ = url.PathUnescape(m[1])
			vals[1], _ = url.PathUnescape(m[2])
			vals[2], _ = url.PathUnescape(m[3])
			return true
		}},
	}
	reads := []func() map[string]any{
		func() map[string]any {
			got := map[string]any{"user": vals[0], "repo": vals[1]}
			for k, v := range query {
				got[k] = v[0]
			}
			return got
		},
		func() map[string]any { return map[string]any{"owner": vals[0], "repo": vals[1], "number": vals[2]} },
	}
	for i, c := range cases {
		want, ok := c.tmpl.Match(c.in)
		if !ok || !c.re(c.in) || fmt.Sprint(reads[i]()) != fmt.Sprint(want) {
			t.Fatalf("%s: Match = %v, %v; the regexp reads %v", c.name, want, ok, reads[i]())
		}
	}
	return cases
}
