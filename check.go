package iri

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/iri-go/iri/idn"
	"github.com/iri-go/iri/internal/hostname"
	"github.com/iri-go/iri/internal/ipaddr"
	"github.com/iri-go/iri/internal/pct"
	"github.com/iri-go/iri/internal/ucs"
	"github.com/iri-go/iri/internal/uts39"
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
	Offset    int      // byte offset in the IRI of the first occurrence
	Message   string   // what is wrong, for a person, about the first occurrence
	Count     int      // how many times it occurs in the component (Check reports each code once per component)
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
//   - "userinfo-host-like" (warning): a userinfo that looks like a host
//     name, before the real host, in any other scheme.
//   - "invisible" (warning): a default-ignorable character (ZERO WIDTH
//     SPACE, SOFT HYPHEN, ...) or a line separator, raw or
//     percent-encoded, in any component.
//   - "encoded-bidi", "encoded-control", "encoded-backslash": a
//     percent-encoded bidi control (an encoded RLO makes
//     "invoice%E2%80%AEfdp.exe" show as "invoiceexe.pdf"), C0 control or
//     NUL (errors), or backslash (warning).
//
// The host of a DNS scheme, against the display policy of browsers
// (error): the issues of package idn's Checker.CheckHost, with the codes
// it documents at idn.Issue: "hidden-dot", "idna-deleted" and
// "host-lookalike-delimiter" about the characters of the host as written,
// then "idn-not-allowed", "idn-blocked-char", "idn-invisible",
// "idn-mixed-script", "idn-mixed-numbers", "idn-tld-specific",
// "idn-digit-lookalike", "idn-whole-script-confusable",
// "idn-mixed-script-confusable" and "idn-dangerous-pattern" about a label
// (component label), "idn-ascii-lookalike" and "idn-protected" (a look-alike
// of a name of Checker.Protect, or, for a host beyond ASCII, of one of
// Chromium's top domains) about the host (component ihost). The labels
// that break the policy are those Display keeps in punycode (see
// idn.DisplayHost). With Checker.Protect, two warnings about the host: a
// host whose own label resembles that of a protected name:
//
//   - "idn-protected-other-tld" (warning): under another public suffix
//     ("myetherwallet.co" beside myetherwallet.com).
//   - "idn-protected-near" (warning): one edit away, once both are
//     skeletons ("myetherwaliet.com").
//
// Then the rules of DNS names and addresses:
//
//   - "dns-empty-label", "dns-label-length", "dns-name-length",
//     "dns-hyphen": the rules of DNS names (RFC 1035; RFC 5891, section
//     4.2.3.1).
//   - "host-pct-encoded" (warning): percent-encoded octets in a name.
//   - "ipv4-non-canonical": an IPv4 address in a form other than the
//     dotted quad that browsers and inet_aton read ("0x7f.1", "127.1",
//     "2130706433").
//   - "web-invalid-ipv4": a host that ends in a number but is not an
//     IPv4 address ("1.2.3.4.5", "a.1", "1.256.0.0"), which browsers
//     refuse (URL Standard, "ends in a number checker", IPv4 parser).
//   - "web-port-range": a port above 65535, which browsers refuse.
//
// The rules of the schemes this package knows, from their specifications
// (error):
//
//   - "http-host": an http or https IRI without a host, or with an empty
//     one (RFC 9110, section 4.2.1).
//   - "file-path": a file IRI whose path is not absolute (RFC 8089,
//     section 2; a drive letter, appendix E.2, is allowed).
//   - "file-port": a port in a file IRI, which RFC 8089's grammar does
//     not have and browsers refuse (URL Standard, file host state).
//   - "file-remote-host" (warning): a file IRI with a host other than
//     localhost: legal (RFC 8089, appendix E.3), but as a Windows path
//     it is a UNC path, whose SMB connection sends the user's credentials
//     to that host.
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

	// Protect, if not nil, are host names to protect, such as one's own
	// brands, made once with idn.NewProtected: a host that looks like one
	// of them but is not it nor a name under it is reported, as
	// "idn-protected", as Chromium does for its top domains (see
	// idn.Protected.Lookalike); one whose own label resembles a name's,
	// under another public suffix or one edit away, as a warning,
	// "idn-protected-other-tld" or "idn-protected-near". A Check costs
	// the same with 100,000 names as with 10.
	Protect *idn.Protected

	// NoDefaultProtect leaves out Chromium's top domains (idn.TopDomains),
	// which Check otherwise protects as Chromium does: a host beyond ASCII,
	// or in punycode, that looks like one of them is "idn-protected".
	NoDefaultProtect bool
}

