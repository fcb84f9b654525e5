package uritemplate

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/iri-go/iri"
)

type matchCase struct {
	tmpl, in string
	want     map[string]any // nil: no match
}

func runMatchCases(t *testing.T, match func(Template, string) (map[string]any, bool), tests []matchCase) {
	t.Helper()
	for _, tt := range tests {
		tm := MustParse(tt.tmpl)
		got, ok := match(tm, tt.in)
		if tt.want == nil {
			if ok {
				t.Errorf("%q on %q = %#v, true; want no match", tt.tmpl, tt.in, got)
			}
			continue
		}
		if !ok || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%q on %q = %#v, %v; want %#v", tt.tmpl, tt.in, got, ok, tt.want)
		}
	}
}

func TestMatch(t *testing.T) {
	runMatchCases(t, Template.Match, []matchCase{
		{"http://example.com/~{username}/", "http://example.com/~fred/", map[string]any{"username": "fred"}},
		{"http://example.com/dictionary/{term:1}/{term}", "http://example.com/dictionary/c/cat", map[string]any{"term": "cat"}},
		{"http://example.com/dictionary/{term:1}/{term}", "http://example.com/dictionary/d/cat", nil},
		{"http://example.com/search{?q,lang}", "http://example.com/search?q=cat&lang=en", map[string]any{"q": "cat", "lang": "en"}},
		{"http://example.com/search{?q,lang}", "http://example.com/search", map[string]any{}},
		{"http://example.com/search{?q,lang}", "http://example.com/search?q=a&x=1", nil},
		// Expand writes the pairs in the order of the variables.
		{"http://example.com/search{?q,lang}", "http://example.com/search?lang=fr&q=chien", nil},
		{"/files/{name}.json", "/files/a.b.json", map[string]any{"name": "a.b"}},
		{"/files/{name}.json?x", "/files/a.b.json?x", map[string]any{"name": "a.b"}},
		{"/users{/id}{?fields}", "/users/42?fields=a,b", map[string]any{"id": "42", "fields": []string{"a", "b"}}},
		{"/users{/id}{?fields}", "/users", map[string]any{}},
		{"{/list*}", "/red/green/blue", map[string]any{"list": []string{"red", "green", "blue"}}},
		{"{?list*}", "?list=red&list=green", map[string]any{"list": []string{"red", "green"}}},
		{"{;x,y,empty}", ";x=1024;y=768;empty", map[string]any{"x": "1024", "y": "768", "empty": ""}},
		{"{?x,y,empty}", "?x=1024&y=768&empty=", map[string]any{"x": "1024", "y": "768", "empty": ""}},
		{"{+path}/here", "/foo/bar/here", map[string]any{"path": "/foo/bar"}},
		{"{#path}", "#/a%20b", map[string]any{"path": "/a b"}},
		{"{hello}", "Hello%20World%21", map[string]any{"hello": "Hello World!"}},
		{"{hello}", "Hello%20World!", nil},
		{"café/{var}", "caf%C3%A9/value", map[string]any{"var": "value"}},
		{"café/{var}", "café/value", map[string]any{"var": "value"}},
		{"café/{var}", "caf%c3%a9/value", map[string]any{"var": "value"}},
		{"/{word}", "/dr%C3%BCcken", map[string]any{"word": "drücken"}},
		{"/{word}", "/drücken", map[string]any{"word": "drücken"}},
		{"/{word}", "/a%2Fb", map[string]any{"word": "a/b"}},
		{"/{word}", "/a/b", nil},
		{"{/var:1,var}", "/v/value", map[string]any{"var": "value"}},
		{"{/var:1,var}", "/x/value", nil},
		{"{/var,var:1}", "/value/v", map[string]any{"var": "value"}},
		{"{x,y}", "1024,768", map[string]any{"x": "1024", "y": "768"}},
		{"{list}", "red,green,blue", map[string]any{"list": []string{"red", "green", "blue"}}},
		{"X{.var}", "X.value", map[string]any{"var": "value"}},
		{"X{.var}", "X", map[string]any{}},
		{"www{.dom*}", "www.example.com", map[string]any{"dom": []string{"example", "com"}}},
		{"{a}-{b}", "x-y", map[string]any{"a": "x", "b": "y"}},
		{"{x}", "a b", nil}, // not a reference
		{"http://example.com/search{?q}", "http://example.org/search?q=x", nil},
		{"/{name}.json", "/a.json.json", map[string]any{"name": "a.json"}},
		{"{var:3}", "val", map[string]any{"var": "val"}},
		{"{var:3}", "value", nil},
		{"{var:3}", "a,b", nil},
		{"/A{x}", "/%41b", map[string]any{"x": "b"}},
		{"/a/{x}", "/a%2Fb", nil},
		{"{/a}x{b}", "/1x2", map[string]any{"a": "1", "b": "2"}},
		{"{a}x{b}", "xy", map[string]any{"b": "y"}},
		{"{var:3}", "%C3%A9t%C3%A9", map[string]any{"var": "été"}},
		{"{x*}{&x*}", "a,b&x=a&x=b", map[string]any{"x": []string{"a", "b"}}},
		{"{x*}{&x*}", "a,b&x=a&x=b&x=a", nil},
		{"{&x*,x*}", "&x=a&x=b&x=b&x=a", nil},
		{"{&x*,x*}", "&x=a&x=b&x=a", nil},
		{"{?q,q}", "?q=1&q=1", map[string]any{"q": "1"}},
		{"{&x*,y}", "&x=1&x=3&y=2", map[string]any{"x": []string{"1", "3"}, "y": "2"}},
		// An empty string writes its separator among other variables.
		{"{x,y,y}", "1,", nil},
		{"{x,y}", "1", map[string]any{"x": "1"}},
		{"{x}{y}", "", map[string]any{}},
		// "+" copies a value's encodings, "%25" before hex digits among
		// them; only the encodings it would have written are decoded.
		{"{+x}", "%2500", map[string]any{"x": "%2500"}},
		{"{+x}", "%250", map[string]any{"x": "%0"}},
		{"{+x}", "%25zz", map[string]any{"x": "%zz"}},
		{"{+x}", "%41%25", map[string]any{"x": "%41%"}},
		{"{+x}", "%2F%c3%a9%C3%A9%20", map[string]any{"x": "%2F%c3%a9é "}},
		{"{+x}", "%C3%a9", map[string]any{"x": "%C3%a9"}},
		// Values that expand to nothing leave their variables out.
		{"{a}{b}", "", map[string]any{}},
		{"{/a}{b}", "/", map[string]any{"a": ""}},
	})
}

