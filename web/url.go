package web

import (
	"net/netip"
	"strconv"
)

// A URL is a URL as the URL Standard's basic URL parser reads it: its href
// (the URL serializer's output) and the offsets of its components in it.
//
// A URL is an immutable value: it is comparable with ==, safe to share
// between goroutines, and its accessors return substrings of the href
// without allocating. Two URLs are equal exactly when their hrefs are. The
// zero URL is not a valid URL; its String is "" and each accessor answers
// as for an absent component ("", false).
type URL struct {
	href string

	// Offsets into href. The scheme is href[:schemeEnd] and href[schemeEnd]
	// is ':'. When the URL has a host, href[schemeEnd+1:] starts with "//",
	// then the username, ":" and the password, "@" when there are
	// credentials, the host, ":" and the port. The path runs from pathStart
	// to the '?' at queryStart or the '#' at fragmentStart (-1 when absent).
	// A URL's scheme comes first, so neither is ever 0: the accessors test
	// for a positive offset, and the zero URL reads as a URL without a
	// query or fragment (and, portEnd == hostEnd, without a port).
	schemeEnd     int
	usernameEnd   int
	passwordStart int // passwordStart == usernameEnd when there is no password
	hostStart     int
	hostEnd       int
	portEnd       int // portEnd == hostEnd when there is no port
	pathStart     int
	queryStart    int
	fragmentStart int

	port     int32 // -1 when absent (or the scheme's default)
	hostKind hostKind
	flags    urlFlags
}

type hostKind uint8

const (
	hostNull   hostKind = iota // no host: "mailto:x", "foo:/x"
	hostEmpty                  // "file:///x", "foo:///x"
	hostDomain                 // a domain, ASCII after IDNA
	hostIPv4                   // dotted quad
	hostIPv6                   // bracketed, the standard's serialization
	hostOpaque                 // the host of a URL whose scheme is not special
)

type urlFlags uint8

const (
	flagOpaquePath urlFlags = 1 << iota // "mailto:x": the path is one string, not segments
	flagSpecial                         // ftp, file, http, https, ws, wss
)

// String returns the href: the URL as the URL Standard's serializer
// writes it. Parse(u.String()) returns u again.
func (u URL) String() string { return u.href }

// Scheme returns the scheme in lowercase, without the ':'.
func (u URL) Scheme() string { return u.href[:u.schemeEnd] }

// IsSpecial reports whether the scheme is one of the URL Standard's special
// schemes (ftp, file, http, https, ws, wss), whose URLs always have a host
// and a hierarchical path, and read a backslash as a slash.
func (u URL) IsSpecial() bool { return u.flags&flagSpecial != 0 }

// HasOpaquePath reports whether the path is opaque, as in "mailto:a@b" or
// "javascript:alert(1)": one string after the scheme, not segments.
func (u URL) HasOpaquePath() bool { return u.flags&flagOpaquePath != 0 }

// Username returns the username, percent-encoded as in the href.
func (u URL) Username() string {
	if u.hostKind == hostNull {
		return ""
	}
	return u.href[u.schemeEnd+3 : u.usernameEnd]
}

// Password returns the password, percent-encoded as in the href.
func (u URL) Password() string {
	if u.passwordStart == u.usernameEnd {
		return ""
	}
	return u.href[u.passwordStart : u.hostStart-1]
}

// HasHost reports whether the URL has a host, possibly empty ("file:///x").
// The URL Standard calls a URL without one a URL whose host is null:
// "mailto:x", "foo:/x".
func (u URL) HasHost() bool { return u.hostKind != hostNull }

// Hostname returns the host as serialized: a lowercase ASCII domain, a
// dotted-quad IPv4 address, a bracketed IPv6 address, or the opaque host of
// a URL whose scheme is not special. It is "" when there is no host.
func (u URL) Hostname() string { return u.href[u.hostStart:u.hostEnd] }

// Host returns the hostname and, when there is one, ":" and the port, as
// the URL Standard's host getter does.
func (u URL) Host() string { return u.href[u.hostStart:u.portEnd] }

