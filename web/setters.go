package web

import (
	"strings"

	"github.com/iri-go/iri/internal/pct"
	"github.com/iri-go/iri/internal/urlstd"
)

// The setters of the URL Standard's API (section 6.1, the URL class): each
// With method returns the URL with one part set from a value, as the
// setter of that name leaves a URL. A value the setter refuses leaves the
// URL as it is, as in the standard, where setters never fail.
//
// The standard runs the basic URL parser on the value with a state
// override. The same result comes here from writing the href with the new
// part and reading it back: the value is first percent-encoded where the
// override makes the parser keep as data what would otherwise end the
// part ("?" in a pathname, "#" in a search), and where the value's own
// spaces and controls would be trimmed from the ends of an href.

// with reads p back (the parts of u's href, one of them set), or returns
// u when it does not parse.
func (u URL) with(p urlstd.Parts) URL {
	v, err := Parse(p.String())
	if err != nil {
		return u
	}
	return v
}

// setterValue removes tab and newline from a setter's value, as the basic
// URL parser removes them from its input.
func setterValue(v string) string { return removeTabAndNewline(v) }

// encodeValue percent-encodes v, before its href is read back, with the
// C0 controls, space, and the octets of extra (and every byte beyond
// ASCII, which each of these components encodes as UTF-8 anyway): the C0
// controls and space, which the component encodes anyway but the ends of
// an href would trim, and what the state override keeps as data (extra).
func encodeValue(v string, extra string) string {
	set := pct.C0Control.With(" " + extra)
	return string(pct.Append(nil, v, &set))
}

// WithProtocol returns u with the scheme of v, its text up to a ":" (the
// protocol setter). A scheme that is not valid, one that changes whether
// the URL is special, "file" for a URL with credentials or a port, and any
// scheme for a file URL with an empty host leave u as it is.
func (u URL) WithProtocol(v string) URL {
	v = setterValue(v)
	if colon := strings.IndexByte(v, ':'); colon >= 0 {
		v = v[:colon]
	}
	if v == "" || !isASCIIAlpha(v[0]) || schemeLength(v+":") != len(v) {
		return u
	}
	scheme := strings.ToLower(v)
	switch {
	case isSpecialScheme(scheme) != u.IsSpecial(),
		scheme == "file" && (u.Username() != "" || u.Password() != "" || u.Port() != ""),
		u.Scheme() == "file" && u.hostKind == hostEmpty:
		return u
	}
	p := urlstd.Split(u.href)
	p.Scheme = scheme
	return u.with(p)
}

// WithUsername returns u with the username v, percent-encoded as the
// userinfo is (the username setter), tabs and newlines included: no parser
// reads it. A URL without a host, with an empty
// host, or of the file scheme has no credentials: it is returned as it is.
func (u URL) WithUsername(v string) URL {
	if !u.canHaveCredentials() {
		return u
	}
	return u.withUserinfo(string(pct.Append(nil, v, &pct.Userinfo)), u.Password())
}

// WithPassword returns u with the password v (the password setter), under
// the conditions of WithUsername.
func (u URL) WithPassword(v string) URL {
	if !u.canHaveCredentials() {
		return u
	}
	return u.withUserinfo(u.Username(), string(pct.Append(nil, v, &pct.Userinfo)))
}

// withUserinfo returns u with the username and password given encoded.
func (u URL) withUserinfo(username, password string) URL {
	p := urlstd.Split(u.href)
	p.Userinfo = username
	if password != "" {
		p.Userinfo += ":" + password
	}
	p.HasUserinfo = p.Userinfo != ""
	return u.with(p)
}

func (u URL) canHaveCredentials() bool {
	return u.hostKind != hostNull && u.hostKind != hostEmpty && u.Scheme() != "file"
}

// WithHost returns u with the host, and the port when v has one, of v:
// its text up to a "/", "?" or "#" ("\" too in a special URL), as the host
// setter reads it. A URL with an opaque path, and a value the host parser
// refuses, are returned as they are.
func (u URL) WithHost(v string) URL {
	return u.withHost(v, true)
}

// WithHostname returns u with the host of v, without its port (the
// hostname setter): as WithHost, but the value ends at a ":" too.
func (u URL) WithHostname(v string) URL {
	return u.withHost(v, false)
}