// TestMatchZero: the zero Template is the empty template, which matches
// the empty string only, as does a template parsed from "".
func TestMatchZero(t *testing.T) {
	for _, tm := range []Template{{}, MustParse("")} {
		for _, match := range []func(Template, string) (map[string]any, bool){Template.Match, Template.MatchRaw} {
			if got, ok := match(tm, ""); !ok || got == nil || len(got) != 0 {
				t.Errorf("%q on \"\": %v, %v", tm, got, ok)
			}
			if got, ok := match(tm, "x"); ok {
				t.Errorf("%q on \"x\": %v, %v", tm, got, ok)
			}
		}
	}
}

// TestMatchIssue holds the expansions that Match declined before: each
// must match and read back values that expand to exactly it.
func TestMatchIssue(t *testing.T) {
	tests := []struct {
		tmpl string
		vars map[string]any
		want string
	}{
		{"{/a*}/", map[string]any{"a": []string{"x"}}, "/x/"},
		{"{/list*}/{id}", map[string]any{"list": []string{"a", "b"}, "id": "c"}, "/a/b/c"},
		{"{/a}/x", nil, "/x"},
		{"{/a,b}/x", map[string]any{"a": "p"}, "/p/x"},
		{"{;a}x", map[string]any{"a": ""}, ";ax"},
		{"{;a}", map[string]any{"a": []string{""}}, ";a="},
		{"foo{+foo}{#bar}baz", nil, "foobaz"},
		{"{/foo*}", map[string]any{"foo": [][2]string{{"one", ""}}}, "/one="},
		{"{x*}", map[string]any{"x": [][2]string{{"one", ""}, {"two", "2"}}}, "one=,two=2"},
		{"{.x*}", map[string]any{"x": [][2]string{{"a.b", "c"}, {"e", "f.g"}}}, ".a.b=c.e=f.g"},
		{"{?x*}", map[string]any{"x": [][2]string{{"b", "2"}, {"a", ""}}}, "?b=2&a="},
		{"{;x*}", map[string]any{"x": [][2]string{{"b", "2"}, {"a", ""}}}, ";b=2;a"},
		{"{?q,extra*}", map[string]any{"q": "1", "extra": [][2]string{{"q", "2"}}}, "?q=1&q=2"},
		{"{&x*,y}", map[string]any{"x": [][2]string{{"x", "1"}, {"y", "2"}, {"x", "3"}}}, "&x=1&y=2&x=3"},
		{"{00}{00}", map[string]any{"00": "0"}, "00"},
	}
	for _, tt := range tests {
		tm := MustParse(tt.tmpl)
		s, err := tm.Expand(tt.vars)
		if err != nil || s != tt.want {
			t.Fatalf("%q: Expand = %q, %v; want %q", tt.tmpl, s, err, tt.want)
		}
		got, ok := tm.Match(s)
		again, err := tm.Expand(got)
		if !ok || err != nil || again != s {
			t.Errorf("%q: Match(%q) = %#v, %v, which expands to %q", tt.tmpl, s, got, ok, again)
		}
		if tt.vars != nil && !reflect.DeepEqual(got, tt.vars) {
			t.Errorf("%q: Match(%q) = %#v; want %#v", tt.tmpl, s, got, tt.vars)
		}
	}
}