// Port returns the port as decimal digits, "" when there is none. The
// default port of a special scheme (80 for http) is never kept.
func (u URL) Port() string {
	if u.portEnd == u.hostEnd {
		return ""
	}
	return u.href[u.hostEnd+1 : u.portEnd]
}

// PortNumber returns the port and true, or 0 and false when there is none.
func (u URL) PortNumber() (uint16, bool) {
	if u.portEnd == u.hostEnd {
		return 0, false
	}
	return uint16(u.port), true
}

// Path returns the path (the standard's pathname): "/a/b" for a
// hierarchical path, the opaque path as is, "" when empty.
func (u URL) Path() string { return u.href[u.pathStart:u.pathEnd()] }

func (u URL) pathEnd() int {
	if u.queryStart > 0 {
		return u.queryStart
	}
	if u.fragmentStart > 0 {
		return u.fragmentStart
	}
	return len(u.href)
}

// Query returns the query without the '?'. HasQuery tells an empty query
// ("http://a/?") from none.
func (u URL) Query() string {
	if u.queryStart <= 0 {
		return ""
	}
	end := len(u.href)
	if u.fragmentStart > 0 {
		end = u.fragmentStart
	}
	return u.href[u.queryStart+1 : end]
}

// HasQuery reports whether the href has a '?'.
func (u URL) HasQuery() bool { return u.queryStart > 0 }

// Fragment returns the fragment without the '#'. HasFragment tells an
// empty fragment from none.
func (u URL) Fragment() string {
	if u.fragmentStart <= 0 {
		return ""
	}
	return u.href[u.fragmentStart+1:]
}

// HasFragment reports whether the href has a '#'.
func (u URL) HasFragment() bool { return u.fragmentStart > 0 }

// Search returns the query with its '?', or "" when the query is absent or
// empty, as the standard's search getter does.
func (u URL) Search() string {
	if q := u.Query(); q != "" {
		return u.href[u.queryStart : u.queryStart+1+len(q)]
	}
	return ""
}

// Hash returns the fragment with its '#', or "" when the fragment is
// absent or empty, as the standard's hash getter does.
func (u URL) Hash() string {
	if u.fragmentStart <= 0 || u.fragmentStart == len(u.href)-1 {
		return ""
	}
	return u.href[u.fragmentStart:]
}

// WithoutFragment returns u without its fragment.
func (u URL) WithoutFragment() URL {
	if u.fragmentStart <= 0 {
		return u
	}
	u.href = u.href[:u.fragmentStart]
	u.fragmentStart = -1
	return u
}

// Origin returns the serialization of the URL's origin (URL Standard,
// section 4.7, "origin"): scheme "://" host [":" port] for http, https, ws,
// wss and ftp; the origin of the URL in the path of a blob URL whose path
// is an http(s) URL; "null" (an opaque origin) for everything else.
func (u URL) Origin() string {
	switch u.Scheme() {
	case "http", "https", "ws", "wss", "ftp":
		if u.usernameEnd == u.schemeEnd+3 && u.passwordStart == u.usernameEnd {
			return u.href[:u.portEnd]
		}
		return u.Scheme() + "://" + u.Host()
	case "blob":
		if inner, err := Parse(u.Path()); err == nil && (inner.Scheme() == "http" || inner.Scheme() == "https") {
			return inner.Origin()
		}
	}
	return "null"
}

// Addr returns the IP address of a URL whose host is an IPv4 or IPv6
// address, and false for any other host.
func (u URL) Addr() (netip.Addr, bool) {
	switch u.hostKind {
	case hostIPv4:
		a, err := netip.ParseAddr(u.Hostname())
		return a, err == nil
	case hostIPv6:
		h := u.Hostname()
		a, err := netip.ParseAddr(h[1 : len(h)-1])
		return a, err == nil
	}
	return netip.Addr{}, false
}

// MarshalText returns the href.
func (u URL) MarshalText() ([]byte, error) { return []byte(u.href), nil }

// UnmarshalText parses text with Parse.
func (u *URL) UnmarshalText(text []byte) error {
	v, err := Parse(string(text))
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// GoString returns a Go expression for u, for %#v.
func (u URL) GoString() string { return "web.MustParse(" + strconv.Quote(u.href) + ")" }
