package iri

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/pct"
	"golang.org/x/text/unicode/bidi"
)

// RFC 3987, section 4: bidirectional IRIs. Section 4.1 (no bidi
// formatting characters) is enforced by the parser; this file holds the
// structure rules of section 4.2 and the display of section 4.1.

// A BidiViolation is a component of an IRI that breaks a rule of RFC 3987,
// section 4.2.
//
// Components of one kind that break one rule are one violation, which
// names the first and counts them all, as Check counts its problems: the
// output stays small whatever the input.
type BidiViolation struct {
	Component string // which component: "iuserinfo", "label", "ireg-name", "segment", "extension", "query name", "query value", "iquery" or "ifragment"
	Offset    int    // byte offset of the first such component in the IRI
	Text      string // the first such component as written
	Rule      int    // the rule it breaks: 1 or 2 (see bidiRules)
	Count     int    // how many components of this kind break this rule
}

// String describes the violation: component, text (cut when long),
// offset, rule and, when more than one component breaks it, how many.
func (v BidiViolation) String() string {
	text := v.Text
	if len(text) > 64 {
		cut := 64
		for cut > 0 && !utf8.RuneStart(text[cut]) {
			cut--
		}
		text = text[:cut] + "..."
	}
	s := fmt.Sprintf("%s %q at byte %d breaks rule %d: %s", v.Component, text, v.Offset, v.Rule, bidiRules[v.Rule-1].text)
	if v.Count > 1 {
		s += fmt.Sprintf(" (and %d more of its kind)", v.Count-1)
	}
	return s
}

// A BidiError lists the components of an IRI that break the rules of RFC
// 3987, section 4.2. Those rules are SHOULDs: an IRI with a BidiError is
// valid, but may display in a way that misleads its reader.
type BidiError struct {
	IRI        string
	Violations []BidiViolation
}

// Error lists the violations.
func (e *BidiError) Error() string {
	var b strings.Builder
	b.WriteString("iri: bidi rules of RFC 3987, section 4.2, broken in ")
	offset := 0
	if len(e.Violations) > 0 {
		offset = e.Violations[0].Offset
	}
	b.WriteString(pct.QuoteAround(e.IRI, offset))
	for _, v := range e.Violations {
		b.WriteString("; ")
		b.WriteString(v.String())
	}
	return b.String()
}

// bidiShape is what the rules look at in a component: the bidi classes of
// its first and last characters, and which strong directions it holds.
type bidiShape struct {
	first, last bidi.Class
	ltr, rtl    bool
}

func isRTL(c bidi.Class) bool { return c == bidi.R || c == bidi.AL }

// bidiRules are the rules of section 4.2, for each component.
var bidiRules = [...]struct {
	text   string
	broken func(s bidiShape) bool
}{
	{"a component SHOULD NOT use both right-to-left and left-to-right characters",
		func(s bidiShape) bool { return s.ltr && s.rtl }},
	{"a component using right-to-left characters SHOULD start and end with right-to-left characters",
		func(s bidiShape) bool { return s.rtl && !(isRTL(s.first) && isRTL(s.last)) }},
}

// shapeOf classifies the characters of a component as written: a
// percent-encoded "%31" is the characters "%", "3" and "1", as Example 9
// of section 4.4 reads it.
func shapeOf(text string) bidiShape {
	var s bidiShape
	for p := 0; p < len(text); {
		c, size := classAt(text, p)
		if p == 0 {
			s.first = c
		}
		s.last = c
		s.ltr = s.ltr || c == bidi.L
		s.rtl = s.rtl || isRTL(c)
		p += size
	}
	return s
}

// classAt returns the bidi class of the character at s[p] and its size.
func classAt(s string, p int) (bidi.Class, int) {
	c := s[p]
	switch {
	case c >= utf8.RuneSelf:
		props, size := bidi.LookupString(s[p:])
		return props.Class(), size
	case isAlpha(c):
		return bidi.L, 1
	case isDigit(c):
		return bidi.EN, 1
	}
	props, _ := bidi.LookupString(s[p : p+1])
	return props.Class(), 1
}

// hasRTL reports whether s holds a right-to-left character. Only a
// component with one can break a rule.
func hasRTL(s string) bool {
	first := indexNonASCII(s)
	if first < 0 || !mayHaveRTL(s[first:]) {
		return false
	}
	for p := first; p < len(s); {
		if c, size := classAt(s, p); isRTL(c) {
			return true
		} else {
			p += size
		}
		for p < len(s) && s[p] < utf8.RuneSelf {
			p++
		}
	}
	return false
}

// rtlRanges hold every right-to-left character (bidi class R or AL) but
// RIGHT-TO-LEFT MARK, a bidi control that no IRI holds: the ranges that
// UAX #9 gives those classes by default, which TestRTLRanges holds
// x/text's tables to.
var rtlRanges = [...][2]rune{{0x0590, 0x08FF}, {0xFB1D, 0xFDFF}, {0xFE70, 0xFEFF}, {0x10800, 0x10FFF}, {0x1E800, 0x1EFFF}}