// TestMatchReading holds the reading Match documents where several values
// expand to the same string.
func TestMatchReading(t *testing.T) {
	runMatchCases(t, Template.Match, []matchCase{
		// Defined before undefined, then as short as the rest allows.
		{"/users{/id}{/action}", "/users/42", map[string]any{"id": "42"}},
		{"/users{/id}{/action}", "/users/42/edit", map[string]any{"id": "42", "action": "edit"}},
		{"{id}{.format}", "42.json", map[string]any{"id": "42", "format": "json"}},
		{"{id}{.format}", "a.b.json", map[string]any{"id": "a", "format": "b.json"}},
		{"{+path}{?q}", "/a?q=1", map[string]any{"path": "/a", "q": "1"}},
		{"{+path}{#f}", "/a#b#c", nil}, // not a reference
		{"{x,y}", "1,2,3", map[string]any{"x": "1", "y": []string{"2", "3"}}},
		{"{/a*,b}", "/x/y/z", map[string]any{"a": []string{"x", "y"}, "b": "z"}},
		{"{a}{b}", "xy", map[string]any{"a": "x", "b": "y"}},
		{"{name}.{ext}", "archive.tar.gz", map[string]any{"name": "archive", "ext": "tar.gz"}},
		{"{?a*}{&b}", "?x=1&b=2", map[string]any{"a": [][2]string{{"x", "1"}}, "b": "2"}},
		{"{?a*}{&b}", "?x=1&c=2", map[string]any{"a": [][2]string{{"x", "1"}, {"c", "2"}}}},
		{"{a,b}", ",x", map[string]any{"a": "", "b": "x"}},
		// Within a variable: lists, exploded lists, associative arrays.
		{"{list}", "red,green", map[string]any{"list": []string{"red", "green"}}},
		{"{+list}", "red,green", map[string]any{"list": "red,green"}},
		{"{+list*}", "red,green", map[string]any{"list": []string{"red", "green"}}},
		{"{/list*}", "/red", map[string]any{"list": []string{"red"}}},
		{"{/keys*}", "/a=1/b=", map[string]any{"keys": [][2]string{{"a", "1"}, {"b", ""}}}},
		{"{?keys*}", "?keys=1&keys=", map[string]any{"keys": []string{"1", ""}}},
		{"{?keys*}", "?a=1&keys=2", map[string]any{"keys": [][2]string{{"a", "1"}, {"keys", "2"}}}},
		{"{;keys*}", ";keys;keys=2", map[string]any{"keys": []string{"", "2"}}},
		{"{;keys}", ";keys", map[string]any{"keys": ""}},
		{"{;keys}", ";keys=", map[string]any{"keys": []string{""}}},
		{"{;keys}", ";keys=a,b", map[string]any{"keys": []string{"a", "b"}}},
		{"{?keys}", "?keys=", map[string]any{"keys": ""}},
	})
}

