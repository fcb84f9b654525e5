package web

import (
	"github.com/iri-go/iri/internal/pct"
	"github.com/iri-go/iri/internal/urlstd"
)

// fastParse reads the URLs most text holds, an http(s), ws(s) or ftp URL
// already in the form the URL Standard's serializer writes, in one pass
// that only classifies bytes: it reports false, and the full parser runs,
// at the first byte the parser might change or read differently (an upper
// case letter, a backslash, a character to encode, a dot segment, a host
// that ends in a number, userinfo, a default or empty port). When it
// reports true, the href is the input itself and nothing is allocated.
// FuzzFastPath holds it to the full parser.
func fastParse(s string) (URL, bool) {
	n := 0
	for n < len(s) && 'a' <= s[n] && s[n] <= 'z' {
		n++
	}
	var port int32
	switch s[:n] {
	case "http", "ws":
		port = 80
	case "https", "wss":
		port = 443
	case "ftp":
		port = 21
	default:
		return URL{}, false
	}
	if len(s) < n+4 || s[n] != ':' || s[n+1] != '/' || s[n+2] != '/' {
		return URL{}, false
	}
	u := URL{href: s, schemeEnd: n, queryStart: -1, fragmentStart: -1, port: -1, hostKind: hostDomain, flags: flagSpecial}
	i := n + 3
	u.usernameEnd, u.passwordStart, u.hostStart = i, i, i
	labelStart := i
	for i < len(s) && pct.Verbatim[s[i]]&pct.VerbatimHost != 0 {
		if s[i] == '.' {
			labelStart = i + 1
		}
		i++
	}
	if i == u.hostStart || i == len(s) {
		return URL{}, false // no host, or no path: the parser adds "/"
	}
	if labelStart == i && labelStart > u.hostStart+1 {
		// A trailing dot: the label before it decides.
		j := labelStart - 2
		for j >= u.hostStart && s[j] != '.' {
			j--
		}
		labelStart = j + 1
	}
	if c := s[labelStart]; '0' <= c && c <= '9' {
		return URL{}, false // may end in a number: an IPv4 address
	}
	u.hostEnd, u.portEnd = i, i
	if s[i] == ':' {
		i++
		start := i
		v := int32(0)
		for i < len(s) && '0' <= s[i] && s[i] <= '9' && i-start < 5 {
			v = v*10 + int32(s[i]-'0')
			i++
		}
		if i == start || s[start] == '0' || v > 65535 || v == port || i == len(s) {
			return URL{}, false
		}
		u.port, u.portEnd = v, i
	}
	if s[i] != '/' {
		return URL{}, false
	}
	u.pathStart = i
	for i < len(s) {
		c := s[i]
		if c == '/' {
			// A segment that may be "." or ".." (or their encoded forms).
			if i+1 < len(s) && (s[i+1] == '.' || s[i+1] == '%') {
				end := i + 1
				for end < len(s) && s[end] != '/' && s[end] != '?' && s[end] != '#' {
					end++
				}
				if seg := s[i+1 : end]; urlstd.IsSingleDot(seg) || urlstd.IsDoubleDot(seg) {
					return URL{}, false
				}
			}
			i++
			continue
		}
		if pct.Verbatim[c]&pct.VerbatimPath == 0 {
			break
		}
		i++
	}
	if i < len(s) && s[i] == '?' {
		u.queryStart = i
		i++
		for i < len(s) && pct.Verbatim[s[i]]&pct.VerbatimQuery != 0 {
			i++
		}
	}
	if i < len(s) && s[i] == '#' {
		u.fragmentStart = i
		i++
		for i < len(s) && pct.Verbatim[s[i]]&pct.VerbatimFragment != 0 {
			i++
		}
	}
	if i != len(s) {
		return URL{}, false
	}
	// The loop over the path saw every segment, the last too: a "." or
	// ".." (or their encoded forms) after any "/" went to the parser.
	return u, true
}
