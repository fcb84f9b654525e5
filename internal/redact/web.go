package redact

// WebSpan returns where the secret of text is, as a browser reads the
// userinfo of a URL (URL Standard, section 4.4): the leading spaces and
// C0 controls and every tab and newline skipped, the scheme, then for a
// special scheme (or text without a scheme, which a scheme-less reading
// takes as "http://") any run of "/" and "\" and for another scheme
// "//", the authority up to "/", "?", "#" (and "\" for a special
// scheme), and the userinfo before its last "@".
//
// When accepted is true the browser reads text as a URL, and the span is
// its password: after the first ":" of the userinfo. When accepted is
// false the browser refuses text, so the reading of its userinfo is not
// known: the span is all that comes before the last "@" of what would be
// the authority, user name included, and an authority is assumed after
// the scheme of any scheme. It reports false when there is no such
// non-empty span.
func WebSpan(text string, accepted bool) (start, end int, ok bool) {
	i := 0
	for i < len(text) && text[i] <= ' ' {
		i++
	}
	// The scheme: an ASCII letter, then letters, digits, "+", "-", "."
	// (tabs and newlines are removed before the browser reads them).
	j, n := i, 0
	var scheme [5]byte // enough for the special schemes
	for ; j < len(text); j++ {
		c := text[j]
		if c == '\t' || c == '\n' || c == '\r' {
			continue
		}
		letter := 'a' <= c|0x20 && c|0x20 <= 'z'
		if !letter && (n == 0 || !('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')) {
			break
		}
		if n < len(scheme) {
			scheme[n] = c | 0x20
		}
		n++
	}
	special := true // no scheme: read as "http://" and the text
	k := i
	if n > 0 && j < len(text) && text[j] == ':' {
		k = j + 1
		special = n <= len(scheme) && isSpecial(string(scheme[:n]))
	}
	switch s := afterSlashes(text[k:]); {
	case special:
		for k < len(text) && (text[k] == '/' || text[k] == '\\' || text[k] == '\t' || text[k] == '\n' || text[k] == '\r') {
			k++
		}
	case s >= 0:
		k += s
	case accepted:
		return 0, 0, false // an opaque path: no userinfo
	}
	end = k
	for end < len(text) && text[end] != '/' && text[end] != '?' && text[end] != '#' && !(special && text[end] == '\\') {
		end++
	}
	at := -1
	for x := end - 1; x >= k; x-- {
		if text[x] == '@' {
			at = x
			break
		}
	}
	if at < 0 {
		return 0, 0, false
	}
	start = k
	if accepted {
		for start < at && text[start] != ':' {
			start++
		}
		start++
	}
	if start >= at {
		return 0, 0, false
	}
	return start, at, true
}

// afterSlashes returns the length of the "//" that s starts with, tabs
// and newlines skipped, or -1.
func afterSlashes(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '/':
			if n++; n == 2 {
				return i + 1
			}
		case '\t', '\n', '\r':
		default:
			return -1
		}
	}
	return -1
}

func isSpecial(scheme string) bool {
	switch scheme {
	case "http", "https", "ws", "wss", "ftp", "file":
		return true
	}
	return false
}

// Web returns text with the span WebSpan finds replaced by Mask.
func Web(text string, accepted bool) string {
	start, end, ok := WebSpan(text, accepted)
	if !ok {
		return text
	}
	return text[:start] + Mask + text[end:]
}

// RefusedSpan is WebSpan of a text a browser refuses, given the input of
// the parser's error, which hides the password when the parser had read
// the userinfo before it failed ("http:u:pw@h:99999/" fails on the port,
// after its userinfo): that reading's span when masked reads as
// parserInput, else all that could be a userinfo (WebSpan with accepted
// false). The one rule of package web/canon and the tool, so that an
// error and the input it quotes hide the same span.
func RefusedSpan(text, parserInput string) (start, end int, ok bool) {
	if start, end, ok := WebSpan(text, true); ok && text[:start]+Mask+text[end:] == parserInput {
		return start, end, true
	}
	return WebSpan(text, false)
}

// Refused returns text with the span RefusedSpan finds replaced by Mask.
func Refused(text, parserInput string) string {
	start, end, ok := RefusedSpan(text, parserInput)
	if !ok {
		return text
	}
	return text[:start] + Mask + text[end:]
}