func (u URL) withHost(v string, withPort bool) URL {
	if u.HasOpaquePath() {
		return u
	}
	v = setterValue(v)
	ends := "/?#"
	if u.IsSpecial() {
		ends = "/?#\\"
	}
	if k := strings.IndexAny(v, ends); k >= 0 {
		v = v[:k]
	}
	if strings.IndexByte(v, '@') >= 0 {
		return u // a forbidden host code point, which would read as userinfo
	}
	host, port, hasPort := v, "", false
	if colon := hostColon(v); colon >= 0 {
		if !withPort {
			return u // the hostname setter refuses a port
		}
		host, port, hasPort = v[:colon], v[colon+1:], true
	}
	if host == "" {
		// Only a file URL and one of a scheme that is not special can
		// have an empty host, and not with credentials or a port.
		if u.IsSpecial() && u.Scheme() != "file" || hasPort || u.Username() != "" || u.Password() != "" || u.Port() != "" {
			return u
		}
	}
	p := urlstd.Split(u.href)
	p.HasAuthority, p.Host = true, host
	// The port parser stops at a character that is not a digit, without
	// an error; a port above 65535 is an error once the host is set: the
	// port is then as it was.
	if digits := leadingDigits(port); hasPort && digits != "" && fitsPort(digits) {
		p.Port, p.HasPort = digits, true
	}
	if p.Path != "" && p.Path[0] != '/' {
		p.Path = "/" + p.Path
	}
	return u.with(p)
}

// hostColon returns the offset of the ":" that ends a host in v, outside
// an IPv6 literal's brackets, or -1.
func hostColon(v string) int {
	inBrackets := false
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '[':
			inBrackets = true
		case ']':
			inBrackets = false
		case ':':
			if !inBrackets {
				return i
			}
		}
	}
	return -1
}

// fitsPort reports whether the decimal digits make at most 65535.
func fitsPort(digits string) bool {
	n := 0
	for i := 0; i < len(digits); i++ {
		if n = n*10 + int(digits[i]-'0'); n > 65535 {
			return false
		}
	}
	return true
}

// leadingDigits returns the ASCII digits v starts with.
func leadingDigits(v string) string {
	k := 0
	for k < len(v) && '0' <= v[k] && v[k] <= '9' {
		k++
	}
	return v[:k]
}

// WithPort returns u with the port v, its leading digits (the port
// setter); "" removes the port. A URL without a host or with an empty
// host, a file URL, and a value with no leading digit or above 65535 are
// returned as they are.
func (u URL) WithPort(v string) URL {
	if u.hostKind == hostNull || u.hostKind == hostEmpty || u.Scheme() == "file" {
		return u
	}
	p := urlstd.Split(u.href)
	if v == "" {
		p.Port, p.HasPort = "", false
		return u.with(p)
	}
	digits := leadingDigits(setterValue(v))
	if digits == "" {
		return u
	}
	p.Port, p.HasPort = digits, true
	return u.with(p)
}

// WithPathname returns u with the path of v (the pathname setter): "?" and
// "#" in v are data, percent-encoded. A URL with an opaque path is returned
// as it is.
func (u URL) WithPathname(v string) URL {
	if u.HasOpaquePath() {
		return u
	}
	v = encodeValue(setterValue(v), "?#")
	p := urlstd.Split(u.href)
	switch {
	case u.IsSpecial():
		if v == "" || v[0] != '/' && v[0] != '\\' {
			v = "/" + v
		}
	case v != "" && v[0] != '/':
		v = "/" + v
	case v == "" && u.hostKind == hostNull:
		v = "/" // a path-only URL cannot have its path erased
	}
	p.Path = v
	return u.with(p)
}

// WithSearch returns u with the query of v, without a leading "?" (the
// search setter): "#" in v is data, percent-encoded; "" removes the query.
func (u URL) WithSearch(v string) URL {
	v = setterValue(v)
	p := urlstd.Split(u.href)
	if v == "" {
		p.HasQuery, p.Query = false, ""
		return u.with(p)
	}
	p.HasQuery, p.Query = true, encodeValue(strings.TrimPrefix(v, "?"), "#")
	return u.with(p)
}

// WithHash returns u with the fragment of v, without a leading "#" (the
// hash setter); "" removes the fragment.
func (u URL) WithHash(v string) URL {
	v = setterValue(v)
	p := urlstd.Split(u.href)
	if v == "" {
		p.HasFragment, p.Fragment = false, ""
		return u.with(p)
	}
	p.HasFragment, p.Fragment = true, encodeValue(strings.TrimPrefix(v, "#"), "")
	return u.with(p)
}
