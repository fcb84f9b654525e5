package iri

import (
	"strings"

	"github.com/iri-go/iri/internal/hostname"
	"golang.org/x/net/idna"
)

// IDNA (RFC 5890 to 5893, with the UTS #46 mapping of x/net/idna): the
// conversions of host names to and from punycode have their home in
// internal/hostname, shared with package idn and package web; this file
// holds what the package adds: its error, and the quick look at a host
// that tells Check and the conversions whether IDNA has work to do.

// hostError reports a host that IDNA refuses, or whose ASCII form breaks
// a rule of DNS names: such an IRI cannot be resolved (RFC 3987, section
// 3.1). It is a *ParseError on the host as written, at offset 0 with the
// rule ihost, whose Err is cause.
func hostError(host string, cause error) *ParseError {
	e := newParseError(host, 0, "ihost")
	e.Err, e.component = cause, "host"
	return e
}

// seenNeedsIDNA is hostname.NeedsIDNA on what scanHost saw of host, a
// registered name: characters beyond ASCII, percent-encodings or a
// punycode label (TestSeenNeedsIDNA holds the two to each other).
func seenNeedsIDNA(seen uint8, host string) bool {
	if seen&(hostByteNonASCII|hostBytePercent) != 0 {
		return true
	}
	return seen&hostByteDash != 0 && hostname.HasPunycodeLabel(host)
}

// scanHost looks at a registered name once: it ORs the classes of its
// bytes (hostClass), and tells whether it keeps, as ASCII, the rules of
// DNS names that checkDNSName reports (labels of 1 to 63 octets, no
// hyphen at either end, 253 octets in all), so that most hosts need no
// more.
func scanHost(host string) (seen uint8, plainDNS bool) {
	name := strings.TrimSuffix(host, ".") // a final dot is the root
	plainDNS = name != "" && len(name) <= 253
	start := 0 // of the label
	for k := 0; k < len(name); k++ {
		c := name[k]
		seen |= hostClass[c]
		if c == '.' {
			if k == start || k-start > 63 || name[start] == '-' || name[k-1] == '-' {
				plainDNS = false
			}
			start = k + 1
		}
	}
	if len(name) == start || len(name)-start > 63 || name[start] == '-' || name[len(name)-1] == '-' {
		plainDNS = false
	}
	return seen, plainDNS
}

// hostToASCII converts a registered name with profile's ToASCII (RFC 3987,
// section 3.1), after decoding its percent-encodings, when
// hostname.NeedsIDNA says so; any other host is returned as it is. It is the one IDNA validation
// of the package (internal/hostname's): ToURIWithIDNA, URL, Check and
// normalization all use it. The error is hostError's *ParseError.
func hostToASCII(profile *idna.Profile, host string) (string, error) {
	ascii, err := hostname.ToASCII(profile, host)
	if err != nil {
		return "", hostError(host, err)
	}
	return ascii, nil
}