// TestMatchForms holds the forms equal to an expansion that Match takes:
// the IRI form, hex digits in lower case, encoded unreserved characters.
func TestMatchForms(t *testing.T) {
	runMatchCases(t, Template.Match, []matchCase{
		{"/{x}", "/%c3%a9", map[string]any{"x": "é"}},
		{"/{x}", "/é", map[string]any{"x": "é"}},
		{"/{x}", "/%41%2f", map[string]any{"x": "A/"}},
		{"/{x}{?y}", "/%7Ea?y=%2e", map[string]any{"x": "~a", "y": "."}},
		{"/caf%C3%A9/{x}", "/café/1", map[string]any{"x": "1"}},
		{"/caf%c3%a9/{x}", "/café/1", map[string]any{"x": "1"}},
		{"/%7e{x}", "/~1", map[string]any{"x": "1"}},
		{"/{?q}", "/?q=\ue000", map[string]any{"q": "\ue000"}},
		{"/{x}", "/a%2", nil},
		{"/{x}", "/%2F%2f", map[string]any{"x": "//"}},
		{"{x}", "%41b", map[string]any{"x": "Ab"}},
		{"{?%41}", "?A=1", map[string]any{"%41": "1"}},
		{"{?%41}", "?%41=1", map[string]any{"%41": "1"}},
		{"{;%41,b}", ";a;A=1", nil},
		// An encoded reserved character is not the character.
		{"/a%2Fb{x}", "/a/b%63", nil},
		{"/a%2Fb{x}", "/a%2fb%63", map[string]any{"x": "c"}},
	})
	// MatchRaw takes strings that are no references, a byte beyond ASCII
	// standing for its encoding.
	runMatchCases(t, Template.MatchRaw, []matchCase{
		{"{+x}", "a#b#c", map[string]any{"x": "a#b#c"}},
		{"{x}", "\xff", map[string]any{"x": "\xff"}},
		{"{x}", "\x80", map[string]any{"x": "\x80"}},
		{"/{x}/{y}", "/\x80/\x7f", nil},
		{"{x}", "a b", nil},
	})
}

