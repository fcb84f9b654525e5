// Package urlstd holds the URL Standard's definitions
// (https://url.spec.whatwg.org/) that package web's parser and setters
// and package web/canon both read: the components of an href, the
// default ports of the special schemes, the dot segments, the trimming of
// an input and domain to ASCII. One home each; the percent-encode sets are
// internal/pct's.
package urlstd

import (
	"errors"
	"strings"
	"sync"

	"github.com/iri-go/iri/internal/ascii"
	"github.com/iri-go/iri/internal/hostname"
	"github.com/iri-go/iri/internal/uts46"
	"golang.org/x/net/idna"
)

// DefaultPort returns the default port of a special scheme (URL Standard,
// section 4.1, "special scheme"): 80 for http and ws, 443 for https and
// wss, 21 for ftp; -1 for every other scheme, file included.
func DefaultPort(scheme string) int32 {
	switch scheme {
	case "http", "ws":
		return 80
	case "https", "wss":
		return 443
	case "ftp":
		return 21
	}
	return -1
}

// IsSingleDot reports whether seg is a single-dot URL path segment (URL
// Standard, section 4.1): "." or "%2e", ASCII case-insensitive.
func IsSingleDot(seg string) bool {
	return seg == "." || len(seg) == 3 && seg[0] == '%' && seg[1] == '2' && seg[2]|0x20 == 'e'
}

// IsDoubleDot reports whether seg is a double-dot URL path segment: "..",
// ".%2e", "%2e." or "%2e%2e", ASCII case-insensitive.
func IsDoubleDot(seg string) bool {
	switch len(seg) {
	case 2:
		return seg == ".."
	case 4:
		return seg[0] == '.' && IsSingleDot(seg[1:]) || seg[3] == '.' && IsSingleDot(seg[:3])
	case 6:
		return IsSingleDot(seg[:3]) && IsSingleDot(seg[3:])
	}
	return false
}

// TrimControlAndSpace removes the leading and trailing C0 controls and
// spaces of s, as the basic URL parser does with its input (section 4.4,
// step 1.2).
func TrimControlAndSpace(s string) string {
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	return s[i:j]
}

// RemoveTabAndNewline returns s without its ASCII tabs and newlines, as
// the basic URL parser removes them from its input (section 4.4, step
// 3); s itself when it has none.
func RemoveTabAndNewline(s string) string {
	i := strings.IndexAny(s, "\t\n\r")
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) - 1)
	for ; i >= 0; i = strings.IndexAny(s, "\t\n\r") {
		b.WriteString(s[:i])
		s = s[i+1:]
	}
	b.WriteString(s)
	return b.String()
}

// DomainToASCII is the URL Standard's domain to ASCII (section 3.5) with
// beStrict false: an ASCII domain lowercased, any other converted by UTS
// #46 (internal/uts46, the answers of Unicode 17.0 under every Go
// release). It reports false where the standard returns failure, whose
// reason the standard does not give.
func DomainToASCII(domain string) (string, bool) {
	if ascii.IsASCII(domain) {
		return strings.ToLower(domain), true
	}
	// UTS #46 processing as the URL Standard sets it: the module's one
	// profile (internal/hostname).
	return uts46.Convert(hostname.Profile(), domain)
}

// DomainToUnicode is the URL Standard's domain to Unicode (section 3.5)
// with beStrict false: UTS #46 ToUnicode with the profile of
// DomainToASCII, so that the Punycode labels of a domain are written in
// Unicode, lowercased; an error when a label is not valid.
func DomainToUnicode(domain string) (string, error) {
	return uts46.ToUnicode(hostname.Profile(), domain)
}

// strictProfile is UTS #46 processing as the URL Standard's domain parser
// ToASCII sets it with beStrict true: CheckHyphens, UseSTD3ASCIIRules and
// VerifyDnsLength true, the rest as profile. Made on first use.
var strictProfile struct {
	once sync.Once
	p    *idna.Profile
}

// DomainToASCIIStrict is the URL Standard's domain parser ToASCII with
// beStrict true (section 3.3): an error is the validation error
// domain-to-ASCII, which the domain parser records for any domain, ASCII
// or not, before it converts the domain with beStrict false. It gives UTS
// #46 17.0's answers under every Go release: since Unicode 16.0,
// VerifyDnsLength refuses a name that ends with the root label's dot
// ("example.com."), which x/net/idna checks only with the tables of 16.0
// on.
func DomainToASCIIStrict(domain string) (string, error) {
	strictProfile.once.Do(func() {
		strictProfile.p = idna.New(
			idna.MapForLookup(),
			idna.BidiRule(),
			idna.Transitional(false),
			idna.StrictDomainName(true),
			idna.CheckHyphens(true),
			idna.CheckJoiners(true),
			idna.VerifyDNSLength(true),
		)
	})
	a, err := uts46.ToASCII(strictProfile.p, domain)
	if err == nil && !uts46.Current && strings.HasSuffix(a, ".") {
		err = errRootLabel
	}
	return a, err
}

// errRootLabel is UTS #46's error for a name that ends with the root
// label's dot when VerifyDnsLength is set (Unicode 16.0 on).
var errRootLabel = errors.New("idna: the name ends with the root label's dot")