// Check returns the problems of i, as IRI.Check does, with the options of
// c.
func (c Checker) Check(i IRI) []Problem {
	var problems []Problem
	// One problem per code and component, with a count: the output
	// stays bounded whatever the input.
	report := func(code problemCode, severity Severity, component string, offset int, format string, args ...any) {
		for k := range problems {
			if problems[k].Code == string(code) && problems[k].Component == component {
				problems[k].Count++
				return
			}
		}
		problems = append(problems, Problem{string(code), severity, component, offset, fmt.Sprintf(format, args...), 1})
	}
	add := func(code problemCode, component string, offset int, format string, args ...any) {
		report(code, severityOf(code), component, offset, format, args...)
	}
	facts := lookupScheme(i.Scheme())
	if facts == nil {
		facts = &schemeFacts{}
	}
	if first := indexNonASCII(i.s); first >= 0 {
		i.checkCharacters(add, first, facts.rule.DNSHost)
	}
	if strings.IndexByte(i.s, '%') >= 0 {
		i.checkPercent(add)
	}
	needs, plainDNS := false, false
	if host := i.Host(); facts.rule.DNSHost && host != "" && host[0] != '[' {
		var seen uint8
		seen, plainDNS = scanHost(host)
		needs = seenNeedsIDNA(seen, host)
	}
	if i.HasUserinfo() || i.HasPort() { // what checkAuthority looks at
		i.checkAuthority(add, facts, c.Advice)
	}
	if facts.rule.DNSHost {
		c.checkHost(i, needs, plainDNS, add, report)
	}
	if facts.check != nil {
		for _, p := range facts.check(i) {
			add(problemCode(p.Code), p.Component, p.Offset, "%s", p.Message)
		}
	}
	if c.Advice {
		i.checkAdvice(add)
	}
	if len(problems) > 1 {
		slices.SortStableFunc(problems, func(a, b Problem) int { return cmp.Compare(a.Offset, b.Offset) })
	}
	return problems
}

// An addFunc reports a problem; its severity is the code's (severityOf).
type addFunc func(code problemCode, component string, offset int, format string, args ...any)

// A reportFunc reports a problem of the severity it is given: that of an
// issue of package idn.
type reportFunc func(code problemCode, severity Severity, component string, offset int, format string, args ...any)

// severityOf returns the severity of a code: its row of problemTable for
// the codes of this package, SeverityError for those of package idn's
// issues, each a reason browsers refuse to show a host as written, but for
// the issues idn marks as warnings, which addIssues reports so (idn's
// table of codes is their one list; TestCheckCodes holds the two tables
// apart).
func severityOf(code problemCode) Severity {
	if row, ok := problemTable[code]; ok {
		return row.severity
	}
	return SeverityError
}

// checkCharacters looks at the characters beyond ASCII: one pass over
// them (scanCharacters), then the slower checks that pass calls for.
func (i IRI) checkCharacters(add addFunc, firstNonASCII int, dnsHost bool) {
	seen := i.scanCharacters(add, firstNonASCII)
	if seen.mixed || seen.wide {
		i.checkScriptsAndWidths(add, dnsHost)
	}
	if seen.rtl {
		i.checkBidiProblems(add)
	}
}

// charsSeen is what the pass of scanCharacters saw that calls for more.
type charsSeen struct {
	mixed bool // a component may mix scripts beyond Highly Restrictive
	rtl   bool // right-to-left characters: the bidi rules apply
	wide  bool // characters in U+F000..U+FFFF: maybe width forms
}

