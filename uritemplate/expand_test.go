package uritemplate

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/iri-go/iri"
)

// TestExpandRFC holds the examples of RFC 6570 that the community suite
// leaves out: sections 1.1, 2.4.1 and 2.4.2.
func TestExpandRFC(t *testing.T) {
	vars := map[string]any{
		"username": "fred", "term": "cat", "q": "cat", "lang": "en",
		"query": "mycelium", "number": 100,
		"var": "value", "semi": ";",
		"year": []string{"1965", "2000", "2012"}, "dom": []string{"example", "com"},
		"address": [][2]string{{"city", "Newport Beach"}, {"state", "CA"}},
	}
	tests := []struct{ tmpl, want string }{
		// Section 1.1.
		{"http://example.com/~{username}/", "http://example.com/~fred/"},
		{"http://example.com/dictionary/{term:1}/{term}", "http://example.com/dictionary/c/cat"},
		{"http://example.com/search{?q,lang}", "http://example.com/search?q=cat&lang=en"},
		{"http://www.example.com/foo{?query,number}", "http://www.example.com/foo?query=mycelium&number=100"},
		{"http://www.example.com/foo{?undef,number}", "http://www.example.com/foo?number=100"},
		{"http://www.example.com/foo{?undef,undef2}", "http://www.example.com/foo"},
		// Section 2.4.1.
		{"{var}", "value"},
		{"{var:20}", "value"},
		{"{var:3}", "val"},
		{"{semi}", "%3B"},
		{"{semi:2}", "%3B"},
		// Section 2.4.2.
		{"find{?year*}", "find?year=1965&year=2000&year=2012"},
		{"www{.dom*}", "www.example.com"},
		{"/mapper{?address*}", "/mapper?city=Newport%20Beach&state=CA"},
	}
	for _, tt := range tests {
		got, err := MustParse(tt.tmpl).Expand(vars)
		if err != nil || got != tt.want {
			t.Errorf("%q: got %q, %v; want %q", tt.tmpl, got, err, tt.want)
		}
	}
}

