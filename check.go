package iri

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/norm"
)

// A Severity tells how serious a Problem is.
type Severity int

const (
	// SeverityAdvice: the IRI is not in the normal form that people
	// minting IRIs should write (uppercase in a host, lowercase hex in a
	// percent-encoding, ...). Check reports it only when asked (see
	// Checker.Advice), so that a crawler is not flooded.
	SeverityAdvice Severity = iota
	// SeverityWarning: the IRI is valid, but breaks a SHOULD of RFC 3987
	// or may mislead its reader.
	SeverityWarning
	// SeverityError: the IRI cannot be resolved as it stands, or has a form known
	// from attacks.
	SeverityError
)

// String returns "advice", "warning" or "error".
func (s Severity) String() string {
	switch s {
	case SeverityAdvice:
		return "advice"
	case SeverityWarning:
		return "warning"
	}
	return "error"
}

// A Problem is something Check finds in an IRI.
type Problem struct {
	Code      string   // stable identifier, one of the codes listed at Check
	Severity  Severity // how serious it is
	Component string   // where: "iuserinfo", "ihost", "label", "ipath", "segment", "iquery", "ifragment", ...
	Offset    int      // byte offset in the IRI
	Message   string   // what is wrong, for a person
}

// String describes the problem on one line: severity, code, offset,
// component and message.
func (p Problem) String() string {
	return fmt.Sprintf("%s %s at byte %d in %s: %s", p.Severity, p.Code, p.Offset, p.Component, p.Message)
}

// Check looks for the problems that RFC 3987 warns of, in the spirit of
// the IRI violations of Jena: characters that mislead readers, encodings
// that mislead software. It returns them in the order of their offsets,
// or nil. The codes, stable from one version to the next, are:
//
//   - "not-nfc" (warning): a component is not in NFC, as IRIs SHOULD be
//     created (section 5.3.2.2); text converted from a legacy encoding
//     MUST be (section 3.1).
//   - "not-nfkc" (warning): a component is in NFC but not in NFKC, as newly
//     created names should be (section 7.5), with a compatibility
//     character such as the "ﬁ" ligature.
//   - "mixed-script" (warning): a component mixes scripts that no
//     language uses together, such as Latin and Cyrillic (section 7.5;
//     the "highly restrictive" level of UTS #39).
//   - "fullwidth" and "halfwidth-katakana" (warning): characters section
//     6.1 b says to avoid.
//   - "idna" (error): a DNS host name that IDNA rejects, so that the IRI
//     cannot be resolved (section 3.1).
//   - "bidi" (warning): a component breaks a rule of section 4.2; see
//     CheckBidi.
//   - "pct-not-utf8" (warning): percent-encoded octets that are not UTF-8,
//     likely from a legacy encoding, a means of spoofing (section 8).
//   - "overlong-utf8" (error): an overlong UTF-8 sequence such as "%C0%AF",
//     which faulty decoders read as "/" (section 8).
//   - "encoded-dot-segment" (error): a path segment that is "." or ".."
//     once decoded, such as "%2E%2E", which slips past checks that look
//     for dot segments.
//   - "encoded-slash" (warning): a "%2F" in the path, which servers read
//     as "/" or not.
//   - "userinfo" (error): a userinfo in an http or https IRI, the form of
//     http://bank.example@attacker.example/ (RFC 3986, section 7.6).
//
// The rules of the schemes this package knows, from their specifications
// (error):
//
//   - "http-host": an http or https IRI without a host, or with an empty
//     one (RFC 9110, section 4.2.1).
//   - "file-path": a file IRI whose path is not absolute (RFC 8089,
//     section 2; a drive letter, appendix E.2, is allowed).
//   - "urn-nid": a urn namespace identifier that is not 2 to 32 letters,
//     digits and hyphens, a letter or digit first and last, or that
//     starts with "X-", or "urn-" without digits (RFC 8141, sections 2,
//     5.1, 5.2).
//   - "urn-nss": an empty namespace-specific string (RFC 8141).
//   - "urn-components": a query that is not an r-component "?+" and a
//     q-component "?=", in that order (RFC 8141, section 2.3).
//   - "urn-uuid", "urn-oid": a urn:uuid that is not 8-4-4-4-12 hex digits
//     (RFC 9562), a urn:oid that is not dotted numbers (RFC 3061).
//   - "mailto-address", "mailto-header": an address that is not
//     local-part@domain, a header field that is not name=value (RFC 6068,
//     section 2).
//   - "tag-syntax": a tag IRI without an authority name (a DNS name or
//     an email address), a comma and a date, then ":" (RFC 4151).
//   - "data-syntax", "data-base64": a data IRI without a media type and
//     "," of its form, or data marked base64 that holds other characters
//     (RFC 2397).
//   - "did-syntax": a did IRI that is not method-name:method-specific-id
//     (W3C DID 1.0, section 3.1).
//
// Advice about the normal form (SeverityAdvice), with Checker.Advice:
//
//   - "default-port": the default port of the scheme written out.
//   - "uppercase-scheme", "uppercase-host": uppercase letters where the
//     normal form has lowercase (RFC 3986, sections 3.1 and 6.2.2.1).
//   - "lowercase-hex": a percent-encoding with lowercase hex digits
//     (RFC 3986, section 2.1).
//   - "dot-segment": a "." or ".." segment in the path of an IRI (RFC
//     3986, section 6.2.2.3).
//
// Check of an IRI with no problem allocates nothing, but for IDNA
// validation, which a host beyond ASCII needs.
func (i IRI) Check() []Problem { return Checker{}.Check(i) }

