package urlstd

import "strings"

// Parts are the components of an href, as the URL serializer writes them
// (URL Standard, section 4.5): substrings of the href that Split read, or
// values a caller set, for String to write again.
type Parts struct {
	Scheme       string // without ":"
	HasAuthority bool   // "//" after the scheme: the URL has a host
	Userinfo     string // username, and ":" and password when there is one; without "@"
	HasUserinfo  bool
	Host         string
	Port         string // without ":"
	HasPort      bool
	Path         string // without the serializer's "/." (see String)
	Query        string // without "?"
	HasQuery     bool
	Fragment     string // without "#"
	HasFragment  bool
}

// Split splits an href as the URL serializer writes it: scheme ":", then
// "//" and the authority when there is a host, the path, "?" query, "#"
// fragment. In an href a "@" can only end the userinfo, a ":" after the
// host (after "]" for IPv6) only starts the port, and "?" and "#" only
// start their components. A text without ":" is all path.
func Split(href string) Parts {
	var p Parts
	colon := strings.IndexByte(href, ':')
	if colon < 0 {
		p.Path = href
		return p
	}
	p.Scheme = href[:colon]
	rest := href[colon+1:]
	if i := strings.IndexByte(rest, '#'); i >= 0 {
		rest, p.Fragment, p.HasFragment = rest[:i], rest[i+1:], true
	}
	if i := strings.IndexByte(rest, '?'); i >= 0 {
		rest, p.Query, p.HasQuery = rest[:i], rest[i+1:], true
	}
	if strings.HasPrefix(rest, "//") {
		p.HasAuthority = true
		rest = rest[2:]
		auth := rest
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			auth, rest = rest[:i], rest[i:]
		} else {
			rest = ""
		}
		if i := strings.LastIndexByte(auth, '@'); i >= 0 {
			p.Userinfo, p.HasUserinfo, auth = auth[:i], true, auth[i+1:]
		}
		hostEnd := len(auth)
		if i := strings.LastIndexByte(auth, ':'); i >= 0 && i > strings.LastIndexByte(auth, ']') {
			hostEnd = i
			p.Port, p.HasPort = auth[i+1:], true
		}
		p.Host = auth[:hostEnd]
	}
	if !p.HasAuthority && strings.HasPrefix(rest, "/.//") {
		// The serializer's "/." before a path that would read as an
		// authority (URL Standard, "URL serializer", step 3) is not part
		// of the path; String writes it again.
		rest = rest[2:]
	}
	p.Path = rest
	return p
}

// String writes the href of the parts. A path without a host that starts
// with "//" would read as an authority: "/." is written before it, as the
// URL serializer writes it (URL Standard, "URL serializer", step 3).
func (p *Parts) String() string {
	n := len(p.Scheme) + 3 + len(p.Userinfo) + 2 + 1 + len(p.Host) + 1 + len(p.Port) + len(p.Path) + 1 + len(p.Query) + 1 + len(p.Fragment)
	b := make([]byte, 0, n)
	b = append(b, p.Scheme...)
	b = append(b, ':')
	if p.HasAuthority {
		b = append(b, "//"...)
		if p.HasUserinfo {
			b = append(b, p.Userinfo...)
			b = append(b, '@')
		}
		b = append(b, p.Host...)
		if p.HasPort {
			b = append(b, ':')
			b = append(b, p.Port...)
		}
	} else if strings.HasPrefix(p.Path, "//") {
		b = append(b, "/."...)
	}
	b = append(b, p.Path...)
	if p.HasQuery {
		b = append(b, '?')
		b = append(b, p.Query...)
	}
	if p.HasFragment {
		b = append(b, '#')
		b = append(b, p.Fragment...)
	}
	return string(b)
}
