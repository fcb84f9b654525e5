// Package redact finds the password in the text of a URL or IRI, so that
// no message of the module copies it, as net/url's Redacted and net/http
// do not.
package redact

import "strings"

// Mask is what a password becomes.
const Mask = "xxxxx"

// PasswordSpan returns where the password of text is: in the authority
// after the first "//", between the first ":" of the userinfo and the last
// "@" before the end of the authority ("/", "?", "#" or, as browsers read
// special URLs, "\"). It reports false when there is no such non-empty
// password. The text need not be a valid URL: error messages quote what
// failed to parse.
func PasswordSpan(text string) (start, end int, ok bool) {
	i := strings.Index(text, "//")
	if i < 0 {
		return 0, 0, false
	}
	auth := text[i+2:]
	for j := 0; j < len(auth); j++ {
		if c := auth[j]; c == '/' || c == '?' || c == '#' || c == '\\' {
			auth = auth[:j]
			break
		}
	}
	at := strings.LastIndexByte(auth, '@')
	if at < 0 {
		return 0, 0, false
	}
	colon := strings.IndexByte(auth[:at], ':')
	if colon < 0 || colon == at-1 {
		return 0, 0, false
	}
	return i + 2 + colon + 1, i + 2 + at, true
}

// Password returns text with its password, if any, replaced by Mask.
func Password(text string) string {
	start, end, ok := PasswordSpan(text)
	if !ok {
		return text
	}
	return text[:start] + Mask + text[end:]
}
