// Package urlstd holds the URL Standard's definitions
// (https://url.spec.whatwg.org/) that package web's parser and setters
// and package web/canon both read: the components of an href, the
// default ports of the special schemes, the dot segments, the trimming of
// an input and domain to ASCII. One home each; the percent-encode sets are
// internal/pct's.
package urlstd

import (
	"strings"

	"github.com/iri-go/iri/internal/ascii"
	"github.com/iri-go/iri/internal/hostname"
	"github.com/iri-go/iri/internal/uts46"
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