// TestMatchSafety holds the rules by which Match refuses an expansion that
// MatchRaw takes.
func TestMatchSafety(t *testing.T) {
	tests := []struct {
		tmpl, in string
		safe     bool
	}{
		{"https://api.example.com{+x}", "https://api.example.com@evil.com/", false},
		{"https://api.example.com{+x}", "https://api.example.com/a/b?c", true},
		{"https://api.example.com{+x}", "https://api.example.com:8080/", false},
		{"https://api.example.com{x}", "https://api.example.com.evil.com", false},
		{"https://api.example.com{x}", "https://api.example.com", true},
		{"https://api.example.com{/x}", "https://api.example.com/a", true},
		{"https://api.example.com{+x}{?q}", "https://api.example.com@evil.com/?q=1", false},
		{"https://api.example.com{x}/y", "https://api.example.com.evil.com/y", false},
		{"https://api.example.com:{port}/", "https://api.example.com:8080/", true},
		{"https://api.example.com:{+port}/", "https://api.example.com:80@evil.com/", false},
		{"https://api.{domain}/", "https://api.example.org/", true},
		{"https://{host}/x", "https://evil.com/x", true},
		{"https://api{n}.example.com/", "https://api2.example.com/", true},
		{"https://user@{host}/", "https://user@h/", true},
		{"file:///{+path}", "file:///etc/passwd", true},
		{"file://{+path}", "file://evil/x", true},
		{"file:///{+path}", "file:///a/../b", false},
		{"/{+path}", "//evil.com/x", false},
		{"/{+path}", "/a/b", true},
		{"/{/x}", "//evil.com", false},
		{"{+base}/x", "//evil.com/x", true},
		{"zz://h{+x}", "zz://h/x", true},
		{"Z9+.-://h{+x}", "Z9+.-://h/x", true},
		{"Z9+.-://h{+x}", "Z9+.-://h@evil/x", false},
		{"9z://h{+x}", "9z://h/x", false}, // no scheme: a path
		{"/files/{name}", "/files/..", false},
		{"/files/{name}", "/files/.", false},
		{"/files/{name}", "/files/%2e%2E", false},
		{"/files/{name}", "/files/...", true},
		{"/files/{name}", "/files/a..", true},
		{"/files/{+name}", "/files/a/../b", false},
		{"/files/{+name}", "/files/a/%2E./b", false},
		{"/files{/path*}", "/files/a/../b", false},
		{"/files/.{ext}", "/files/.", true},
		{"/files/.{ext}", "/files/..", false},
		{"/a/../{x}", "/a/../b", true},
		{"{x}/y", "../y", false},
		{"/files/{name}?{q}", "/files/a?..", true},
		{"/{a}{?q}", "/x?q=..", true},
		{"/{a}{?q}", "/x?q=%2E%2e", true},
		// The value ends where the literal's dot segment starts.
		{"/{+x}..", "/a.b/..", true},
		{"/{+x}.", "/a/./.", false}, // the value wrote the first
		{"/{+x}.", "/a.", true},
		{"/{+x}/{y}", "/a/%2E", false},
	}
	for _, tt := range tests {
		tm := MustParse(tt.tmpl)
		raw, okRaw := tm.MatchRaw(tt.in)
		if !okRaw {
			t.Errorf("%q: MatchRaw(%q) failed", tt.tmpl, tt.in)
			continue
		}
		got, ok := tm.Match(tt.in)
		if ok != tt.safe {
			t.Errorf("%q: Match(%q) = %v, %v; want %v", tt.tmpl, tt.in, got, ok, tt.safe)
		}
		if ok && !reflect.DeepEqual(got, raw) {
			t.Errorf("%q: Match(%q) = %v; MatchRaw %v", tt.tmpl, tt.in, got, raw)
		}
	}
}

