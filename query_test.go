package iri

import "testing"

func TestWithQueryParamsZero(t *testing.T) {
	i := MustParse("http://example.com/p?a=1#f")
	if got, want := i.WithQueryParams(nil).String(), "http://example.com/p#f"; got != want {
		t.Errorf("WithQueryParams(nil) = %q, want %q", got, want)
	}
	if got, want := i.WithQueryParams(ValuesParams(nil)).String(), "http://example.com/p#f"; got != want {
		t.Errorf("WithQueryParams(ValuesParams(nil)) = %q, want %q", got, want)
	}
	var zero IRI
	for range zero.QueryParams() {
		t.Error("the zero IRI has query pairs")
	}
	if got := zero.QueryValues(); len(got) != 0 {
		t.Errorf("zero QueryValues = %v", got)
	}
	if got := zero.WithQueryParams(nil).String(); got != "" {
		t.Errorf("zero WithQueryParams(nil) = %q, want empty", got)
	}
}