// TestExpandValues checks the mapping of Go values (package
// documentation, "Values").
func TestExpandValues(t *testing.T) {
	tests := []struct {
		tmpl string
		val  any
		want string
	}{
		{"{v}", "é/ü", "%C3%A9%2F%C3%BC"},
		{"{v}", "a\xffb", "a%FFb"},
		{"{+v}", "a\xffb%zz%41", "a%FFb%25zz%41"},
		{"{v}", true, "true"},
		{"{v}", -42, "-42"},
		{"{v}", int8(-8), "-8"},
		{"{v}", int16(16), "16"},
		{"{v}", int32(32), "32"},
		{"{v}", int64(-1) << 62, "-4611686018427387904"},
		{"{v}", uint(7), "7"},
		{"{v}", uint8(8), "8"},
		{"{v}", uint16(16), "16"},
		{"{v}", uint32(32), "32"},
		{"{v}", uint64(math.MaxUint64), "18446744073709551615"},
		{"{v}", uintptr(9), "9"},
		{"{v}", 6.0, "6"},
		{"{v}", 0.0, "0"},
		{"{v}", float32(0), "0"},
		{"{v}", 37.76, "37.76"},
		{"{v}", -122.427, "-122.427"},
		{"{v}", 1e6, "1000000"},
		{"{v}", 1e21, "1e%2B21"},
		{"{v}", 1.5e-7, "1.5e-07"},
		{"{v}", float32(0.1), "0.1"},
		{"{v}", float32(1e21), "1e%2B21"},
		{"{v}", math.Inf(-1), "-Inf"},
		{"{v:2}", 12345, "12"},
		{"{?v}", []any{"a", nil, 1, 2.5, false}, "?v=a,1,2.5,false"},
		{"{?v}", []any{nil}, ""},
		{"{?v*}", []string{"a b", ""}, "?v=a%20b&v="},
		{"{;v*}", []string{"a", ""}, ";v=a;v"},
		{"{?v}", map[string]string{"b": "2", "a": "1", "c": ""}, "?v=a,1,b,2,c,"},
		{"{?v*}", map[string]string{"b": "2", "a": "1", "c": ""}, "?a=1&b=2&c="},
		{"{;v*}", map[string]string{"b": "2", "a": "1", "c": ""}, ";a=1;b=2;c"},
		// Appendix A: under an operator without names, an exploded pair
		// is key "=" value even when the value is empty.
		{"{v*}", map[string]string{"b": "2", "a": ""}, "a=,b=2"},
		{"{/v*}", map[string]string{"one": ""}, "/one="},
		{"{+v*}", map[string]string{"one": ""}, "one="},
		{"{#v*}", map[string]string{"one": ""}, "#one="},
		{"{.v*}", [][2]string{{"one", ""}, {"two", "2"}}, ".one=.two=2"},
		{"{;v*}", map[string]string{"one": ""}, ";one"},
		{"{&v*}", map[string]string{"one": ""}, "&one="},
		{"{?v*}", map[string]any{"b": 2, "a": nil, "c": "x"}, "?b=2&c=x"},
		{"{?v*}", map[string]any{"a": nil}, ""},
		{"{?v*}", map[string]string{}, ""},
		{"{?v*}", [][2]string{{"z", "1"}, {"a&b", "c=d"}}, "?z=1&a%26b=c%3Dd"},
		{"{+v*}", [][2]string{{"z", "1"}, {"a&b", "c=d"}}, "z=1,a&b=c=d"},
		{"{v}", nil, ""},
		// Prefixes count characters, and in "+" a pct-encoded UTF-8
		// character as one.
		{"{v:2}", "αβγ", "%CE%B1%CE%B2"},
		{"{+v:2}", "%CE%B1%CE%B2%CE%B3", "%CE%B1%CE%B2"},
		{"{+v:1}", "%2Fa", "%2F"},
		{"{+v:1}", "%CEx", "%CE"},
		{"{+v:2}", "%F0%9D%84%9Ex", "%F0%9D%84%9Ex"},
		{"{v:1}", "%2F", "%25"},
		{"{+v:1}", "%CE%B", "%CE"},
		{"{+v}", "%CE%r0", "%CE%25r0"},
		{"{v}", uint(17), "17"},
		{"{v}", uint8(18), "18"},
		{"{v}", uint16(19), "19"},
		{"{v}", uint32(29), "29"},
		{"{v}", int8(-19), "-19"},
		{"{v}", int16(19), "19"},
		{"{v}", int32(-99), "-99"},
		{"{v}", uintptr(99), "99"},
		{"{v}", json.Number("1e+21"), "1e%2B21"},
		{"{?v*}", []any{json.Number("-0.5")}, "?v=-0.5"},
	}
	for _, tt := range tests {
		got, err := MustParse(tt.tmpl).Expand(map[string]any{"v": tt.val})
		if err != nil || got != tt.want {
			t.Errorf("%q with %#v: got %q, %v; want %q", tt.tmpl, tt.val, got, err, tt.want)
		}
	}
}

func TestExpandValueErrors(t *testing.T) {
	for _, tt := range []struct {
		tmpl string
		val  any
		rule string
	}{
		{"{v}", []int{1}, "varspec"},
		{"{v}", struct{}{}, "varspec"},
		{"{v}", []byte("x"), "varspec"},
		{"{v}", map[string]int{"a": 1}, "varspec"},
		{"{v}", []any{[]any{"x"}}, "varspec"},
		{"{v}", map[string]any{"a": map[string]any{}}, "varspec"},
		{"{v:1}", []string{"a"}, "prefix"},
		{"{v:1}", map[string]string{"a": "b"}, "prefix"},
		{"{v:1}", [][2]string{{"a", "b"}}, "prefix"},
	} {
		_, err := MustParse(tt.tmpl).Expand(map[string]any{"v": tt.val})
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, ErrValue) || e.Offset != 1 || e.Rule != tt.rule || e.Input != tt.tmpl {
			t.Errorf("%q with %#v: err %v; want ErrValue at 1, rule %s", tt.tmpl, tt.val, err, tt.rule)
		}
	}
	// A prefix on an empty list is no error: the list is undefined.
	if got, err := MustParse("{v:1}").Expand(map[string]any{"v": []string{}}); got != "" || err != nil {
		t.Errorf("empty list with prefix: %q, %v", got, err)
	}
}

