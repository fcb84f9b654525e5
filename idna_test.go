package iri

import (
	"errors"
	"testing"
)

// TestIDNAKeepsWhatIsNamed: a conversion to ASCII never turns a host into
// no host (IDNA deletes U+00AD), and refuses what Check calls an error in a
// DNS name, so that the two apply one rule.
func TestIDNAKeepsWhatIsNamed(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want string // "" for a *HostError
	}{
		{"file://\u00AD/p", ""},
		{"https://\u00AD/", ""},
		{"https://%C2%AD/", ""},
		{"https://\u00AD.\u00AD/", ""},
		{"http://a..b/", ""},
		{"http://-a.example/", ""},
		{"http://a\u00ADb.example/", "http://ab.example/"},
		{"http://ex%C3%A4mple.com./", "http://xn--exmple-cua.com./"},
		{"http://a.b/", "http://a.b/"},
		{"http://[::1]/", "http://[::1]/"},
		{"file:///p", "file:///p"},
	} {
		got, err := MustParse(tt.in).ToURIWithIDNA()
		if tt.want == "" {
			var he *HostError
			if !errors.As(err, &he) {
				t.Errorf("ToURIWithIDNA(%q) = %q, %v; want a *HostError", tt.in, got, err)
			}
			if _, err := MustParse(tt.in).URL(); !errors.As(err, &he) {
				t.Errorf("URL(%q): %v; want a *HostError", tt.in, err)
			}
			continue
		}
		if err != nil || got.String() != tt.want {
			t.Errorf("ToURIWithIDNA(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}
