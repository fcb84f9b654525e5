package uritemplate

import (
	"net/url"
	"regexp"
	"strconv"
	"testing"
)

// The typical template of the issue: a path with two variables and a
// query of three.
var (
	benchTemplate = MustParse("https://api.example.com/users/{user}/repos/{repo}{?page,per_page,sort}")
	benchVars     = map[string]any{"user": "octocat", "repo": "hello world", "page": "2", "per_page": 50, "sort": "updated"}
	benchURI      = "https://api.example.com/users/octocat/repos/hello%20world?page=2&per_page=50&sort=updated"
)

func BenchmarkExpand(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := benchTemplate.Expand(benchVars); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExpandStdlib builds the same URI by hand with net/url, the
// standard library's nearest equivalent, for scale.
func BenchmarkExpandStdlib(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		q := url.Values{}
		q.Set("page", benchVars["page"].(string))
		q.Set("per_page", strconv.Itoa(benchVars["per_page"].(int)))
		q.Set("sort", benchVars["sort"].(string))
		s := "https://api.example.com/users/" + url.PathEscape(benchVars["user"].(string)) +
			"/repos/" + url.PathEscape(benchVars["repo"].(string)) + "?" + q.Encode()
		if len(s) == 0 {
			b.Fatal(s)
		}
	}
}

func BenchmarkExpandIRI(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := benchTemplate.ExpandIRI(benchVars); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMatch(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := benchTemplate.Match(benchURI); !ok {
			b.Fatal("no match")
		}
	}
}

// BenchmarkMatchRegexp reads the same URI with a regular expression and
// net/url's unescaping, the standard library's way (RFC 6570, section
// 1.4, suggests regular expressions for matching).
func BenchmarkMatchRegexp(b *testing.B) {
	re := regexp.MustCompile(`^https://api\.example\.com/users/([^/?#]*)/repos/([^/?#]*)(?:\?(.*))?$`)
	b.ReportAllocs()
	for b.Loop() {
		m := re.FindStringSubmatch(benchURI)
		if m == nil {
			b.Fatal("no match")
		}
		user, _ := url.PathUnescape(m[1])
		repo, _ := url.PathUnescape(m[2])
		q, _ := url.ParseQuery(m[3])
		if user == "" || repo == "" || len(q) != 3 {
			b.Fatal(user, repo, q)
		}
	}
}

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(benchTemplate.String()); err != nil {
			b.Fatal(err)
		}
	}
}

var (
	literalTemplate = MustParse("http://a/b")
	listTemplate    = MustParse("{/x*}{?y}{&z*}")
	listVars        = map[string]any{"x": []string{"a", "b"}, "y": []any{1, "c"}, "z": [][2]string{{"a", "b"}}}
)

// TestAllocs holds the allocation claims: Expand allocates its result
// only; Match its map and the values it decodes; a literal template
// nothing.
func TestAllocs(t *testing.T) {
	if got, err := benchTemplate.Expand(benchVars); err != nil || got != benchURI {
		t.Fatalf("Expand = %q, %v", got, err)
	}
	tests := []struct {
		name string
		want float64
		f    func()
	}{
		{"Expand", 1, func() { benchTemplate.Expand(benchVars) }},
		{"Expand literal", 0, func() { literalTemplate.Expand(nil) }},
		{"Expand list", 1, func() { listTemplate.Expand(listVars) }},
		{"ExpandIRI", 1, func() { benchTemplate.ExpandIRI(benchVars) }},
		// The result: the map (two), its five values (a string in an
		// interface is one), and "hello world" decoded.
		{"Match", 8, func() { benchTemplate.Match(benchURI) }},
		{"Match no value", 0, func() { benchTemplate.Match("https://api.example.com/users") }},
		{"Match fails", 0, func() { benchTemplate.Match("https://api.example.com/groups/") }},
	}
	for _, tt := range tests {
		if got := testing.AllocsPerRun(100, tt.f); got != tt.want {
			t.Errorf("%s: %v allocations; want %v", tt.name, got, tt.want)
		}
	}
}