// A Checker runs Check with options. Its zero value checks as IRI.Check
// does.
type Checker struct {
	// Advice adds the problems of severity SeverityAdvice, about the
	// normal form: for people minting IRIs rather than for a crawler.
	Advice bool
}

// Check returns the problems of i, as IRI.Check does, with the options of
// c.
func (c Checker) Check(i IRI) []Problem {
	var problems []Problem
	add := func(code string, sev Severity, component string, offset int, format string, args ...any) {
		problems = append(problems, Problem{code, sev, component, offset, fmt.Sprintf(format, args...)})
	}
	nonASCII := indexNonASCII(i.s) >= 0
	if nonASCII {
		i.checkCharacters(add)
	}
	if strings.IndexByte(i.s, '%') >= 0 {
		i.checkPercent(add)
	}
	facts := lookupScheme(i.Scheme())
	if facts == nil {
		facts = &schemeFacts{}
	}
	i.checkAuthority(add, facts, c.Advice)
	if facts.check != nil {
		problems = append(problems, facts.check(i)...)
	}
	if c.Advice {
		i.checkAdvice(add)
	}
	if len(problems) > 1 {
		slices.SortStableFunc(problems, func(a, b Problem) int { return cmp.Compare(a.Offset, b.Offset) })
	}
	return problems
}

type addFunc func(code string, sev Severity, component string, offset int, format string, args ...any)

