package web

import (
	"strconv"
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
// override. The same result comes here from the href with the new part
// in place, as the parser would read it back: the value is first
// percent-encoded where the override makes the parser keep as data what
// would otherwise end the part ("?" in a pathname, "#" in a search), and
// where the value's own spaces and controls would be trimmed from the
// ends of an href. The other parts are serialized already and read back
// as they are: a setter writes its part alone (a host or a path by
// parsing a short URL of the scheme with that part) and splices it into
// the href, one pass over the URL whatever its length. The few cases
// where the scheme changes how the rest reads (to or from file) are
// written whole and read back.

// with reads p back (the parts of u's href, one of them set), or returns
// u when it does not parse.
func (u URL) with(p urlstd.Parts) URL {
	v, err := Parse(p.String())
	if err != nil {
		return u
	}
	return v
}

// The offsets of a URL after its scheme, in the order of the href, for
// splice.
const (
	offUsernameEnd = iota
	offPasswordStart
	offHostStart
	offHostEnd
	offPortEnd
	offPathStart
	offQueryStart
	offFragmentStart
	offCount
)

// splice returns u with href[start:end], a part of it, replaced by repl,
// and the offsets from the one numbered from on (offUsernameEnd to
// offFragmentStart; offCount for none) moved by the difference, but those
// of absent components (-1): they are the offsets after the part. The
// caller sets those inside it.
func (u URL) splice(start, end int, repl string, from int) URL {
	d := len(repl) - (end - start)
	u.href = u.href[:start] + repl + u.href[end:]
	offsets := [offCount]*int{&u.usernameEnd, &u.passwordStart, &u.hostStart, &u.hostEnd, &u.portEnd, &u.pathStart, &u.queryStart, &u.fragmentStart}
	for _, off := range offsets[from:] {
		if *off >= 0 {
			*off += d
		}
	}
	return u
}

// setterValue removes tab and newline from a setter's value, as the basic
// URL parser removes them from its input.
func setterValue(v string) string { return urlstd.RemoveTabAndNewline(v) }

// encodeValue percent-encodes v with set (and every byte beyond ASCII,
// which each of these components encodes as UTF-8 anyway).
func encodeValue(v string, set *pct.Set) string {
	return string(pct.Append(nil, v, set))
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
	if scheme == "file" || u.Scheme() == "file" {
		// The file states read the host and path otherwise.
		p := urlstd.Split(u.href)
		p.Scheme = scheme
		return u.with(p)
	}
	// The rest reads as it did: the same special states, or the same
	// states of a scheme that is not special. Only a port that is the
	// new scheme's default goes.
	w := u.splice(0, u.schemeEnd, scheme, offUsernameEnd)
	w.schemeEnd = len(scheme)
	if w.port >= 0 && w.port == urlstd.DefaultPort(scheme) {
		w = w.splice(w.hostEnd, w.portEnd, "", offPortEnd)
		w.port = -1
	}
	return w
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
	userinfo := username
	if password != "" {
		userinfo += ":" + password
	}
	if userinfo != "" {
		userinfo += "@"
	}
	v := u.splice(u.schemeEnd+3, u.hostStart, userinfo, offHostStart)
	v.usernameEnd = u.schemeEnd + 3 + len(username)
	v.passwordStart = v.usernameEnd
	if password != "" {
		v.passwordStart++
	}
	return v
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
	if u.Scheme() == "file" {
		return u.withFileHost(v)
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
	// The port parser stops at a character that is not a digit, without
	// an error; a port above 65535 is an error once the host is set: the
	// port is then as it was.
	newPort := u.Port()
	if digits := leadingDigits(port); hasPort && digits != "" && fitsPort(digits) {
		newPort = digits
	}
	if u.hostKind == hostNull {
		// The URL gets an authority: written whole and read back.
		p := urlstd.Split(u.href)
		p.HasAuthority, p.Host = true, host
		p.Port, p.HasPort = newPort, newPort != ""
		if p.Path != "" && p.Path[0] != '/' {
			p.Path = "/" + p.Path
		}
		return u.with(p)
	}
	// The host and port alone, read by the parser in a short URL of u's
	// scheme, then put in place.
	short := u.Scheme() + "://" + host
	if newPort != "" {
		short += ":" + newPort
	}
	h, err := Parse(short + "/")
	if err != nil {
		return u
	}
	w := u.splice(u.hostStart, u.portEnd, h.href[h.hostStart:h.portEnd], offPortEnd)
	w.hostEnd = u.hostStart + h.hostEnd - h.hostStart
	w.hostKind, w.port = h.hostKind, h.port
	return w
}

// withFileHost is withHost for a file URL, whose host state (the file
// host state, by the state override) has no port: v, up to where the
// state stops, is the host whole, ":" and all. An empty v empties the
// host; "localhost" is the empty host too; and what the host parser
// refuses, a Windows drive letter among it ("C:", "C|": ":" and "|" are
// forbidden host code points), leaves u as it is. The parser, given the
// short URL "file://C:/", would read the drive letter as a path instead.
func (u URL) withFileHost(v string) URL {
	host := ""
	kind := hostEmpty
	if v != "" {
		if isDriveLetter(v) {
			return u
		}
		h, err := Parse("file://" + v + "/")
		if err != nil {
			return u
		}
		host, kind = h.href[h.hostStart:h.hostEnd], h.hostKind
	}
	w := u.splice(u.hostStart, u.portEnd, host, offPortEnd)
	w.hostEnd = u.hostStart + len(host)
	w.hostKind, w.port = kind, -1
	return w
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
	port := ""
	if v != "" {
		digits := leadingDigits(setterValue(v))
		if digits == "" || !fitsPort(digits) {
			return u
		}
		n := 0
		for k := 0; k < len(digits); k++ {
			n = n*10 + int(digits[k]-'0')
		}
		if int32(n) != urlstd.DefaultPort(u.Scheme()) {
			port = ":" + strconv.Itoa(n)
		}
	}
	w := u.splice(u.hostEnd, u.portEnd, port, offPortEnd)
	w.port = -1
	if port != "" {
		n, _ := strconv.Atoi(port[1:])
		w.port = int32(n)
	}
	return w
}

// WithPathname returns u with the path of v (the pathname setter): "?" and
// "#" in v are data, percent-encoded. A URL with an opaque path is returned
// as it is.
func (u URL) WithPathname(v string) URL {
	if u.HasOpaquePath() {
		return u
	}
	// The C0 controls and space, which the path encodes anyway but the
	// ends of an href would trim, and "?" and "#", which the state
	// override keeps as data.
	set := pct.C0Control.With(" ?#")
	v = encodeValue(setterValue(v), &set)
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
	// The path alone, read by the parser in a short URL of u's scheme
	// and kind of host (the path states look at nothing else), then put
	// in place, with the serializer's "/." before a path of a URL
	// without a host that starts with "//".
	short := urlstd.Parts{Scheme: u.Scheme(), HasAuthority: u.hostKind != hostNull, Path: v}
	if u.hostKind != hostNull && u.hostKind != hostEmpty {
		short.Host = "h"
	}
	h, err := Parse(short.String())
	if err != nil {
		return u
	}
	start, hstart := u.pathStart, h.pathStart
	if u.hostKind == hostNull {
		start, hstart = u.schemeEnd+1, h.schemeEnd+1 // and "/." if any
	}
	w := u.splice(start, u.pathEnd(), h.href[hstart:], offQueryStart)
	w.pathStart = start + h.pathStart - hstart
	return w
}

// WithSearch returns u with the query of v, without a leading "?" (the
// search setter): "#" in v is data, percent-encoded; "" removes the query.
// As the setter does, the value is tested for "" and its "?" removed
// before its tabs and newlines: "\t" makes an empty query, "?".
func (u URL) WithSearch(v string) URL {
	start, end := u.pathEnd(), u.fragmentStartOrEnd()
	if v == "" {
		w := u.splice(start, end, "", offFragmentStart)
		w.queryStart = -1
		return w
	}
	// The query state's encoding, "#" encoded too:
	// what the parser reads back.
	set := pct.Query.With("#")
	if u.IsSpecial() {
		set = pct.SpecialQuery.With("#")
	}
	w := u.splice(start, end, "?"+encodeValue(setterValue(strings.TrimPrefix(v, "?")), &set), offFragmentStart)
	w.queryStart = start
	return w
}

// WithHash returns u with the fragment of v, without a leading "#" (the
// hash setter); "" removes the fragment. As WithSearch, the value is
// tested for "" and its "#" removed before its tabs and newlines.
func (u URL) WithHash(v string) URL {
	start := u.fragmentStartOrEnd()
	if v == "" {
		w := u.splice(start, len(u.href), "", offCount)
		w.fragmentStart = -1
		return w
	}
	// The fragment state's encoding: what the parser reads back.
	w := u.splice(start, len(u.href), "#"+encodeValue(setterValue(strings.TrimPrefix(v, "#")), &pct.Fragment), offCount)
	w.fragmentStart = start
	return w
}