// TestMatchRepeated holds names that appear more than once: their places
// must agree.
func TestMatchRepeated(t *testing.T) {
	for _, tt := range []struct {
		tmpl string
		vars map[string]any
	}{
		{"{?a,a}", map[string]any{"a": "1"}},
		{"{;a,b,a}", map[string]any{"a": "", "b": "2"}},
		{"/{a}/{a:2}", map[string]any{"a": "xyz"}},
		{"{/a:2,a}", map[string]any{"a": "é€x"}},
		{"{/a*,b}", map[string]any{"a": []string{"x", "y"}, "b": "z"}},
		{"{a}/x/{?a*}", map[string]any{"a": [][2]string{{"k", "v"}}}},
		{"{x}{/x}", map[string]any{"x": ""}},
		{"{a:1}{b}{a}", map[string]any{"a": "cat", "b": "-"}},
		{strings.Repeat("/{a}/lit-{b}", 100), map[string]any{"a": "x", "b": "y"}},
		// Where no place reads the value as it is, another reading of
		// the same text does: an associative array, a string.
		{"{a}/{+a*}", map[string]any{"a": [][2]string{{"k", ""}}}},
		{"{a*}/{a:1}", map[string]any{"a": "ab,c"}},
		{"{a:1}x{+a*}", map[string]any{"a": "ab,c"}},
		{"{a:1}x{.a*}", map[string]any{"a": "a.b"}},
		// The first place reads "k=v" as a string, which the second does
		// not write; the second's reading, an associative array, agrees
		// with both.
		{"{#a*}-{a*}", map[string]any{"a": [][2]string{{"k", "v"}}}},
	} {
		tm := MustParse(tt.tmpl)
		s, err := tm.Expand(tt.vars)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := tm.Match(s)
		if !ok || !reflect.DeepEqual(got, tt.vars) {
			t.Errorf("%q: Match(%q) = %#v, %v; want %#v", tt.tmpl, s, got, ok, tt.vars)
		}
	}
	runMatchCases(t, Template.MatchRaw, []matchCase{
		{"{a}/{a}", "x/y", nil},
		{"{a:1}/{a}", "y/x", nil},
		{"{x}/{a}/{a}", "1/p/q", nil},
		{"{x}/{a}/{a}", "1/p/p", map[string]any{"x": "1", "a": "p"}},
		{"{a}{/a}", "x", nil}, // the second place needs a undefined
		{"{a}{/a}", "/", map[string]any{"a": ""}},
		// The limit of the documentation: these are expansions ("xy" twice,
		// [a b] twice) whose agreeing reading Match does not search for.
		{"{a}{a}", "xyxy", nil},
		{"{&x*,x*}", "&x=a&x=b&x=a&x=b", nil},
	})
}

// TestSharedValuesConcurrent matches with one template from several
// goroutines, the first Match (which compiles it) among them, through
// every way Match reads: the backtracking matcher, the deterministic
// automaton and the machine; each result must be the one a lone caller
// gets. The race detector runs it in CI.
func TestSharedValuesConcurrent(t *testing.T) {
	tmpl := "/a{/p*}{+q}" + strings.Repeat("x", 100) + "{?r}"
	inputs := []string{
		"/a/b/c/d/" + strings.Repeat("x", 100) + "?r=1",      // backtracking
		"/a/b" + strings.Repeat("x", 600) + "?r=1",           // the machine
		"/a/%62/c" + strings.Repeat("x", 600) + "?r=%41",     // the machine, normalized
		"/a/b" + strings.Repeat("x", 600) + "?q=1",           // the automaton refuses
		"/a/b" + strings.Repeat("x", 600) + "/" + "?r=1&r=2", // the machine refuses
	}
	want := make([]map[string]any, len(inputs))
	paths := map[string]bool{}
	for i, in := range inputs {
		want[i], _ = MustParse(tmpl).Match(in)
		paths[readPath(MustParse(tmpl), in)] = true
	}
	if len(paths) != 3 {
		t.Fatalf("the inputs take %v; want the three ways", paths)
	}
	tm := MustParse(tmpl)
	done := make(chan string)
	for g := range 8 {
		go func() {
			for k := range 50 {
				i := (g + k) % len(inputs)
				if got, _ := tm.Match(inputs[i]); !reflect.DeepEqual(got, want[i]) {
					done <- inputs[i]
					return
				}
			}
			done <- ""
		}()
	}
	for range 8 {
		if in := <-done; in != "" {
			t.Errorf("Match(%q) differs from a lone caller's", in)
		}
	}
}