// checkCharacters looks at the characters beyond ASCII.
func (i IRI) checkCharacters(add addFunc) {
	// Normalization forms, component by component.
	for _, c := range i.mainComponents() {
		if c.text == "" || indexNonASCII(c.text) < 0 {
			continue
		}
		if n := norm.NFC.QuickSpanString(c.text); n < len(c.text) && !norm.NFC.IsNormalString(c.text) {
			add("not-nfc", SeverityWarning, c.kind, c.offset+n, "%q is not in NFC", c.text)
		} else if n := norm.NFKC.QuickSpanString(c.text); n < len(c.text) && !norm.NFKC.IsNormalString(c.text) {
			add("not-nfkc", SeverityWarning, c.kind, c.offset+n, "%q is not in NFKC, as new names should be", c.text)
		}
	}
	// Scripts and widths, in the finer components of section 4.2.
	i.bidiComponents(func(kind string, offset int, text string) {
		if indexNonASCII(text) < 0 {
			return
		}
		if a, b, mixed := mixedScripts(text); mixed {
			add("mixed-script", SeverityWarning, kind, offset, "%q mixes the scripts %s and %s", text, a, b)
		}
		// The width forms are in U+FF00..U+FFEF, whose UTF-8 starts with 0xEF.
		if strings.IndexByte(text, 0xEF) < 0 {
			return
		}
		full, half := false, false
		for p, r := range text {
			switch {
			case 0xFF01 <= r && r <= 0xFF5E && !full:
				full = true
				add("fullwidth", SeverityWarning, kind, offset+p, "full-width %q in %q (RFC 3987, section 6.1)", r, text)
			case 0xFF65 <= r && r <= 0xFF9F && !half:
				half = true
				add("halfwidth-katakana", SeverityWarning, kind, offset+p, "half-width Katakana %q in %q (RFC 3987, section 6.1)", r, text)
			}
		}
	})
	if err, ok := i.CheckBidi().(*BidiError); ok {
		for _, v := range err.Violations {
			add("bidi", SeverityWarning, v.Component, v.Offset, "%q breaks rule %d of RFC 3987, section 4.2: %s", v.Text, v.Rule, bidiRules[v.Rule-1].text)
		}
	}
}

type component struct {
	kind   string
	offset int
	text   string
}

// mainComponents returns the components of the IRI that hold characters.
func (i IRI) mainComponents() [5]component {
	return [5]component{
		{"iuserinfo", int(i.schemeEnd) + 2, i.Userinfo()},
		{"ihost", int(i.hostStart), i.Host()},
		{"ipath", int(i.pathStart), i.Path()},
		{"iquery", int(i.pathEnd) + 1, i.Query()},
		{"ifragment", int(i.queryEnd) + 1, i.Fragment()},
	}
}

// checkPercent looks at the percent-encoded octets.
func (i IRI) checkPercent(add addFunc) {
	s := i.s
	for p := strings.IndexByte(s, '%'); p >= 0 && p+2 < len(s); {
		c := pctOctet(s, p)
		if c < utf8.RuneSelf {
			next := strings.IndexByte(s[p+3:], '%')
			if next < 0 {
				break
			}
			p += 3 + next
			continue
		}
		// A run of encoded octets >= 0x80: decode it as UTF-8.
		var octets []byte
		start := p
		for ; p+2 < len(s) && s[p] == '%'; p += 3 {
			o := pctOctet(s, p)
			if o < utf8.RuneSelf {
				break
			}
			octets = append(octets, o)
		}
		component := i.componentAt(start)
		for k := 0; k < len(octets); {
			r, size := utf8.DecodeRune(octets[k:])
			if r == utf8.RuneError && size <= 1 {
				size = 1
				if n := overlongLength(octets[k:]); n > 0 {
					size = n
					add("overlong-utf8", SeverityError, component, start+3*k, "overlong UTF-8 %s (RFC 3987, section 8)", s[start+3*k:start+3*(k+n)])
				} else {
					add("pct-not-utf8", SeverityWarning, component, start+3*k, "percent-encoded octet %s is not UTF-8 (RFC 3987, section 8)", s[start+3*k:start+3*k+3])
				}
			}
			k += size
		}
		if next := strings.IndexByte(s[p:], '%'); next >= 0 {
			p += next
		} else {
			break
		}
	}
	// Encoded dot segments and slashes in the path.
	splitEach(i.Path(), int(i.pathStart), "/", func(offset int, segment string) {
		if strings.IndexByte(segment, '%') < 0 {
			return
		}
		if d := decodeUnreserved(segment); d == "." || d == ".." {
			add("encoded-dot-segment", SeverityError, "segment", offset, "%q is the dot segment %q once decoded", segment, d)
		}
		if k := strings.Index(strings.ToUpper(segment), "%2F"); k >= 0 {
			add("encoded-slash", SeverityWarning, "segment", offset+k, "%q holds an encoded \"/\", which servers read differently", segment)
		}
	})
}

