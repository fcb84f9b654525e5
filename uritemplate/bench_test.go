package uritemplate

import (
	"net/url"
	"regexp"
	"strconv"
	"strings"
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
	ambiguousTemplate = MustParse("{x}-{y}")
	literalTemplate   = MustParse("http://a/b")
	listTemplate      = MustParse("{/x*}{?y}{&z*}")
	listVars          = map[string]any{"x": []string{"a", "b"}, "y": []any{1, "c"}, "z": [][2]string{{"a", "b"}}}
)

// The template of the issue that repeats a variable: a hundred times
// "/{a}/lit-{b}".
var (
	repeatTemplate = MustParse(strings.Repeat("/{a}/lit-{b}", 100))
	repeatURI, _   = repeatTemplate.Expand(map[string]any{"a": "x y", "b": "z"})
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
		{"MatchRaw fails", 0, func() { benchTemplate.MatchRaw("https://api.example.com/users/a/repos/b?page=1&x") }},
		// The map (two), two values, "x y" decoded: each variable once,
		// however often the template names it.
		{"Match repeated", 5, func() { repeatTemplate.Match(repeatURI) }},
		// The machine, where more than one way goes on: no more.
		{"Match ambiguous", 4, func() { ambiguousTemplate.Match("a-b-c-d") }},
		{"Match ambiguous fails", 0, func() { ambiguousTemplate.Match("a-b-c-d/") }},
	}
	// Two matches at once: a machine kept aside, one from the pool.
	p := benchTemplate.program()
	tests = append(tests, struct {
		name string
		want float64
		f    func()
	}{"two machines", 0, func() {
		m1, m2 := p.get(), p.get()
		p.put(m1)
		p.put(m2)
	}})
	for _, tt := range tests {
		if got := testing.AllocsPerRun(100, tt.f); got != tt.want {
			t.Errorf("%s: %v allocations; want %v", tt.name, got, tt.want)
		}
	}
}

// TestMatchLinear holds the cost of Match: the work (units read by its
// threads, its searches for literals, its backtracking and its
// deterministic automaton) that a longer input adds is proportional to the
// length it adds, whatever the input repeats of the template's literals,
// and whether it matches or not, with a factor that the template bounds.
// It counts work, not time.
func TestMatchLinear(t *testing.T) {
	lit := strings.Repeat("a", 999) + "b"
	tests := []struct {
		name string
		tmpl string
		in   func(n int) string
	}{
		// A long literal that every position begins.
		{"literal", "{x}" + lit, func(n int) string { return strings.Repeat("a", n) }},
		{"literal found", "{x}" + lit, func(n int) string { return strings.Repeat("a", n) + "b" }},
		{"literal between", "{x}" + lit + "{y}", func(n int) string { return strings.Repeat("a", n) + "b" + strings.Repeat("a", n) }},
		{"periodic literal", "{x}" + strings.Repeat("ab", 500) + "{y}", func(n int) string { return strings.Repeat("ab", n/2) }},
		{"encoded", "{x}" + strings.Repeat("%C3%A9", 300) + "/", func(n int) string { return strings.Repeat("é", n/2) }},
		{"lower case", "{x}" + strings.Repeat("%41", 300) + "/", func(n int) string { return strings.Repeat("%61", n/3) }},
		// Many expressions, told apart by their literals, or not.
		{"segments", strings.Repeat("/{a}", 200), func(n int) string { return strings.Repeat("/"+strings.Repeat("x", n/200), 200) }},
		{"segments short", strings.Repeat("/{a}", 200), func(n int) string { return strings.Repeat("/x", n/2) }},
		{"adjacent", strings.Repeat("{a}", 50), func(n int) string { return strings.Repeat("x", n) }},
		{"adjacent fails", strings.Repeat("{a}", 50) + "!", func(n int) string { return strings.Repeat("x", n) }},
		{"dots", strings.Repeat("{.a}", 50) + ".x", func(n int) string { return strings.Repeat(".x", n/2) }},
		{"prefix", "{a:20}{b:20}-", func(n int) string { return strings.Repeat("x", n) }},
		{"prefix found", "{a:20}{b:20}-", func(n int) string { return strings.Repeat("x", n) + "-" }},
		{"exploded", "{/a*}{/b*}/" + lit, func(n int) string { return strings.Repeat("/a", n/2) }},
		{"query", "{?a,b,c}{&d*}", func(n int) string { return "?a=1&b=2" + strings.Repeat("&d=1", n/4) }},
		// Reserved expressions, which may hold the literals that follow.
		{"reserved", strings.Repeat("{+a}/", 200), func(n int) string { return strings.Repeat("x/", n/2) }},
		{"reserved fails", strings.Repeat("{+a}/", 200) + "!", func(n int) string { return strings.Repeat("x/", n/2) }},
		{"reserved segments", strings.Repeat("{+a}/", 200), func(n int) string { return strings.Repeat(strings.Repeat("x", n/200-1)+"/", 200) }},
		// A name that repeats, whose places disagree: each kind of place
		// is tried once, and no long value is expanded at a short place.
		{"repeated", strings.Repeat("{a}", 200), func(n int) string { return strings.Repeat("x", n) }},
		{"repeated kinds", strings.Repeat("{a}{/a*}{a:3}", 50), func(n int) string { return strings.Repeat("x/", n/2) }},
		{"repeated agree", strings.Repeat("/{a}", 100), func(n int) string { return strings.Repeat("/"+strings.Repeat("x", n/100), 100) }},
	}
	for _, tt := range tests {
		tm := MustParse(tt.tmpl)
		var work, size [2]int
		for i, n := range []int{1 << 14, 1 << 15} {
			in := tt.in(n)
			size[i] = len(in)
			tm.match(in, true, &work[i])
		}
		bound := 2*len(tm.specs) + 16
		for _, v := range tm.specs {
			bound += 2 * v.prefix
		}
		if added := work[1] - work[0]; work[0] == 0 || added > bound*(size[1]-size[0]) {
			t.Errorf("%s: work %d on %d bytes, %d on %d", tt.name, work[0], size[0], work[1], size[1])
		}
	}
}

// BenchmarkCompile measures the first Match of a template, which compiles
// it.
func BenchmarkCompile(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		tm, _ := Parse(benchTemplate.String())
		if _, ok := tm.Match(benchURI); !ok {
			b.Fatal("no match")
		}
	}
}