// readPath tells which way Match reads s with t: "track", "automaton" or
// "machine".
func readPath(t Template, s string) string {
	p := t.program()
	m := p.get()
	defer p.put(m)
	m.reset(s, false)
	if _, done := m.track(); done {
		return "track"
	}
	if ok, decided := m.accepts(); decided && !ok {
		return "automaton"
	}
	return "machine"
}

// TestMatchPrefixUTF8 holds the counting of characters of a prefix
// (section 2.4.1): a UTF-8 sequence is one character when it is well
// formed, else each of its octets is one, as utf8.RuneCountInString
// counts them, at the edges of the ranges of UTF-8's second octets.
func TestMatchPrefixUTF8(t *testing.T) {
	for _, enc := range []string{
		"%C2%80", "%DF%BF", "%C1%BF", "%C3",
		"%E0%A0%80", "%E0%9F%BF", "%E1%80%80", "%EC%BF%BF", "%ED%9F%BF", "%ED%A0%80", "%EE%80%80", "%EF%BF%BF", "%E1%80",
		"%F0%90%80%80", "%F0%8F%BF%BF", "%F1%80%80%80", "%F3%BF%BF%BF", "%F4%8F%BF%BF", "%F4%90%80%80", "%F5%80%80%80",
		"a%C3%A9b", "%C3%A9%C3", "%80%80",
	} {
		value, err := iri.Unescape(enc)
		if err != nil {
			t.Fatal(err)
		}
		n := utf8.RuneCountInString(value)
		for _, op := range []string{"", "+", "/"} {
			prefix := strings.TrimPrefix(op, "+")
			tm := MustParse("{" + op + "x:" + strconv.Itoa(n) + "}")
			got, ok := tm.MatchRaw(prefix + enc)
			if !ok || got["x"] != value && got["x"] != enc {
				t.Errorf("%q on %q = %#v, %v; want %q", tm, prefix+enc, got, ok, value)
			}
			if n > 1 {
				shorter := MustParse("{" + op + "x:" + strconv.Itoa(n-1) + "}")
				if got, ok := shorter.MatchRaw(prefix + enc); ok {
					t.Errorf("%q on %q = %#v; want no match: %d characters", shorter, prefix+enc, got, n)
				}
			}
		}
	}
}

// TestMatchNormalizedPass: an input without "%", against a template whose
// literals normalization does not change, is read once: the normalized
// pass would read the same units.
func TestMatchNormalizedPass(t *testing.T) {
	for _, tt := range []struct {
		tmpl, in string
		passes   int
	}{
		{"/{a}/b", "/x/c", 1},
		{"/{a}/b", "/x%41/c", 2},
		{"/{a}/%62", "/x/c", 2},
	} {
		tm := MustParse(tt.tmpl)
		var work int
		tm.match(tt.in, true, &work)
		p := tm.program()
		m := p.get()
		m.reset(tt.in, false)
		m.run()
		once := m.work
		p.put(m)
		if passes := 1 + min(work-once, 1); passes != tt.passes {
			t.Errorf("%q on %q: work %d, one pass %d; want %d passes", tt.tmpl, tt.in, work, once, tt.passes)
		}
	}
}

// TestCountTable: the table of a prefix's threads forgets its entries
// with a new generation, and when the generations wrap around.
func TestCountTable(t *testing.T) {
	var c countTable
	c.clear()
	c.put(3, 1, 7)
	if got := c.get(3, 1); got != 7 {
		t.Fatalf("get = %d", got)
	}
	c.clear()
	if got := c.get(3, 1); got != -1 {
		t.Fatalf("after clear: %d", got)
	}
	c.put(3, 1, 8)
	stale := c.gen
	c.gen = ^uint32(0) // as after 2^32 clears
	c.clear()
	for c.gen < stale {
		c.clear()
	}
	if got := c.get(3, 1); got != -1 {
		t.Fatalf("after the generations wrapped: %d", got)
	}
}

