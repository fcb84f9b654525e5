package iri

import (
	"net/url"
	"strings"
	"testing"
)

func TestWithQueryParamsZero(t *testing.T) {
	i := MustParse("http://example.com/p?a=1#f")
	if got, want := i.WithQueryParams(nil).String(), "http://example.com/p#f"; got != want {
		t.Errorf("WithQueryParams(nil) = %q, want %q", got, want)
	}
	var zero IRI
	for range zero.QueryParams() {
		t.Error("the zero IRI has query pairs")
	}
	if got := zero.WithQueryParams(nil).String(); got != "" {
		t.Errorf("zero WithQueryParams(nil) = %q, want empty", got)
	}
}

// TestQueryEdges: ";" is encoded (net/http drops a pair holding one), and
// "+" is a space only where queries are forms.
func TestQueryEdges(t *testing.T) {
	i := MustParse("http://h/").WithQueryParams(func(yield func(string, string) bool) {
		_ = yield("q", "fish;chips") && yield("page", "2")
	})
	if got, want := i.String(), "http://h/?q=fish%3Bchips&page=2"; got != want {
		t.Errorf("WithQueryParams = %q, want %q", got, want)
	}
	if v, err := url.ParseQuery(i.Query()); err != nil || v.Get("q") != "fish;chips" || v.Get("page") != "2" {
		t.Errorf("net/url reads %v, %v", v, err)
	}
	for _, tt := range []struct{ in, want string }{
		{"mailto:a@b?subject=1+1", "subject=1+1"},
		{"urn:x:y?+r=a+b", "+r=a+b"},
		{"http://h/?subject=1+1", "subject=1 1"},
		{"HTTPS://h/?subject=1+1", "subject=1 1"},
		{"?subject=1+1", "subject=1 1"},
	} {
		var got []string
		for name, value := range mustRef(t, tt.in).QueryParams() {
			got = append(got, name+"="+value)
		}
		if strings.Join(got, "&") != tt.want {
			t.Errorf("QueryParams(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestWithQueryParamsEmptyPair: one pair of an empty name and an empty
// value is still a pair, "=": the query is present.
func TestWithQueryParamsEmptyPair(t *testing.T) {
	i := MustParse("http://h/p#f").WithQueryParams(func(yield func(string, string) bool) {
		yield("", "")
	})
	if got, want := i.String(), "http://h/p?=#f"; got != want || !i.HasQuery() || i.Query() != "=" || i.Fragment() != "f" {
		t.Errorf("WithQueryParams(one empty pair) = %q (query %v %q), want %q", got, i.HasQuery(), i.Query(), want)
	}
}