// inRTLRanges reports whether r is in rtlRanges.
func inRTLRanges(r rune) bool {
	if r < rtlRanges[0][0] {
		return false
	}
	for _, rg := range rtlRanges {
		if rg[0] <= r && r <= rg[1] {
			return true
		}
	}
	return false
}

// mayHaveRTL reports whether s may hold a right-to-left character: whether
// it has a byte that starts the UTF-8 of one of rtlRanges (0xD6 to 0xDF
// for U+0590..U+07FF, 0xE0 for U+0800.., 0xEF for U+FB1D.., 0xF0 for the
// planes beyond). Most text beyond ASCII (Latin, Cyrillic, CJK) has none,
// and is cleared without a look-up.
func mayHaveRTL(s string) bool {
	for k := 0; k < len(s); k++ {
		if c := s[k]; c >= 0xD6 && c <= 0xE0 || c == 0xEF || c == 0xF0 {
			return true
		}
	}
	return false
}

// CheckBidi checks the IRI against the rules of RFC 3987, section 4.2, and
// returns a *BidiError that lists every component that breaks one, or nil.
// The components are those section 4.2 names, with the finer divisions it
// suggests: the iuserinfo; each label of a registered name that is a DNS
// host name (the whole ireg-name otherwise); each path segment, with the
// extension after its last "." as a component of its own; each name and
// value of a query made of name=value pairs separated by "&" or ";" (the
// whole iquery otherwise); and the ifragment.
//
// An IRI without right-to-left characters breaks no rule, and is checked
// without allocation.
func (i IRI) CheckBidi() error {
	var violations []BidiViolation
	i.bidiBreaks(func(kind string, offset int, text string, rule int) {
		for v := range violations {
			if violations[v].Component == kind && violations[v].Rule == rule {
				violations[v].Count++
				return
			}
		}
		violations = append(violations, BidiViolation{kind, offset, text, rule, 1})
	})
	if violations == nil {
		return nil
	}
	return &BidiError{IRI: i.s, Violations: violations}
}

// bidiBreaks calls f on every component of section 4.2 that breaks a
// rule, once per rule it breaks (1 or 2), in the order of their offsets:
// CheckBidi counts them by kind, DisplayEncoded encodes each.
func (i IRI) bidiBreaks(f func(kind string, offset int, text string, rule int)) {
	if !hasRTL(i.s) {
		return
	}
	i.bidiComponents(func(kind string, offset int, text string) {
		if !hasRTL(text) {
			return
		}
		shape := shapeOf(text)
		for k, rule := range bidiRules {
			if rule.broken(shape) {
				f(kind, offset, text, k+1)
			}
		}
	})
}

// bidiComponents calls f on each non-empty component of section 4.2; see
// CheckBidi.
func (i IRI) bidiComponents(f func(kind string, offset int, text string)) {
	each := func(kind string, offset int, text string) {
		if text != "" {
			f(kind, offset, text)
		}
	}
	if i.HasUserinfo() {
		each("iuserinfo", i.schemeEnd()+2, i.Userinfo())
	}
	if host := i.Host(); host != "" && host[0] != '[' {
		if hasDNSHost(i.Scheme()) {
			splitEach(host, i.hostStart(), ".", func(offset int, label string) { each("label", offset, label) })
		} else {
			each("ireg-name", i.hostStart(), host)
		}
	}
	splitEach(i.Path(), i.pathStart(), "/", func(offset int, segment string) {
		if dot := strings.LastIndexByte(segment, '.'); dot >= 0 {
			each("segment", offset, segment[:dot])
			each("extension", offset+dot+1, segment[dot+1:])
		} else {
			each("segment", offset, segment)
		}
	})
	if i.HasQuery() {
		query, start := i.Query(), i.pathEnd()+1
		if strings.IndexByte(query, '=') < 0 {
			each("iquery", start, query)
		} else {
			splitEach(query, start, "&;", func(offset int, pair string) {
				name, value, hasValue := strings.Cut(pair, "=")
				each("query name", offset, name)
				if hasValue {
					each("query value", offset+len(name)+1, value)
				}
			})
		}
	}
	if i.HasFragment() {
		each("ifragment", i.queryEnd()+1, i.Fragment())
	}
}

// splitEach calls f on each part of s between the delimiters in seps,
// with its offset (s starts at offset start).
func splitEach(s string, start int, seps string, f func(offset int, part string)) {
	for from := 0; ; {
		end := strings.IndexAny(s[from:], seps)
		if end < 0 {
			f(start+from, s[from:])
			return
		}
		f(start+from, s[from:from+end])
		from += end + 1
	}
}