// TestPlainLayout: where the template's first literal fixes and closes
// the authority, or begins with a path, and the template reads no ASCII
// but ipath's and iquery's, the layout of an ASCII s is read without the
// parser; if the template matches s, the parser says the same; if s is
// not an IRI reference, Match refuses it all the same. What it cannot
// tell (beyond ASCII, another start) is left to the parser.
func TestPlainLayout(t *testing.T) {
	const api, path, port = "https://api.example.com/users/{user}{?q}", "/repos/{owner}", "http://u@h:8080?{x}"
	tests := []struct {
		tmpl, s string
		want    layout
		ok      bool
		valid   bool // an IRI reference
	}{
		{api, "https://api.example.com/users/a%20b?q=1", layout{true, "api.example.com", 23, 35}, true, true},
		{api, "https://api.example.com/users/a.b", layout{true, "api.example.com", 23, 33}, true, true},
		{api, "https://api.example.com?x", layout{true, "api.example.com", 23, 23}, true, true},
		{api, "https://api.example.com", layout{true, "api.example.com", 23, 23}, true, true},
		{api, "https://api.example.com/users/a#f", layout{true, "api.example.com", 23, 33}, true, true},
		{api, "https://api.example.com/users/a[", layout{true, "api.example.com", 23, 32}, true, false},
		{api, "https://api.example.com/users/a%2", layout{true, "api.example.com", 23, 33}, true, false},
		{api, "https://api.example.com/users/a%zz", layout{true, "api.example.com", 23, 34}, true, false},
		{api, "https://api.example.com/users/a b", layout{true, "api.example.com", 23, 33}, true, false},
		{api, "https://api.example.com/users/café", layout{}, false, true},
		{api, "https://api.example.com:80/users/a", layout{}, false, true},
		{api, "https://api.example.com.evil/users/a", layout{}, false, true},
		{api, "https://API.example.com/users/a", layout{}, false, true},
		{path, "/repos/a:b@c?d", layout{false, "", 0, 12}, true, true},
		{path, "/", layout{false, "", 0, 1}, true, true},
		{path, "/repos/a b", layout{false, "", 0, 10}, true, false},
		{path, "//repos/a", layout{}, false, true},
		{path, "repos/a", layout{}, false, true},
		{port, "http://u@h:8080?a", layout{true, "u@h:8080", 15, 15}, true, true},
	}
	for _, tt := range tests {
		tm := MustParse(tt.tmpl)
		got, ok := tm.program().plainLayout(tt.s)
		if got != tt.want || ok != tt.ok {
			t.Errorf("%s: plainLayout(%q) = %+v, %v; want %+v, %v", tt.tmpl, tt.s, got, ok, tt.want, tt.ok)
		}
		if _, err := iri.ParseReference(tt.s); (err == nil) != tt.valid {
			t.Errorf("ParseReference(%q): %v", tt.s, err)
		}
		if _, ok := tm.Match(tt.s); ok && (!tt.valid || strings.Contains(tt.s, "#")) {
			t.Errorf("%s: Match(%q) = true", tt.tmpl, tt.s)
		}
		if _, raw := tm.MatchRaw(tt.s); ok && raw {
			if parsed, pok := parseLayout(tt.s); !pok || parsed != got {
				t.Errorf("parseLayout(%q) = %+v, %v; plainLayout %+v", tt.s, parsed, pok, got)
			}
		}
	}
	// No head: a literal that leaves the authority open or begins with
	// no scheme and authority nor a path, or an expression that reads
	// other ASCII ("#", "[", "]").
	for _, tmpl := range []string{"https://{host}/", "https://h{x}", "{+base}/x", "mailto:{x}", "//h:{port}/", "https://h/{+x}", "/a{#f}", "http://[::1]/{x}"} {
		if p := MustParse(tmpl).program(); p.head != "" {
			t.Errorf("%s: head %q", tmpl, p.head)
		}
	}
}
