package web

import "strings"

// splitHref splits an href as the URL serializer writes it (URL Standard,
// "URL serializing"): scheme ":", then "//" and the authority when there
// is a host, the path, "?" query, "#" fragment. In an href a "@" can only
// end the userinfo, a ":" after the host (after "]" for IPv6) only starts
// the port, and "?" and "#" only start their components.
func splitHref(href string) parts {
	p := parts{href: href}
	colon := strings.IndexByte(href, ':')
	if colon < 0 {
		p.path = href
		return p
	}
	p.scheme = href[:colon]
	rest := href[colon+1:]
	if i := strings.IndexByte(rest, '#'); i >= 0 {
		rest, p.fragment, p.hasFragment = rest[:i], rest[i+1:], true
	}
	if i := strings.IndexByte(rest, '?'); i >= 0 {
		rest, p.query, p.hasQuery = rest[:i], rest[i+1:], true
	}
	if strings.HasPrefix(rest, "//") {
		p.hasAuthority = true
		rest = rest[2:]
		auth := rest
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			auth, rest = rest[:i], rest[i:]
		} else {
			rest = ""
		}
		if i := strings.LastIndexByte(auth, '@'); i >= 0 {
			p.userinfo, p.hasUserinfo, auth = auth[:i], true, auth[i+1:]
		}
		hostEnd := len(auth)
		if i := strings.LastIndexByte(auth, ':'); i >= 0 && i > strings.LastIndexByte(auth, ']') {
			hostEnd = i
			p.port, p.hasPort = auth[i+1:], true
		}
		p.host = auth[:hostEnd]
	}
	if !p.hasAuthority && strings.HasPrefix(rest, "/.//") {
		// The serializer's "/." before a path that would read as an
		// authority (URL Standard, "URL serializer", step 3) is not part
		// of the path; String writes it again.
		rest = rest[2:]
	}
	p.path = rest
	return p
}

// readBrowser reads input with Parse, as a browser does.
func readBrowser(input string) (parts, error) {
	u, err := Parse(input)
	if err != nil {
		return parts{}, &CanonError{Input: redactPassword(input), Rule: "invalid-url", Err: err}
	}
	return splitHref(u.String()), nil
}