// scanCharacters reports the invisible characters and the components not
// in NFC or NFKC, and returns what it saw.
func (i IRI) scanCharacters(add addFunc, firstNonASCII int) charsSeen {
	// One pass from the first character beyond ASCII to the end, with a
	// byte of classes per character (charClass): invisible characters,
	// and whether the normalization forms need asking. A text without
	// combining marks and without characters that NFKC changes
	// (Not_NFKC, which holds every character that NFC changes too) is in
	// NFC and NFKC. It also tells whether each component is of one
	// script, whose parts then need no look at their scripts, and whether
	// right-to-left characters or width forms (all in U+F000..U+FFFF,
	// whose UTF-8 starts with 0xEF) call for the slower checks.
	s := i.s
	// The characters beyond ASCII are in the userinfo, host, path, query
	// and fragment: the components that end at these offsets.
	ends := [5]int{i.hostStart(), i.hostEnd(), i.pathEnd(), i.queryEnd(), len(s)}
	k := 0
	for ends[k] <= firstNonASCII {
		k++
	}
	classes := bmpClasses()
	var seen charsSeen
	settled, script := true, uint8(classCommon)
	// From one character beyond ASCII to the next, skipping the ASCII
	// between them eight octets at a time.
	for p := firstNonASCII; ; {
		r, size := utf8.DecodeRuneInString(s[p:])
		var class uint8
		if r < 0x10000 {
			class = classes[r]
		} else {
			class = charClass(r, uts39.Of(r))
		}
		seen.wide = seen.wide || s[p] == 0xEF
		seen.rtl = seen.rtl || class&classRTL != 0
		settled = settled && class&classUnsettled == 0
		switch sc := class & classScript; {
		case sc == classCommon:
		case sc == classOther, script != classCommon && sc != script:
			// Beside ASCII letters, only Latin, or Han and the scripts
			// that go with it, stay Highly Restrictive: let the parts be
			// looked at.
			seen.mixed = true
		default:
			script = sc
		}
		if class&classMaybeInvisible != 0 && isInvisible(r, s[:p]) {
			c := i.mainComponent(k)
			add(codeInvisible, c.kind, p, "%U in %s cannot be seen (RFC 3987, section 6.1)", r, c.kind)
		}
		if p += size; p < len(s) && s[p] < utf8.RuneSelf {
			next := indexNonASCII(s[p:])
			if next < 0 {
				break
			}
			p += next
		}
		if p == len(s) {
			break
		}
		if p >= ends[k] {
			if !settled {
				i.checkNormalForms(add, k)
			}
			for ends[k] <= p {
				k++
			}
			settled, script = true, classCommon
		}
	}
	if !settled {
		i.checkNormalForms(add, k)
	}
	return seen
}

// checkScriptsAndWidths reports mixed scripts and width forms in the finer
// components of section 4.2; the labels of DNS hosts go through the policy
// of checkHost instead. (Latin, or Han and the scripts that go with it,
// beside ASCII letters are at most Highly Restrictive, which passes.)
func (i IRI) checkScriptsAndWidths(add addFunc, dnsHost bool) {
	i.bidiComponents(func(kind string, offset int, text string) {
		if indexNonASCII(text) < 0 {
			return
		}
		if !(kind == "label" && dnsHost) {
			if level := idn.Restriction(text); level > idn.HighlyRestrictive {
				add(codeMixedScript, kind, offset, "%q mixes scripts, %v (RFC 3987, section 7.5; UTS #39, section 5.2)", text, level)
			}
		}
		// The width forms are in U+FF00..U+FFEF, whose UTF-8 starts with 0xEF.
		if strings.IndexByte(text, 0xEF) < 0 {
			return
		}
		for p, r := range text {
			switch {
			case 0xFF01 <= r && r <= 0xFF5E:
				add(codeFullwidth, kind, offset+p, "full-width %q in %q (RFC 3987, section 6.1)", r, text)
			case 0xFF65 <= r && r <= 0xFF9F:
				add(codeHalfwidthKatakana, kind, offset+p, "half-width Katakana %q in %q (RFC 3987, section 6.1)", r, text)
			}
		}
	})
}

