package uritemplate

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestParseJSONSchema holds the string cases of the JSON Schema Test
// Suite's uri-template format tests
// (github.com/json-schema-org/JSON-Schema-Test-Suite,
// tests/draft2020-12/optional/format/uri-template.json, commit
// 44401e0c046704b476ec9d2e2fccdaee618f259d): what a format check
// calling Parse must accept and refuse.
func TestParseJSONSchema(t *testing.T) {
	tests := []struct {
		in    string
		valid bool
	}{
		{"http://example.com/dictionary/{term:1}/{term}", true},
		{"http://example.com/dictionary/{term:1}/{term", false},
		{"http://example.com/dictionary", true},
		{"dictionary/{term:1}/{term}", true},
		{"{}", false},
		{"{a,,b}", false},
		{"{v:0}", false},
		{"{v:10000}", false},
		{"", true},
		{"foo}bar", false},
		{"a%41b", true},
		{"a\U0001F600b", true},
		{"{+var}", true},
		{"{#var}", true},
		{"{.var}", true},
		{"{/var}", true},
		{"{;var}", true},
		{"{?var}", true},
		{"{&var}", true},
		{"{var*}", true},
		{"{x,y}", true},
		{"{a.b}", true},
		{"{a..b}", false},
		{"{%41}", true},
		{"{v:1000}", true},
		{"{v:01}", false},
		{"a b", false},
		{"a\x7fb", false},
		{"{a,}", false},
		{"{var=def}", false},
		{"{,+var}", false},
		{"a'b", true}, // RFC 6570 erratum 6937
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		if (err == nil) != tt.valid {
			t.Errorf("Parse(%q) = %v; want valid %v", tt.in, err, tt.valid)
		}
	}
}

// TestParseErrors checks the offset, kind and rule of each rejection.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		kind   error
		rule   string
	}{
		{"{var", 0, ErrUnclosed, "expression"},
		{"x{/id*", 1, ErrUnclosed, "expression"},
		{"/id*}", 4, ErrUnclosed, "literals"},
		{"{a{b}}", 2, ErrUnclosed, "expression"},
		{"{{a}", 1, ErrUnclosed, "expression"},
		{"{=path}", 1, ErrOperator, "operator"},
		{"{!hello}", 1, ErrOperator, "operator"},
		{"{|var*}", 1, ErrOperator, "operator"},
		{"{$var}", 1, ErrOperator, "operator"},
		{"{-x}", 1, ErrOperator, "operator"},
		{"{~thing}", 1, ErrOperator, "operator"},
		{"{}", 1, ErrVarName, "varname"},
		{"{??hello}", 2, ErrVarName, "varname"},
		{"{a,,b}", 3, ErrVarName, "varname"},
		{"{x.}", 3, ErrVarName, "varname"},
		{"{x..y}", 3, ErrVarName, "varname"},
		{"{with space}", 5, ErrVarName, "variable-list"},
		{"{%2x}", 1, ErrVarName, "pct-encoded"},
		{"{a%2x}", 2, ErrVarName, "pct-encoded"},
		{"{%4", 1, ErrVarName, "pct-encoded"}, // a "%" two bytes before the end
		{"{a%4", 0, ErrUnclosed, "expression"},
		{"{var:0}", 5, ErrPrefix, "prefix"},
		{"{var:01}", 5, ErrPrefix, "prefix"},
		{"{var:10000}", 5, ErrPrefix, "prefix"},
		{"{var:}", 5, ErrPrefix, "prefix"},
		{"{var:x}", 5, ErrPrefix, "prefix"},
		{"{hello:2*}", 8, ErrPrefix, "modifier-level4"},
		{"a b", 1, ErrLiteral, "literals"},
		{"a%41 ", 4, ErrLiteral, "literals"},
		{"{a@b}", 2, ErrVarName, "variable-list"},
		{"{a`b}", 2, ErrVarName, "variable-list"},
		{"a%2", 1, ErrLiteral, "pct-encoded"},
		{"a%zz", 1, ErrLiteral, "pct-encoded"},
		{"<a>", 0, ErrLiteral, "literals"},
		{"a\"b", 1, ErrLiteral, "literals"},
		{"a\\b", 1, ErrLiteral, "literals"},
		{"a^b", 1, ErrLiteral, "literals"},
		{"a`b", 1, ErrLiteral, "literals"},
		{"a|b", 1, ErrLiteral, "literals"},
		{"a\tb", 1, ErrLiteral, "literals"},
		{"a\xffb", 1, ErrLiteral, "literals"},
		{"a\u0085b", 1, ErrLiteral, "literals"}, // a C1 control: not ucschar
		{"a\ufffeb", 1, ErrLiteral, "literals"}, // a noncharacter
		{"a\ud7ff\ufdd0", 4, ErrLiteral, "literals"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q) = %v; want *Error", tt.in, err)
			continue
		}
		if e.Offset != tt.offset || !errors.Is(err, tt.kind) || e.Err != tt.kind || e.Rule != tt.rule || e.Input != tt.in {
			t.Errorf("Parse(%q) = offset %d, rule %q, %v; want offset %d, rule %q, kind %v", tt.in, e.Offset, e.Rule, err, tt.offset, tt.rule, tt.kind)
		}
	}
}