// overlongLength returns the length of the overlong UTF-8 sequence that
// octets start with (RFC 3629, section 3: a character encoded in more
// octets than it needs, as "/" is in C0 AF), or 0.
func overlongLength(octets []byte) int {
	n := 0
	switch {
	case len(octets) >= 2 && (octets[0] == 0xC0 || octets[0] == 0xC1):
		n = 2
	case len(octets) >= 3 && octets[0] == 0xE0 && octets[1] < 0xA0:
		n = 3
	case len(octets) >= 4 && octets[0] == 0xF0 && octets[1] < 0x90:
		n = 4
	}
	for k := 1; k < n; k++ {
		if octets[k] < 0x80 || octets[k] > 0xBF {
			return 0 // not a sequence at all
		}
	}
	return n
}

// componentAt names the component that holds s[p].
func (i IRI) componentAt(p int) string {
	switch {
	case p < int(i.hostStart):
		return "iuserinfo"
	case p < int(i.hostEnd):
		return "ihost"
	case p < int(i.pathEnd):
		return "ipath"
	case p < int(i.queryEnd):
		return "iquery"
	}
	return "ifragment"
}

// checkAuthority looks at the userinfo, host and port.
func (i IRI) checkAuthority(add addFunc, facts *schemeFacts, advice bool) {
	if !i.HasAuthority() {
		return
	}
	scheme := i.Scheme()
	if i.HasUserinfo() && facts.noUserinfo {
		add("userinfo", SeverityError, "iuserinfo", int(i.schemeEnd)+2,
			"%q before the host of an %s IRI, a form known from phishing (RFC 3986, section 7.6)", i.Userinfo(), scheme)
	}
	if host := i.Host(); facts.rule.DNSHost {
		if _, err := hostToASCII(idna.Lookup, host); err != nil {
			add("idna", SeverityError, "ihost", int(i.hostStart), "%q is not a valid IDN host name: %v", host, errors.Unwrap(err))
		}
	}
	if i.HasPort() && advice {
		if rule := facts.rule; rule.DefaultPort != "" && strings.TrimLeft(i.Port(), "0") == rule.DefaultPort {
			add("default-port", SeverityAdvice, "port", int(i.hostEnd)+1, "%s is the default port of %s", i.Port(), scheme)
		}
	}
}

// mixedScripts reports whether text uses scripts that no language uses
// together, and two of them. Common and Inherited characters (digits,
// punctuation, combining marks) go with any script. Allowed together, as
// in the "highly restrictive" level of UTS #39: Latin, Han, Hiragana and
// Katakana (Japanese); Latin, Han and Bopomofo (Chinese); Latin, Han and
// Hangul (Korean).
func mixedScripts(text string) (a, b string, mixed bool) {
	var seen scriptSet
	first, other := "", ""
	for _, r := range text {
		name, bit := scriptOf(r)
		switch {
		case bit == 0:
			continue
		case first == "":
			first = name
		}
		if bit == scriptOther {
			if other != "" && other != name {
				return other, name, true
			}
			other = name
		}
		if seen |= bit; !seen.allowed() {
			return first, name, true
		}
	}
	return "", "", false
}

// A scriptSet is a set of scripts: a bit for each of those that UTS #39
// allows to mix, one for every other script.
type scriptSet uint8

const (
	scriptLatin scriptSet = 1 << iota
	scriptHan
	scriptHiragana
	scriptKatakana
	scriptBopomofo
	scriptHangul
	scriptOther // any other script; mixedScripts tells two of them apart
)