// checkNormalForms reports the kth main component when it is not in NFC,
// or not in NFKC.
func (i IRI) checkNormalForms(add addFunc, k int) {
	c := i.mainComponent(k)
	if n := norm.NFC.QuickSpanString(c.text); n < len(c.text) && !norm.NFC.IsNormalString(c.text) {
		add(codeNotNFC, c.kind, c.offset+n, "%q is not in NFC", c.text)
	} else if n := norm.NFKC.QuickSpanString(c.text); n < len(c.text) && !norm.NFKC.IsNormalString(c.text) {
		add(codeNotNFKC, c.kind, c.offset+n, "%q is not in NFKC, as new names should be", c.text)
	}
}

// The classes of a character for the pass of checkCharacters, in a byte:
// its script among those that mix with ASCII letters at the Highly
// Restrictive level (classScript), and flags.
const (
	classScript         = 7      // the bits of the script
	classUnsettled      = 1 << 3 // a mark or Not_NFKC: the normalization forms need asking
	classMaybeInvisible = 1 << 4 // Default_Ignorable, or a line or paragraph separator: see isInvisible
	classRTL            = 1 << 5 // in rtlRanges
)

// The scripts of classScript: Common and Inherited, the scripts that
// may stand beside ASCII letters, and any other, or a character with
// Script_Extensions of its own.
const (
	classCommon = iota
	classLatin
	classHan
	classHiragana
	classKatakana
	classBopomofo
	classHangul
	classOther
)

// classScripts are the scripts of classLatin to classHangul, in order.
var classScripts = [...]int{uts39.ScriptLatin, uts39.ScriptHan, uts39.ScriptHiragana, uts39.ScriptKatakana, uts39.ScriptBopomofo, uts39.ScriptHangul}

// charClass returns the class of r, whose properties are p.
func charClass(r rune, p uts39.Props) uint8 {
	class := propClass(p)
	if r == lineSeparator || r == paragraphSeparator {
		class |= classMaybeInvisible
	}
	if inRTLRanges(r) {
		class |= classRTL
	}
	return class
}

// propClass returns the classes that follow from the properties p alone.
func propClass(p uts39.Props) uint8 {
	class := uint8(classOther)
	switch sc := p.Script(); {
	case !p.Simple():
	case sc == uts39.ScriptCommon, sc == uts39.ScriptInherited:
		class = classCommon
	default:
		if k := slices.Index(classScripts[:], sc); k >= 0 {
			class = uint8(classLatin + k)
		}
	}
	if p.Mark() || p.Types()&uts39.TypeNotNFKC != 0 {
		class |= classUnsettled
	}
	if p.Types()&uts39.TypeDefaultIgnorable != 0 {
		class |= classMaybeInvisible
	}
	return class
}

// charClasses is bmpClasses', built on first use: a program that never
// checks an IRI builds nothing.
var charClasses struct {
	once    sync.Once
	classes *[0x10000]uint8
}

// bmpClasses returns charClass of every character of the BMP, built from
// the ranges of internal/uts39, then rtlRanges and the separators: one
// load per character in Check.
func bmpClasses() *[0x10000]uint8 {
	charClasses.once.Do(func() {
		var classes [0x10000]uint8
		uts39.Ranges(func(lo, hi rune, p uts39.Props) bool {
			if lo >= 0x10000 {
				return false
			}
			class := propClass(p)
			for r := lo; r <= min(hi, 0xFFFF); r++ {
				classes[r] = class
			}
			return true
		})
		for _, rg := range rtlRanges {
			for r := rg[0]; r <= min(rg[1], 0xFFFF); r++ {
				classes[r] |= classRTL
			}
		}
		classes[lineSeparator] |= classMaybeInvisible
		classes[paragraphSeparator] |= classMaybeInvisible
		charClasses.classes = &classes
	})
	return charClasses.classes
}

// checkBidiProblems reports the violations of section 4.2; Check calls
// it only when a character is in rtlRanges.
func (i IRI) checkBidiProblems(add addFunc) {
	if err, ok := i.CheckBidi().(*BidiError); ok {
		for _, v := range err.Violations {
			add(codeBidi, v.Component, v.Offset, "%q breaks rule %d of RFC 3987, section 4.2: %s", v.Text, v.Rule, bidiRules[v.Rule-1].text)
		}
	}
}