func TestErrorMessage(t *testing.T) {
	_, err := Parse("{a..b}")
	want := `uritemplate: parse "{a..b}": invalid variable name at byte 3 (rule varname): "." must be followed by a letter, a digit, "_" or a percent-encoding (section 2.3)`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	_, err = Parse("a\xffb")
	want = `uritemplate: parse "a\xffb": invalid literal character at byte 1 (rule literals): byte 0xff (not UTF-8)`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	_, err = Parse("{a%2x}")
	want = `uritemplate: parse "{a%2x}": invalid variable name at byte 2 (rule pct-encoded): "%" not followed by two hexadecimal digits (section 2.3)`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	long := strings.Repeat("a", 100) + "{x:0}" + strings.Repeat("b", 100)
	_, err = Parse(long)
	want = `uritemplate: parse ...` + strconv.Quote(strings.Repeat("a", 37)+"{x:0}"+strings.Repeat("b", 22)) + `...: invalid prefix modifier at byte 103 (rule prefix): a prefix is a number from 1 to 9999, without leading zeros (section 2.4.1)`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	_, err = MustParse("{keys:1}").Expand(map[string]any{"keys": []string{"a"}})
	want = `uritemplate: expand "{keys:1}": invalid value at byte 1 (rule prefix): variable keys: a prefix modifier applies to strings, not to lists or associative arrays (section 2.4.1)`
	if err == nil || err.Error() != want || !errors.Is(err, ErrValue) {
		t.Errorf("got %v\nwant %s", err, want)
	}
	// The zero Error has a message, as every error should.
	if got := (&Error{}).Error(); got != `uritemplate: parse "": error at byte 0: ` {
		t.Errorf("zero Error: %q", got)
	}
}

// TestParseAccepts covers literals beyond the JSON Schema cases.
func TestParseAccepts(t *testing.T) {
	for _, s := range []string{
		"http://example.com/~{username}/",
		"!#$&'()*+,-./0123456789:;=?@ABCXYZ[]_abcxyz~",
		"résumé/{x}?q=\ue000", // ucschar, iprivate
		"\U000E1000{x}",
		"{x_1.y.Z%20w}",
		"{var:9999}",
		"{a,b*,c:1}",
	} {
		if _, err := Parse(s); err != nil {
			t.Errorf("Parse(%q): %v", s, err)
		}
	}
}

func TestMustParsePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("MustParse(\"{\") did not panic")
		}
	}()
	MustParse("{")
}

func TestVariablesLevel(t *testing.T) {
	tests := []struct {
		in    string
		vars  []string
		level int
	}{
		{"", []string{}, 1},
		{"http://example.com/", []string{}, 1},
		{"{var}", []string{"var"}, 1},
		{"{+var}", []string{"var"}, 2},
		{"X{#hello}", []string{"hello"}, 2},
		{"map?{x,y}", []string{"x", "y"}, 3},
		{"{/var}", []string{"var"}, 3},
		{"{/var:1,var}", []string{"var"}, 4},
		{"{?list*}{&x}{y}", []string{"list", "x", "y"}, 4},
		{"{b}{a}{b}", []string{"b", "a"}, 1},
	}
	for _, tt := range tests {
		tm := MustParse(tt.in)
		if got := tm.Variables(); !reflect.DeepEqual(got, tt.vars) {
			t.Errorf("Variables(%q) = %q; want %q", tt.in, got, tt.vars)
		}
		if got := tm.Level(); got != tt.level {
			t.Errorf("Level(%q) = %d; want %d", tt.in, got, tt.level)
		}
	}
	// Many variables: the names are numbered with a map.
	var b strings.Builder
	for i := range 40 {
		b.WriteString("{v" + string(rune('a'+i%20)) + "}")
	}
	if got := MustParse(b.String()).Variables(); len(got) != 20 || got[19] != "vt" {
		t.Errorf("Variables of 40 expressions = %q", got)
	}
}

func TestText(t *testing.T) {
	var tm Template
	if err := tm.UnmarshalText([]byte("/a{?b}")); err != nil {
		t.Fatal(err)
	}
	if b, _ := tm.MarshalText(); string(b) != "/a{?b}" || tm.String() != "/a{?b}" {
		t.Errorf("MarshalText = %q", b)
	}
	if err := tm.UnmarshalText([]byte("{")); err == nil {
		t.Error("UnmarshalText({) succeeded")
	}
	var zero Template
	if s, err := zero.Expand(nil); s != "" || err != nil {
		t.Errorf("zero Template: %q, %v", s, err)
	}
}
