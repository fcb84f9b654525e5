package iri

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/hostname"
	"github.com/iri-go/iri/internal/pct"
	"golang.org/x/net/idna"
)

// TestIDNAKeepsWhatIsNamed: a conversion to ASCII never turns a host into
// no host (IDNA deletes U+00AD), and refuses what Check calls an error in a
// DNS name, so that the two apply one rule.
func TestIDNAKeepsWhatIsNamed(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want string // "" for a refused host
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
			host := MustParse(tt.in).Host()
			if msg := hostRefusal(err, host); msg != "" {
				t.Errorf("ToURIWithIDNA(%q) = %q, %v: %s", tt.in, got, err, msg)
			}
			if _, err := MustParse(tt.in).URL(); hostRefusal(err, host) != "" {
				t.Errorf("URL(%q): %v: %s", tt.in, err, hostRefusal(err, host))
			}
			continue
		}
		if err != nil || got.String() != tt.want {
			t.Errorf("ToURIWithIDNA(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

// TestHostToASCIIEdges: an IP literal is no name for IDNA, even with a
// punycode-like label in an IPvFuture; a profile without the STD3 rules
// that maps a character to a delimiter makes no reg-name, wherever it
// stands, and the error is a *ParseError that names the host as written.
func TestHostToASCIIEdges(t *testing.T) {
	if a, err := hostToASCII(idna.Lookup, "[v1.xn--abc]"); a != "[v1.xn--abc]" || err != nil {
		t.Errorf("hostToASCII([v1.xn--abc]) = %q, %v", a, err)
	}
	loose := idna.New(idna.MapForLookup(), idna.StrictDomainName(false))
	for _, host := range []string{"\uff0fevil.com", "evil\uff0f.com", "evil.com\uff1f"} {
		if a, err := hostToASCII(loose, host); hostRefusal(err, host) != "" || !strings.HasSuffix(err.Error(), "is not a reg-name") {
			t.Errorf("hostToASCII(non-STD3, %q) = %q, %v; want a refused host", host, a, err)
		}
	}
}

// hostRefusal says how err differs from the error of a conversion that
// refuses host: a *ParseError on the host as written, at offset 0 with the
// rule ihost, its Err a cause from beyond the grammar, and a message that
// names the host; "" when it does not.
func hostRefusal(err error, host string) string {
	var pe *ParseError
	switch {
	case !errors.As(err, &pe):
		return "not a *ParseError"
	case pe.Input != host || pe.Offset != 0 || pe.Rule != "ihost":
		return fmt.Sprintf("input %q, offset %d, rule %s; want %q, 0, ihost", pe.Input, pe.Offset, pe.Rule, host)
	case pe.Err == nil || errors.Is(err, ErrInvalidCharacter) || errors.Is(err, ErrUnexpectedEnd) || errors.Is(err, ErrInvalidUTF8) || errors.Is(err, ErrAbsent):
		return fmt.Sprintf("cause %v; want IDNA's", pe.Err)
	case err.Error() != fmt.Sprintf("iri: host %q cannot be converted to ASCII: %v", host, pe.Err):
		return "message " + err.Error()
	}
	return ""
}

// TestRegNameClass: what internal/hostname lets stand in a converted host
// is the ireg-name of this package's grammar, byte for byte.
func TestRegNameClass(t *testing.T) {
	for c := 1; c < utf8.RuneSelf; c++ {
		if got, want := hostname.Displayable(string(rune(c)), allowedUnencoded), pct.Classes[c]&pct.ClassRegName != 0; got != want {
			t.Errorf("hostname.Displayable(%q) = %v, the grammar says %v", rune(c), got, want)
		}
	}
}

// TestSeenNeedsIDNA holds Check's quick look at a host to
// hostname.NeedsIDNA, on hosts of every class of byte.
func TestSeenNeedsIDNA(t *testing.T) {
	for _, host := range []string{"a", "a.b", "A.B", "a-b", "xn--a", "a.XN--b", "xn-a", "x-n--a", "é", "a%41", "%", "a.", "-", "xn--", "a.xn--b."} {
		seen, _ := scanHost(host)
		if got, want := seenNeedsIDNA(seen, host), hostname.NeedsIDNA(host); got != want {
			t.Errorf("seenNeedsIDNA(%q) = %v, hostname.NeedsIDNA %v", host, got, want)
		}
	}
}