type component struct {
	kind   string
	offset int
	text   string
}

// mainComponent returns the kth component of the IRI that holds
// characters: the userinfo, host, path, query or fragment.
func (i IRI) mainComponent(k int) component {
	switch k {
	case 0:
		return component{"iuserinfo", i.schemeEnd() + 2, i.Userinfo()}
	case 1:
		return component{"ihost", i.hostStart(), i.Host()}
	case 2:
		return component{"ipath", i.pathStart(), i.Path()}
	case 3:
		return component{"iquery", i.pathEnd() + 1, i.Query()}
	}
	return component{"ifragment", i.queryEnd() + 1, i.Fragment()}
}

// checkPercent looks at the percent-encoded octets.
func (i IRI) checkPercent(add addFunc) {
	s, o := i.s, i.offsets()
	for p := strings.IndexByte(s, '%'); p >= 0 && p+2 < len(s); {
		c := pct.Octet(s, p)
		if c < utf8.RuneSelf {
			switch {
			case c < 0x20 || c == 0x7F:
				add(codeEncodedControl, o.componentAt(p), p, "%s is a control character once decoded, which software may act on (NUL ends C strings)", s[p:p+3])
			case c == '\\':
				add(codeEncodedBackslash, o.componentAt(p), p, "%s is a backslash once decoded, which some servers read as \"/\"", s[p:p+3])
			}
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
			o := pct.Octet(s, p)
			if o < utf8.RuneSelf {
				break
			}
			octets = append(octets, o)
		}
		component := o.componentAt(start)
		for k := 0; k < len(octets); {
			r, size := utf8.DecodeRune(octets[k:])
			switch {
			case isBidiControl(r):
				add(codeEncodedBidi, component, start+3*k, "%s is the bidi control %U once decoded, which reorders what is shown (RFC 3987, section 4.1)", s[start+3*k:start+3*(k+size)], r)
			case r != utf8.RuneError && isInvisible(r, ""):
				add(codeInvisible, component, start+3*k, "%s is %U once decoded, which cannot be seen (RFC 3987, section 6.1)", s[start+3*k:start+3*(k+size)], r)
			}
			if r == utf8.RuneError && size <= 1 {
				size = 1
				if n := overlongLength(octets[k:]); n > 0 {
					size = n
					add(codeOverlongUTF8, component, start+3*k, "overlong UTF-8 %s (RFC 3987, section 8)", s[start+3*k:start+3*(k+n)])
				} else {
					add(codePctNotUTF8, component, start+3*k, "percent-encoded octet %s is not UTF-8 (RFC 3987, section 8)", s[start+3*k:start+3*k+3])
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
	splitEach(i.Path(), i.pathStart(), "/", func(offset int, segment string) {
		if strings.IndexByte(segment, '%') < 0 {
			return
		}
		if d := decodeUnreserved(segment); d == "." || d == ".." {
			add(codeEncodedDotSegment, "segment", offset, "%q is the dot segment %q once decoded", segment, d)
		}
		if k := indexEncodedSlash(segment); k >= 0 {
			add(codeEncodedSlash, "segment", offset+k, "%q holds an encoded \"/\", which servers read differently", segment)
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

// componentAt names the component that holds the text's offset p.
func (o offsets) componentAt(p int) string {
	switch {
	case p < o.hostStart:
		return "iuserinfo"
	case p < o.hostEnd:
		return "ihost"
	case p < o.pathEnd:
		return "ipath"
	case p < o.queryEnd:
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
	if i.HasUserinfo() {
		if facts.noUserinfo {
			add(codeUserinfo, "iuserinfo", i.schemeEnd()+2,
				"%q before the host of an %s IRI, a form known from phishing (RFC 3986, section 7.6)", redactUserinfo(i.Userinfo()), scheme)
		} else if user, _, _ := strings.Cut(i.Userinfo(), ":"); strings.IndexByte(user, '.') > 0 && isDNSName(pct.Decode(user)) {
			add(codeUserinfoHostLike, "iuserinfo", i.schemeEnd()+2,
				"the userinfo %q looks like a host name, before the real host %q (RFC 3986, section 7.6)", user, i.Host())
		}
	}
	if port := i.Port(); len(strings.TrimLeft(port, "0")) > 5 || len(strings.TrimLeft(port, "0")) == 5 && strings.TrimLeft(port, "0") > "65535" {
		add(codeWebPortRange, "port", i.hostEnd()+1, "the port %s is above 65535: browsers refuse it (URL Standard, port state)", hostname.Quote(port))
	}
	if i.HasPort() && advice {
		if rule := facts.rule; rule.DefaultPort != "" && strings.TrimLeft(i.Port(), "0") == rule.DefaultPort {
			add(codeDefaultPort, "port", i.hostEnd()+1, "%s is the default port of %s", i.Port(), scheme)
		}
	}
}

// checkAdvice looks for what differs from the normal form.
func (i IRI) checkAdvice(add addFunc) {
	o := i.offsets()
	for p := 0; p+1 < o.schemeEnd; p++ {
		if isUpper(i.s[p]) {
			add(codeUppercaseScheme, "scheme", p, "the scheme %q is written in lowercase (RFC 3986, section 3.1)", i.Scheme())
			break
		}
	}
	if traitsOf(i.Host())&hostUpperASCII != 0 {
		add(codeUppercaseHost, "ihost", i.hostStart(), "the host %q is written in lowercase (RFC 3986, section 6.2.2.1)", i.Host())
	}
	for p := strings.IndexByte(i.s, '%'); p >= 0; p = nextPercent(i.s, p) {
		if isLowerHex(i.s[p+1]) || isLowerHex(i.s[p+2]) {
			add(codeLowercaseHex, o.componentAt(p), p, "%s has lowercase hex digits (RFC 3986, section 2.1)", i.s[p:p+3])
			break
		}
	}
	if removesDotSegments(i) && hasDotSegment(i.Path()) {
		add(codeDotSegment, "ipath", i.pathStart(), "the path %q has dot segments (RFC 3986, section 6.2.2.3)", i.Path())
	}
}

// The characters of the general categories Zl and Zp.
const (
	lineSeparator      = 0x2028
	paragraphSeparator = 0x2029
)

// isInvisible reports whether r, after the text before, cannot be seen:
// the default-ignorable characters (ZERO WIDTH SPACE, WORD JOINER, the
// byte order mark, COMBINING GRAPHEME JOINER, SOFT HYPHEN, ...) and the
// line and paragraph separators. A variation selector is left alone
// after a character beyond ASCII, where it selects a glyph.
func isInvisible(r rune, before string) bool {
	if r == lineSeparator || r == paragraphSeparator {
		return true
	}
	if uts39.Of(r).Types()&uts39.TypeDefaultIgnorable == 0 {
		return false // variation selectors are default-ignorable too
	}
	if ucs.IsVariationSelector(r) {
		last, _ := utf8.DecodeLastRuneInString(before)
		return last < utf8.RuneSelf
	}
	return true
}

// indexEncodedSlash returns the offset of the first "%2F" or "%2f" in s,
// or -1.
func indexEncodedSlash(s string) int {
	for p := strings.IndexByte(s, '%'); p >= 0; p = nextPercent(s, p) {
		if p+2 < len(s) && s[p+1] == '2' && s[p+2]|0x20 == 'f' {
			return p
		}
	}
	return -1
}

// checkHost applies the checks of host names to the host of i, which the
// scheme says is a DNS name: percent-encodings and the forms of IPv4
// addresses, then, for a name, the rules of package idn on its characters
// as written, the IDNA conversion ("idna"), the rules of DNS names on its
// ASCII form, and idn's policy on its Unicode form.
func (c Checker) checkHost(i IRI, needs, plainDNS bool, add addFunc, report reportFunc) {
	host := i.Host()
	off := i.hostStart()
	if host == "" || host[0] == '[' {
		return
	}
	if !needs {
		// ASCII without percent-encodings (scanHost saw none)
	} else if p := strings.IndexByte(host, '%'); p >= 0 {
		add(codeHostPctEncoded, "ihost", off+p, "%s has percent-encoded octets, which hide what the host is", hostname.Quote(host))
	}
	if checkIPv4Forms(host, off, add) {
		return
	}
	checker := idn.Checker{Protect: c.Protect, NoDefaultProtect: c.NoDefaultProtect}
	if !needs { // ASCII: the rules of DNS names, and the protected names
		if !plainDNS {
			checkDNSName(host, off, add)
		}
		if c.Protect != nil {
			addIssues(checker.CheckName(host), off, report)
		}
		return
	}
	addIssues(idn.CheckWritten(host), off, report)
	if len(host) > hostname.MaxText {
		// Its ASCII form has more than 253 octets whatever IDNA makes of
		// it, unless IDNA deletes characters, reported above: the label
		// policy, whose cost grows with the labels, stops here.
		add(codeDNSNameLength, "ihost", off, "the host has %d octets, too many for a DNS name of at most 253 (RFC 1035)", len(host))
		return
	}
	ascii, u := host, ""
	var err error
	if unicode, ok := hostname.PunycodeToUnicode(idna.Lookup, host); ok {
		u = unicode
	} else if ascii, err = hostToASCII(idna.Lookup, host); err != nil {
		add(codeIdna, "ihost", off, "%s is not a valid IDN host name: %v", hostname.Quote(host), errors.Unwrap(err))
		return
	}
	if ipaddr.EndsInNumber(ascii) {
		// IDNA or percent-decoding makes an IPv4 address of it: a hidden
		// form ("０x7f.１", "0x7f%2E1", full-width digits) of the address a
		// browser connects to.
		if addr, code := ipaddr.ParseIPv4(ascii); code == ipaddr.IPv4OK {
			add(codeIPv4NonCanonical, "ihost", off, "%s reads as the IPv4 address %s (%s) once IDNA maps it: browsers and resolvers connect to it",
				hostname.Quote(host), ipaddr.AppendIPv4(nil, addr), hostname.Quote(ascii))
			return
		}
	}
	checkDNSName(ascii, off, add)
	if u == "" {
		if u, err = hostname.ToUnicode(idna.Lookup, ascii); err != nil {
			return
		}
	}
	addIssues(checker.CheckName(hostname.WrittenCase(host, u)), off, report)
}

// addIssues reports the issues of package idn about a host at off: in the
// component "label" when an issue names one, "ihost" otherwise; as errors,
// but the issues idn marks as warnings.
func addIssues(issues []idn.Issue, off int, report reportFunc) {
	for _, issue := range issues {
		component := "label"
		if issue.Label < 0 {
			component = "ihost"
		}
		severity := SeverityError
		if issue.Warning {
			severity = SeverityWarning
		}
		report(problemCode(issue.Code), severity, component, off, "%s", issue.Message)
	}
}

// checkIPv4Forms reports a host that a WHATWG URL parser or inet_aton
// reads as an IPv4 address in a form other than the dotted quad: hex,
// octal, fewer than four parts, or one 32-bit number, as "0x7f.1" and
// "2130706433" are 127.0.0.1. It reports whether the host is such a
// number at all.
func checkIPv4Forms(host string, off int, add addFunc) bool {
	if !ipaddr.EndsInNumber(host) {
		return false
	}
	addr, code := ipaddr.ParseIPv4(host)
	if code != ipaddr.IPv4OK {
		add(codeWebInvalidIPv4, "ihost", off, "%s ends in a number but is not an IPv4 address: browsers refuse it (URL Standard, IPv4 parser)", hostname.Quote(host))
		return false // not an address: the checks of names apply as well
	}
	name := strings.TrimSuffix(host, ".")
	canonical, parts := true, 0
	for rest, more := name, true; more; parts++ {
		var part string
		part, rest, more = strings.Cut(rest, ".")
		canonical = canonical && allDigits(part) && (len(part) == 1 || part[0] != '0')
	}
	if !canonical || parts != 4 || strings.HasSuffix(host, ".") {
		add(codeIPv4NonCanonical, "ihost", off, "%s reads as the IPv4 address %s in a hidden form (hex, octal, fewer than four parts or a final dot): browsers and resolvers connect to it",
			hostname.Quote(host), ipaddr.AppendIPv4(nil, addr))
	}
	return true
}
