package uritemplate

import (
	"reflect"
	"testing"
)

func TestMatch(t *testing.T) {
	tests := []struct {
		tmpl, in string
		want     map[string]any // nil: no match
	}{
		{"http://example.com/~{username}/", "http://example.com/~fred/", map[string]any{"username": "fred"}},
		{"http://example.com/dictionary/{term:1}/{term}", "http://example.com/dictionary/c/cat", map[string]any{"term": "cat"}},
		{"http://example.com/dictionary/{term:1}/{term}", "http://example.com/dictionary/d/cat", nil},
		{"http://example.com/search{?q,lang}", "http://example.com/search?q=cat&lang=en", map[string]any{"q": "cat", "lang": "en"}},
		{"http://example.com/search{?q,lang}", "http://example.com/search?lang=fr&q=chien", map[string]any{"q": "chien", "lang": "fr"}},
		{"http://example.com/search{?q,lang}", "http://example.com/search", map[string]any{}},
		{"http://example.com/search{?q,lang}", "http://example.com/search?q=a&x=1", nil},
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
		{"a b", "a b", nil}, // not a reference
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
		// An exploded name in two expressions: each gave the whole list,
		// which is not the two lists joined.
		{"{x*}{&x*}", "a,b&x=a&x=b", map[string]any{"x": []string{"a", "b"}}},
		{"{x*}{&x*}", "a,b&x=a&x=b&x=a", nil},
		// Twice in one expression: the pairs are two copies of the list.
		{"{&x*,x*}", "&x=a&x=b&x=a&x=b", map[string]any{"x": []string{"a", "b"}}},
		{"{&x*,x*}", "&x=a&x=b&x=b&x=a", nil},
		{"{&x*,x*}", "&x=a&x=b&x=a", nil},
		// "+" keeps a value's triplets, so "%25" before hex digits is no
		// "+" expansion; before others it is the "%" of the value.
		// One pair per occurrence of a name that is not exploded: a second
		// pair is an associative array's, which Match does not read.
		{"{?q,extra*}", "?q=1&q=2", nil},
		{"{?q,q}", "?q=1&q=1", map[string]any{"q": "1"}},
		// An exploded list's pairs stand together.
		{"{&x*,y}", "&x=1&y=2&x=3", nil},
		{"{?x*}", "?x=,a", nil}, // a comma is no member of an exploded list
		{"{&x*,y}", "&x=1&x=3&y=2", map[string]any{"x": []string{"1", "3"}, "y": "2"}},
		// An empty string writes its separator among other variables.
		{"{x,y,y}", "1,", nil},
		{"{x,y}", "1", map[string]any{"x": "1"}},
		{"{x}{y}", "", map[string]any{}},
		{"{+x}", "%2500", nil},
		{"{+x}", "%250", map[string]any{"x": "%0"}},
		{"{+x}", "%25zz", map[string]any{"x": "%zz"}},
		{"{+x}", "%41%25", map[string]any{"x": "%41%"}},
	}
	for _, tt := range tests {
		tm, err := Parse(tt.tmpl)
		if err != nil {
			if tt.want != nil {
				t.Errorf("Parse(%q): %v", tt.tmpl, err)
			}
			continue
		}
		got, ok := tm.Match(tt.in)
		if tt.want == nil {
			if ok {
				t.Errorf("Parse(%q).Match(%q) = %v, true; want no match", tt.tmpl, tt.in, got)
			}
			continue
		}
		if !ok || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Parse(%q).Match(%q) = %#v, %v; want %#v", tt.tmpl, tt.in, got, ok, tt.want)
		}
	}
}

func TestMatchNamedRuns(t *testing.T) {
	tests := []struct {
		tmpl, in string
		want     map[string]any
	}{
		{"{?a}{&b}", "?a=1&b=2", map[string]any{"a": "1", "b": "2"}},
		{"{?a}{&b}", "?b=2", nil},
		{"{?a}{&b*}", "?a=1&b=2&b=3", map[string]any{"a": "1", "b": []string{"2", "3"}}},
		{"{?a}&x=1", "?a=1&x=1", map[string]any{"a": "1"}},
		{"?x=1{&a}", "?x=1&a=2", map[string]any{"a": "2"}},
		{"{?id,token}{&keys*}", "?id=admin&token=12345&keys=x", map[string]any{"id": "admin", "token": "12345", "keys": []string{"x"}}},
		{"{;a}{;b}", ";a=1;b", map[string]any{"a": "1", "b": ""}},
		{"{00}{00}", "00", nil}, // the second {00} left out: 00 undefined or empty
		{"{x}{/x}", "/", map[string]any{"x": ""}},
	}
	for _, tt := range tests {
		got, ok := MustParse(tt.tmpl).Match(tt.in)
		if tt.want == nil {
			if ok {
				t.Errorf("Parse(%q).Match(%q) = %v, true; want no match", tt.tmpl, tt.in, got)
			}
			continue
		}
		if !ok || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Parse(%q).Match(%q) = %#v, %v; want %#v", tt.tmpl, tt.in, got, ok, tt.want)
		}
	}
}

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
}