func (s scriptSet) allowed() bool {
	const (
		japanese = scriptLatin | scriptHan | scriptHiragana | scriptKatakana
		chinese  = scriptLatin | scriptHan | scriptBopomofo
		korean   = scriptLatin | scriptHan | scriptHangul
	)
	if s&scriptOther != 0 {
		return s == scriptOther // mixes with nothing
	}
	return s&^japanese == 0 || s&^chinese == 0 || s&^korean == 0
}

// scriptOf returns the script of r and its bit, or 0 for Common and
// Inherited.
func scriptOf(r rune) (string, scriptSet) {
	if r < utf8.RuneSelf {
		if isAlpha(byte(r)) {
			return "Latin", scriptLatin
		}
		return "", 0
	}
	for _, s := range mixableScripts {
		if unicode.Is(s.table, r) {
			return s.name, s.bit
		}
	}
	if unicode.In(r, unicode.Common, unicode.Inherited) {
		return "", 0
	}
	for _, s := range otherScripts {
		if unicode.Is(s.table, r) {
			return s.name, scriptOther
		}
	}
	return "", 0
}

// mixableScripts are the scripts UTS #39 lets mix, with their bits.
var mixableScripts = [...]struct {
	name  string
	table *unicode.RangeTable
	bit   scriptSet
}{
	{"Latin", unicode.Latin, scriptLatin},
	{"Han", unicode.Han, scriptHan},
	{"Hiragana", unicode.Hiragana, scriptHiragana},
	{"Katakana", unicode.Katakana, scriptKatakana},
	{"Bopomofo", unicode.Bopomofo, scriptBopomofo},
	{"Hangul", unicode.Hangul, scriptHangul},
}

// otherScripts are the remaining scripts of package unicode, most used
// first, then by name.
var otherScripts = func() []struct {
	name  string
	table *unicode.RangeTable
} {
	first := []string{"Cyrillic", "Greek", "Arabic", "Hebrew", "Devanagari", "Thai", "Armenian", "Georgian"}
	var list []struct {
		name  string
		table *unicode.RangeTable
	}
	for _, name := range first {
		list = append(list, struct {
			name  string
			table *unicode.RangeTable
		}{name, unicode.Scripts[name]})
	}
	var rest []string
	for name := range unicode.Scripts {
		switch name {
		case "Latin", "Han", "Hiragana", "Katakana", "Bopomofo", "Hangul", "Common", "Inherited":
			continue
		}
		if !slices.Contains(first, name) {
			rest = append(rest, name)
		}
	}
	slices.Sort(rest)
	for _, name := range rest {
		list = append(list, struct {
			name  string
			table *unicode.RangeTable
		}{name, unicode.Scripts[name]})
	}
	return list
}()

// checkAdvice looks for what differs from the normal form.
func (i IRI) checkAdvice(add addFunc) {
	for p := 0; p+1 < i.schemeEnd; p++ {
		if isUpper(i.s[p]) {
			add("uppercase-scheme", SeverityAdvice, "scheme", p, "the scheme %q is written in lowercase (RFC 3986, section 3.1)", i.Scheme())
			break
		}
	}
	if traitsOf(i.Host())&hostUpperASCII != 0 {
		add("uppercase-host", SeverityAdvice, "ihost", i.hostStart, "the host %q is written in lowercase (RFC 3986, section 6.2.2.1)", i.Host())
	}
	for p := strings.IndexByte(i.s, '%'); p >= 0; p = nextPercent(i.s, p) {
		if isLowerHex(i.s[p+1]) || isLowerHex(i.s[p+2]) {
			add("lowercase-hex", SeverityAdvice, i.componentAt(p), p, "%s has lowercase hex digits (RFC 3986, section 2.1)", i.s[p:p+3])
			break
		}
	}
	if removesDotSegments(i) && hasDotSegment(i.Path()) {
		add("dot-segment", SeverityAdvice, "ipath", i.pathStart, "the path %q has dot segments (RFC 3986, section 6.2.2.3)", i.Path())
	}
}
