package main

import (
	"errors"
	"strings"

	"github.com/iri-go/iri/internal/redact"
	"github.com/iri-go/iri/web"
)

// The tool prints no password: an input it echoes (in an error, the caret
// line under it, the -lenient note, match's "no match", web's output) has
// the password of its userinfo replaced by "xxxxx", as a browser reads the
// userinfo ("http:u:pw@h" has one, which RFC 3986 reads as a path); when a
// browser refuses the input, all that could be a userinfo is hidden.

// redactInput returns text, an input, with its password hidden.
func redactInput(text string) string {
	start, end, ok := passwordSpan(text)
	if !ok {
		return text
	}
	return text[:start] + redact.Mask + text[end:]
}

// passwordSpan returns where the password of text is: as a browser reads
// the userinfo (internal/redact.WebSpan) when it reads text as a URL; else
// after a "//", as RFC 3986 reads it; else all that a browser could read
// as a userinfo ("http:u:pw@h:99999/").
func passwordSpan(text string) (start, end int, ok bool) {
	if strings.IndexByte(text, '@') < 0 {
		return 0, 0, false // no userinfo
	}
	_, err := web.Parse(text)
	if err == nil {
		return redact.WebSpan(text, true)
	}
	if start, end, ok := redact.PasswordSpan(text); ok {
		return start, end, true
	}
	var we *web.Error
	if errors.As(err, &we) {
		return redact.RefusedSpan(text, we.Input)
	}
	return redact.WebSpan(text, false)
}

// redactMessage returns msg, a message about text, with the password of
// text hidden where msg quotes it: the password with what comes before it
// in text, up to 16 octets, and the "@" after it, so that no other part of
// the message that happens to spell the password changes.
func redactMessage(msg, text string) string {
	start, end, ok := passwordSpan(text)
	if !ok {
		return msg
	}
	from := max(0, start-16)
	for k := from; k < start; k++ {
		if anchored := text[k : end+1]; strings.Contains(msg, anchored) {
			return strings.ReplaceAll(msg, anchored, text[k:start]+redact.Mask+"@")
		}
	}
	return strings.ReplaceAll(msg, text[start:end+1], redact.Mask+"@")
}