// TestExpandIRI checks the IRI form: characters beyond ASCII kept where
// RFC 3987 allows them, and its ToURI equal to Expand's result.
func TestExpandIRI(t *testing.T) {
	tests := []struct {
		tmpl string
		vars map[string]any
		want string
	}{
		{"café/{var}", map[string]any{"var": "drücken"}, "café/drücken"},
		{"http://example.com/{x}{?q}", map[string]any{"x": "\ue000", "q": "\ue000"}, "http://example.com/%EE%80%80?q=\ue000"},
		{"/{x}#{y}", map[string]any{"x": "\u200e", "y": "\ue000"}, "/%E2%80%8E#%EE%80%80"},
		{"{x}", map[string]any{"x": "\ufffd\xff"}, "%EF%BF%BD%FF"},
		{"{+x}{y}", map[string]any{"x": "?a", "y": "\ue000"}, "?a\ue000"},
		{"{+x}", map[string]any{"x": "%C3%A9é"}, "%C3%A9é"},
		{"a\u200e{x}", nil, "a%E2%80%8E"},                      // a bidi control in a literal
		{"\u00e9\ue000?\ue000", nil, "\u00e9%EE%80%80?\ue000"}, // iprivate in the query only
	}
	for _, tt := range tests {
		tm := MustParse(tt.tmpl)
		got, err := tm.ExpandIRI(tt.vars)
		if tt.want == "" {
			if err == nil {
				t.Errorf("%q: ExpandIRI = %q; want an error", tt.tmpl, got)
			}
			continue
		}
		if err != nil || got.String() != tt.want {
			t.Errorf("%q: ExpandIRI = %q, %v; want %q", tt.tmpl, got, err, tt.want)
			continue
		}
		uri, _ := tm.Expand(tt.vars)
		if got.ToURI().String() != uri {
			t.Errorf("%q: ToURI = %q; Expand = %q", tt.tmpl, got.ToURI(), uri)
		}
	}
	if _, err := MustParse("{v:1}").ExpandIRI(map[string]any{"v": []string{"a"}}); !errors.Is(err, ErrValue) {
		t.Errorf("ExpandIRI error: %v", err)
	}
	var pe *iri.ParseError
	if _, err := MustParse("{+v}").ExpandIRI(map[string]any{"v": "a#b#c"}); !errors.As(err, &pe) {
		t.Errorf("ExpandIRI of a#b#c: %v; want *iri.ParseError", err)
	}
}

// TestExpandLimit holds the bound of Expand: an expansion past MaxLength,
// or past the limit of ExpandLimit, is an error of kind ErrTooLong that
// names the part where it passed it, found before the rest is written.
func TestExpandLimit(t *testing.T) {
	long := strings.Repeat("x", 64<<10)
	many := MustParse(strings.Repeat("{a}", 16<<10)) // 1 GiB written whole
	_, err := many.Expand(map[string]any{"a": long})
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, ErrTooLong) || e.Rule != "expression" || e.Offset != 3*(MaxLength/len(long)) {
		t.Fatalf("Expand of 16Ki {a} with 64 KiB: %v", err)
	}
	if want := `uritemplate: expand ...`; !strings.HasPrefix(err.Error(), want) || !strings.HasSuffix(err.Error(), "(rule expression): the expansion passes 1048576 bytes here") {
		t.Errorf("message %q", err)
	}
	if _, err := many.ExpandIRI(map[string]any{"a": long}); !errors.Is(err, ErrTooLong) {
		t.Errorf("ExpandIRI: %v", err)
	}
	// Up to the bound, and without one.
	tm := MustParse("{a}/{a}")
	for _, tt := range []struct {
		limit int
		ok    bool
	}{{9, true}, {8, false}, {0, true}, {-1, true}} {
		got, err := tm.ExpandLimit(map[string]any{"a": "abcd"}, tt.limit)
		if tt.ok != (err == nil) || tt.ok && got != "abcd/abcd" {
			t.Errorf("ExpandLimit(%d) = %q, %v", tt.limit, got, err)
		}
	}
	if _, err := tm.ExpandLimit(map[string]any{"a": "abcd"}, 4); !errors.As(err, &e) || e.Offset != 3 || e.Rule != "literals" {
		t.Errorf("ExpandLimit(4): %v; want the literal at byte 3", err)
	}
	lit := MustParse("abcdef")
	if _, err := lit.ExpandLimit(nil, 5); !errors.As(err, &e) || e.Offset != 0 || e.Rule != "literals" || !errors.Is(err, ErrTooLong) {
		t.Errorf("a literal template past the limit: %v", err)
	}
	if got, err := lit.ExpandLimit(nil, 6); got != "abcdef" || err != nil {
		t.Errorf("a literal template at the limit: %q, %v", got, err)
	}
}
