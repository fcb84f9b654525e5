package iri

import (
	"fmt"
	"golang.org/x/net/idna"
	"slices"
	"strings"
	"unicode/utf8"

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
	b.WriteString(quoteAround(e.IRI, offset))
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
	if !hasRTL(i.s) {
		return nil
	}
	var violations []BidiViolation
	i.bidiComponents(func(kind string, offset int, text string) {
		if !hasRTL(text) {
			return
		}
		shape := shapeOf(text)
		for k, rule := range bidiRules {
			if !rule.broken(shape) {
				continue
			}
			counted := false
			for v := range violations {
				if violations[v].Component == kind && violations[v].Rule == k+1 {
					violations[v].Count++
					counted = true
					break
				}
			}
			if !counted {
				violations = append(violations, BidiViolation{kind, offset, text, k + 1, 1})
			}
		}
	})
	if violations == nil {
		return nil
	}
	return &BidiError{IRI: i.s, Violations: violations}
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
		each("iuserinfo", int(i.schemeEnd)+2, i.Userinfo())
	}
	if host := i.Host(); host != "" && host[0] != '[' {
		if hasDNSHost(i.Scheme()) {
			splitEach(host, int(i.hostStart), ".", func(offset int, label string) { each("label", offset, label) })
		} else {
			each("ireg-name", int(i.hostStart), host)
		}
	}
	splitEach(i.Path(), int(i.pathStart), "/", func(offset int, segment string) {
		if dot := strings.LastIndexByte(segment, '.'); dot >= 0 {
			each("segment", offset, segment[:dot])
			each("extension", offset+dot+1, segment[dot+1:])
		} else {
			each("segment", offset, segment)
		}
	})
	if i.HasQuery() {
		query, start := i.Query(), int(i.pathEnd)+1
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
		each("ifragment", int(i.queryEnd)+1, i.Fragment())
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

// Bidirectional formatting characters that wrap an IRI for display; they
// are not part of the IRI (section 4.1).
const (
	leftToRightEmbedding     = "\u202A" // LRE
	popDirectionalFormatting = "\u202C" // PDF
)

// Display returns the text to show a user for the IRI: the IRI in a
// left-to-right embedding, between LEFT-TO-RIGHT EMBEDDING and POP
// DIRECTIONAL FORMATTING, so that a renderer that implements the Unicode
// Bidirectional Algorithm shows it as RFC 3987, section 4.1, requires. The
// result is for display only: it is not an IRI.
//
// A label of a DNS host that the IDN display policy of Check refuses (a
// spoof such as "аррӏе", in Cyrillic) is shown in punycode, as browsers
// show it; DisplayHost says why.
func (i IRI) Display() string {
	return leftToRightEmbedding + i.withPolicyHost().s + popDirectionalFormatting
}

// withPolicyHost returns i with the labels of its DNS host that the
// display policy refuses in punycode.
func (i IRI) withPolicyHost() IRI {
	if !hasDNSHost(i.Scheme()) || !needsIDNA(i.Host()) {
		return i
	}
	host, _ := policyLabels(idna.Lookup, i.Host(), false)
	if host == i.Host() {
		return i
	}
	c := i.Components()
	c.Host = host
	return c.build()
}

// DisplayEncoded is like Display, with the parts that cannot be displayed
// faithfully percent-encoded (sections 4.2 and 7.6): every component that
// breaks a rule of section 4.2, whole, as section 4.2 asks; the characters
// ToIRI keeps encoded because they are invisible or look like others
// (section 6.1); and, if canShow is not nil, every character beyond ASCII
// for which it reports false, such as those the available fonts lack.
func (i IRI) DisplayEncoded(canShow func(rune) bool) string {
	i = i.withPolicyHost()
	var encode [][2]int // spans of whole components to encode
	if err, ok := i.CheckBidi().(*BidiError); ok {
		for _, v := range err.Violations {
			encode = append(encode, [2]int{v.Offset, v.Offset + len(v.Text)})
		}
	}
	// Spans in the order of their offsets, dropped once passed.
	slices.SortFunc(encode, func(a, b [2]int) int { return a[0] - b[0] })
	var b strings.Builder
	b.WriteString(leftToRightEmbedding)
	for p := 0; p < len(i.s); {
		r, size := utf8.DecodeRuneInString(i.s[p:])
		for len(encode) > 0 && encode[0][1] <= p {
			encode = encode[1:]
		}
		inBroken := len(encode) > 0 && encode[0][0] <= p
		if r >= utf8.RuneSelf && (inBroken || !appropriate(r, true) || canShow != nil && !canShow(r)) {
			for k := p; k < p+size; k++ {
				b.Write(appendPercent(nil, i.s[k]))
			}
		} else {
			b.WriteString(i.s[p : p+size])
		}
		p += size
	}
	b.WriteString(popDirectionalFormatting)
	return b.String()
}

// VisualOrder returns the characters of the IRI in the order in which they
// appear on screen, left to right, as the Unicode Bidirectional Algorithm
// (UAX #9) lays them out in a left-to-right embedding (section 4.1): for
// terminals and other displays that do not implement the algorithm
// themselves. Section 4.4 gives examples of the result. Mirrored glyphs
// (rule L4: a "(" in a right-to-left run shows as ")") are left to the
// renderer.
func (i IRI) VisualOrder() string {
	if !hasRTL(i.s) {
		return i.s
	}
	runes := []rune(i.s)
	levels := bidiLevels(runes)
	// Rule L2: from the highest level to the lowest odd one, reverse every
	// run of characters at that level or higher.
	for level := uint8(2); level >= 1; level-- {
		for k := 0; k < len(runes); {
			if levels[k] < level {
				k++
				continue
			}
			end := k
			for end < len(runes) && levels[end] >= level {
				end++
			}
			for a, b := k, end-1; a < b; a, b = a+1, b-1 {
				runes[a], runes[b] = runes[b], runes[a]
				levels[a], levels[b] = levels[b], levels[a]
			}
			k = end
		}
	}
	return string(runes)
}

// bidiLevels resolves the embedding level of each character of an IRI in a
// left-to-right paragraph, by the Unicode Bidirectional Algorithm. An IRI
// holds no explicit formatting characters (the parser rejects them) and no
// paragraph separators, so the rules come down to W1 to W7, N0 to N2, I1
// and L1; every level is 0, 1 or 2.
func bidiLevels(runes []rune) []uint8 {
	n := len(runes)
	classes := make([]bidi.Class, n)
	for k, r := range runes {
		props, _ := bidi.LookupRune(r)
		classes[k] = props.Class()
	}
	original := append([]bidi.Class(nil), classes...)
	for k := range classes { // W1
		if classes[k] == bidi.NSM {
			classes[k] = bidi.L // sos
			if k > 0 {
				classes[k] = classes[k-1]
			}
		}
	}
	// W2, with the last strong class so far (sos, which is L, at first).
	last := bidi.L
	for k, c := range classes {
		switch c {
		case bidi.L, bidi.R, bidi.AL:
			last = c
		case bidi.EN:
			if last == bidi.AL {
				classes[k] = bidi.AN
			}
		}
	}
	for k := range classes { // W3
		if classes[k] == bidi.AL {
			classes[k] = bidi.R
		}
	}
	for k := 1; k+1 < n; k++ { // W4
		prev, next := classes[k-1], classes[k+1]
		switch {
		case classes[k] == bidi.ES && prev == bidi.EN && next == bidi.EN,
			classes[k] == bidi.CS && prev == bidi.EN && next == bidi.EN:
			classes[k] = bidi.EN
		case classes[k] == bidi.CS && prev == bidi.AN && next == bidi.AN:
			classes[k] = bidi.AN
		}
	}
	for k := 0; k < n; { // W5
		if classes[k] != bidi.ET {
			k++
			continue
		}
		end := k
		for end < n && classes[end] == bidi.ET {
			end++
		}
		if k > 0 && classes[k-1] == bidi.EN || end < n && classes[end] == bidi.EN {
			for j := k; j < end; j++ {
				classes[j] = bidi.EN
			}
		}
		k = end
	}
	for k, c := range classes { // W6
		if c == bidi.ES || c == bidi.ET || c == bidi.CS {
			classes[k] = bidi.ON
		}
	}
	last = bidi.L
	for k, c := range classes { // W7
		switch c {
		case bidi.L, bidi.R:
			last = c
		case bidi.EN:
			if last == bidi.L {
				classes[k] = bidi.L
			}
		}
	}
	resolveBrackets(runes, classes, original)
	// N1 and N2: a run of neutrals takes the direction of the strong
	// characters on both sides (EN and AN count as R) when they agree, and
	// the embedding direction, L, otherwise.
	direction := func(c bidi.Class) bidi.Class {
		switch c {
		case bidi.L:
			return bidi.L
		case bidi.R, bidi.EN, bidi.AN:
			return bidi.R
		}
		return bidi.ON
	}
	for k := 0; k < n; {
		if direction(classes[k]) != bidi.ON {
			k++
			continue
		}
		end := k
		for end < n && direction(classes[end]) == bidi.ON {
			end++
		}
		before, after := bidi.L, bidi.L // sos and eos
		if k > 0 {
			before = direction(classes[k-1])
		}
		if end < n {
			after = direction(classes[end])
		}
		resolved := bidi.L
		if before == after {
			resolved = before
		}
		for j := k; j < end; j++ {
			classes[j] = resolved
		}
		k = end
	}
	// I1: at level 0, R goes up one level, AN and EN two.
	levels := make([]uint8, n)
	for k, c := range classes {
		switch c {
		case bidi.R:
			levels[k] = 1
		case bidi.AN, bidi.EN:
			levels[k] = 2
		}
	}
	// L1: white space at the end of the line goes back to level 0.
	for k := n - 1; k >= 0 && (original[k] == bidi.WS || original[k] == bidi.BN); k-- {
		levels[k] = 0
	}
	return levels
}

// resolveBrackets applies rule N0 of UAX #9 to the bracket pairs of an
// IRI: a pair takes the embedding direction (L) if it encloses a strong
// left-to-right character, else R if it encloses a right-to-left one and
// the context before it is right-to-left too.
func resolveBrackets(runes []rune, classes, original []bidi.Class) {
	type pair struct{ open, close int }
	var pairs, stack []pair
	for k, r := range runes {
		if classes[k] != bidi.ON {
			continue
		}
		props, _ := bidi.LookupRune(r)
		switch {
		case !props.IsBracket():
		case props.IsOpeningBracket():
			if len(stack) == 63 { // BD16: stop at overflow
				return
			}
			stack = append(stack, pair{open: k})
		default:
			for j := len(stack) - 1; j >= 0; j-- {
				if matchingBracket(runes[stack[j].open]) == r {
					pairs = append(pairs, pair{stack[j].open, k})
					stack = stack[:j]
					break
				}
			}
		}
	}
	// Pairs in the order of their opening brackets.
	slices.SortFunc(pairs, func(a, b pair) int { return a.open - b.open })
	asStrong := func(c bidi.Class) bidi.Class {
		if c == bidi.EN || c == bidi.AN {
			return bidi.R
		}
		return c
	}
	// The context before each opening bracket: the last strong class
	// before it, found by a cursor that only moves forward, as the pairs
	// come in order and resolving one changes nothing before it.
	cursor, context := 0, bidi.L // sos
	for _, p := range pairs {
		for ; cursor < p.open; cursor++ {
			if c := asStrong(classes[cursor]); c == bidi.L || c == bidi.R {
				context = c
			}
		}
		inside := bidi.ON
		for k := p.open + 1; k < p.close; k++ {
			if c := asStrong(classes[k]); c == bidi.L {
				inside = bidi.L
				break
			} else if c == bidi.R {
				inside = bidi.R
			}
		}
		resolved := inside
		if inside == bidi.R && context != bidi.R {
			resolved = bidi.L // the embedding direction
		}
		if resolved == bidi.ON {
			continue
		}
		for _, k := range []int{p.open, p.close} {
			classes[k] = resolved
			for j := k + 1; j < len(classes) && original[j] == bidi.NSM; j++ {
				classes[j] = resolved
			}
		}
	}
}

// matchingBracket returns the closing bracket of an opening one, for the
// brackets that can stand in an IRI.
func matchingBracket(open rune) rune {
	switch open {
	case '(':
		return ')'
	case '[':
		return ']'
	case '{':
		return '}'
	}
	// Beyond ASCII, the paired brackets of Unicode are mostly adjacent
	// code points.
	if props, _ := bidi.LookupRune(open + 1); props.IsBracket() && !props.IsOpeningBracket() {
		return open + 1
	}
	return -1
}
