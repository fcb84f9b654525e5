// Package hostname converts host names with IDNA (RFC 5890 to 5893, with
// the UTS #46 mapping of x/net/idna brought to Unicode 17.0 by
// internal/uts46), for the iri package's conversions and Check, package
// idn's policy and displays, and package web: every conversion of a host
// name to or from punycode in the module goes through here, with the
// profile its caller names (a Converter's, or idna.Lookup).
//
// Nothing here is built when a program starts: the one IDNA profile the
// package declares is made on first use.
package hostname

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/ascii"
	"github.com/iri-go/iri/internal/pct"
	"github.com/iri-go/iri/internal/punycode"
	"github.com/iri-go/iri/internal/ucs"
	"github.com/iri-go/iri/internal/uts46"
	"golang.org/x/net/idna"
	"golang.org/x/text/secure/bidirule"
	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"
)

// MaxText is the longest text of a host that can name a DNS name of 253
// octets: a character beyond ASCII takes at most 4 octets of UTF-8 (12
// percent-encoded) and at least one octet of its punycode. The checks
// whose cost grows with the labels stop beyond it.
const MaxText = 12 * 253

// profile is Profile's, made on first use.
var profile struct {
	once sync.Once
	p    *idna.Profile
}

// Profile returns UTS #46 processing with CheckHyphens and
// UseSTD3ASCIIRules false, and CheckBidi and CheckJoiners true,
// nontransitional, without VerifyDnsLength: the URL Standard's domain to
// ASCII (with beStrict false), which package web applies, and idna.Lookup
// without two of its rules, which ToASCII and ToUnicode apply themselves
// for idna.Lookup, as UTS #46 for Unicode 17.0 does:
//   - the hyphen rule, which x/net/idna applies to the octets of a label
//     rather than its characters (golang/go#81026): it accepts "ру--авто"
//     (the octets 3 and 4 are not hyphens) and refuses "é--x" (they are);
//   - the STD3 rules, which Unicode 15.0's tables (x/net/idna below Go
//     1.27) apply to characters as written, refusing "≠", "≮" and "≯",
//     whose decompositions hold "=", "<" and ">"; 17.0's tables have no
//     such statuses, and the rule looks at the ASCII of each label once
//     mapped (IdnaTestV2's status U1).
func Profile() *idna.Profile {
	profile.once.Do(func() {
		profile.p = idna.New(idna.MapForLookup(), idna.BidiRule(), idna.Transitional(false),
			idna.StrictDomainName(false), idna.CheckHyphens(false), idna.CheckJoiners(true),
			idna.VerifyDNSLength(false))
	})
	return profile.p
}

// HasPunycodeLabel reports whether a label of host is punycode.
func HasPunycodeLabel(host string) bool {
	for host != "" {
		var label string
		label, host, _ = strings.Cut(host, ".")
		if punycode.IsACE(label) {
			return true
		}
	}
	return false
}

// NeedsIDNA reports whether IDNA has work to do on a registered name:
// characters beyond ASCII, percent-encodings (which may hide them) or
// punycode labels (which must be valid). A plain ASCII name is left to
// DNS as it is, as browsers leave it.
func NeedsIDNA(host string) bool {
	if host == "" || host[0] == '[' {
		return false
	}
	return ascii.IndexNonASCII(host) >= 0 || strings.IndexByte(host, '%') >= 0 || HasPunycodeLabel(host)
}

// ToASCII converts a registered name with profile's ToASCII (RFC 3987,
// section 3.1), after decoding its percent-encodings, when NeedsIDNA says
// so; any other host is returned as it is. It is the one IDNA validation
// of the module: the iri package's conversions, URL, Check and
// normalization, and package idn, all use it. The iri package wraps its
// errors in a HostError.
func ToASCII(profile *idna.Profile, host string) (string, error) {
	if !NeedsIDNA(host) {
		return host, nil
	}
	decoded := pct.Decode(host)
	if !utf8.ValidString(decoded) {
		return "", errors.New("percent-encoded octets are not UTF-8")
	}
	a, err := idnaToASCII(profile, decoded)
	if err != nil {
		return "", err
	}
	if a == "" || a == "." {
		// IDNA deletes default-ignorable characters (U+00AD SOFT HYPHEN):
		// a host of nothing else would become no host, "file://\u00AD/p"
		// the local "file:///p".
		return "", errors.New("IDNA maps the host to nothing")
	}
	// Some profiles convert invalid punycode labels without error (an
	// "xn--abc-" to "abc"): a name is valid only if its punycode labels
	// survive.
	if !keepsPunycode(decoded, a) {
		return "", errors.New("a punycode label does not survive ToASCII")
	}
	for k := 0; k < len(a); k++ {
		if !isRegName(a[k]) {
			return "", errors.New("ToASCII result " + strconv.Quote(a) + " is not a reg-name")
		}
	}
	return a, nil
}

// isRegName reports whether c may stand in an ireg-name as it is:
// unreserved or sub-delims (RFC 3986, section 3.2.2); the iri package's
// grammar table says the same (TestRegNameClass).
func isRegName(c byte) bool {
	return ascii.IsAlpha(c) || ascii.IsDigit(c) || c < utf8.RuneSelf && strings.IndexByte("-._~!$&'()*+,;=", c) >= 0
}

// idnaToASCII is profile's ToASCII, after the changes of UTS #46 since
// Unicode 15.0 that x/net/idna's tables may lack (internal/uts46), with
// idna.Lookup's hyphen and STD3 rules as Profile says.
func idnaToASCII(profile *idna.Profile, s string) (string, error) {
	if profile != idna.Lookup {
		return uts46.ToASCII(profile, s)
	}
	a, err := uts46.ToASCII(Profile(), s)
	if err != nil {
		return a, err
	}
	if err := checkSTD3(a); err != nil {
		return a, err
	}
	return a, checkHyphens(a, true)
}

// ToUnicode converts a host that ToASCII gave to Unicode with profile's
// ToUnicode, with idna.Lookup's hyphen and STD3 rules as Profile says.
func ToUnicode(profile *idna.Profile, s string) (string, error) {
	if profile != idna.Lookup {
		return uts46.ToUnicode(profile, s)
	}
	u, err := uts46.ToUnicode(Profile(), s)
	if err != nil {
		return u, err
	}
	if err := checkSTD3(u); err != nil {
		return u, err
	}
	return u, checkHyphens(u, false)
}

// checkSTD3 applies UseSTD3ASCIIRules to a name as UTS #46 for Unicode
// 17.0 does, once mapped: its ASCII is letters, digits, hyphens and the
// dots between labels. In an ASCII name in punycode, the ASCII of a label
// is its basic code points, which punycode keeps as they are.
func checkSTD3(name string) error {
	for k := 0; k < len(name); k++ {
		if c := name[k]; c < utf8.RuneSelf && !isLowerLDHByte(c) && c != '.' {
			return fmt.Errorf("idna: the name maps to %q, where %q is not a letter, digit or hyphen (UTS #46, UseSTD3ASCIIRules)", name, c)
		}
	}
	return nil
}

// checkHyphens applies UTS #46's hyphen rule to the labels of a name: no
// label starts or ends with "-", nor has "-" as its third and fourth
// characters. The labels of an ASCII name in punycode (encoded) are judged
// in Unicode, and decoded only when their ASCII part holds a hyphen.
func checkHyphens(name string, encoded bool) error {
	for label := range strings.SplitSeq(name, ".") {
		if encoded && punycode.IsACE(label) {
			basic := label[4:]
			if k := strings.LastIndexByte(basic, '-'); k <= 0 || strings.IndexByte(basic[:k], '-') < 0 {
				continue // its Unicode form has no hyphen
			}
			u, err := uts46.ToUnicode(Profile(), label)
			if err != nil {
				return err
			}
			label = u
		}
		if label != "" && breaksHyphenRule(label) {
			return fmt.Errorf("idna: invalid label %q: a hyphen at an end, or as its third and fourth characters (UTS #46, section 4.1)", label)
		}
	}
	return nil
}

// LabelForms returns the ASCII form of a DNS label and the Unicode form to
// judge and show, converted with profile; a label IDNA refuses, or deletes
// whole (U+00AD), stays as written in both. A punycode label is shown in
// Unicode only if it is what ToASCII writes for it.
func LabelForms(profile *idna.Profile, label string) (ascii, unicode string) {
	if !NeedsIDNA(label) {
		return label, label
	}
	if u, ok := PunycodeToUnicode(profile, label); ok {
		return label, u
	}
	a, err := idnaToASCII(profile, label)
	if err != nil || a == "" {
		return label, label
	}
	u, err := ToUnicode(profile, a)
	if err != nil || punycode.IsACE(label) && !strings.EqualFold(a, label) {
		return a, label
	}
	return a, u
}

// PunycodeToUnicode converts an ASCII name with punycode labels to
// Unicode in one IDNA pass where ToASCII then ToUnicode take two: it
// reports false unless profile accepts the name and the name is what
// ToASCII writes for the Unicode form it finds (lower case, canonical
// punycode, labels of 1 to 63 octets in at most 253, which no profile
// refuses). The caller takes the longer way then, for its error.
func PunycodeToUnicode(profile *idna.Profile, name string) (unicode string, ok bool) {
	if len(name) > 253 {
		return "", false
	}
	if profile == idna.Lookup {
		if u, ok := lookupToUnicode(name); ok {
			return u, true // canonical: its labels decoded one to one
		}
	}
	if ascii.IndexNonASCII(name) >= 0 || strings.IndexByte(name, '%') >= 0 {
		return "", false
	}
	for label := range strings.SplitSeq(name, ".") {
		if label == "" || len(label) > 63 {
			return "", false
		}
		for k := 0; k < len(label); k++ {
			if 'A' <= label[k] && label[k] <= 'Z' {
				return "", false
			}
		}
	}
	u, err := ToUnicode(profile, name)
	if err != nil {
		return "", false
	}
	// The name must be what ToASCII writes: its labels encoded again.
	var buf [64]byte
	rest := name
	for label := range strings.SplitSeq(u, ".") {
		var want string
		want, rest, _ = strings.Cut(rest, ".")
		if ascii.IndexNonASCII(label) < 0 {
			if label != want {
				return "", false
			}
			continue
		}
		b, ok := punycode.Encode(append(buf[:0], "xn--"...), label)
		if !ok || string(b) != want { // a comparison: no allocation
			return "", false
		}
	}
	return u, rest == ""
}

// lookupToUnicode is ToUnicode(idna.Lookup, name) without x/net/idna, for
// the names it can answer: every label is 1 to 63 lower-case letters,
// digits and hyphens, and every punycode label decodes to characters that
// uts46.Stable holds, which x/net/idna of every release keeps. It applies
// the rules that x/net/idna's ToUnicode applies to such a label (UTS #46,
// section 4.1: V1 NFC, V2 and V3 the hyphens, on characters, V5 no
// combining mark first, V6 the characters' status, V7 ASCII is letters,
// digits and hyphens; RFC 5893's bidi rule on every label of a name with a
// right-to-left character), and reports false for any other name, or any
// name a rule refuses, so that the caller asks x/net/idna for the answer
// and its error. A name it converts is what ToASCII writes for the result:
// its punycode is canonical.
func lookupToUnicode(name string) (string, bool) {
	var stack [256]byte
	buf := stack[:0]
	var runes [64]rune
	var spans [8][2]int
	composing := spans[:0] // where labels that NFC may change are in buf
	rtl := false
	for label := range strings.SplitSeq(name, ".") {
		if len(buf) > 0 {
			buf = append(buf, '.')
		}
		if label == "" || len(label) > 63 || !isLowerLDH(label) {
			return "", false
		}
		if !punycode.IsACE(label) {
			if breaksHyphenRule(label) {
				return "", false
			}
			buf = append(buf, label...)
			continue
		}
		// Lower case, and a delimiter only after basic code points: the
		// canonical form, which Punycode decoding then keeps (it is one to
		// one; FuzzPunycode holds it).
		rs, ok := punycode.Decode(runes[:0], label[4:])
		if !ok || len(rs) == 0 || strings.LastIndexByte(label, '-') == 4 || unicode.In(rs[0], unicode.M) {
			return "", false
		}
		start, beyondASCII, mayCompose := len(buf), false, false
		for _, r := range rs {
			switch {
			case r < utf8.RuneSelf:
				// punycode.Decode copies the basic code points checked above
			case !uts46.Stable(r) || r == 0x200C || r == 0x200D:
				// Characters a release may judge otherwise, and the
				// joiners, whose rule (CONTEXTJ) x/net/idna applies.
				return "", false
			default:
				beyondASCII = true
				mayCompose = mayCompose || r >= firstComposing
				rtl = rtl || r >= firstBidiDomain && IsBidiDomainRune(r)
			}
			buf = utf8.AppendRune(buf, r)
		}
		// breaksHyphenRule, on the decoded characters.
		third, fourth := rune(0), rune(0)
		if len(rs) >= 4 {
			third, fourth = rs[2], rs[3]
		}
		if !beyondASCII || rs[0] == '-' || rs[len(rs)-1] == '-' || third == '-' && fourth == '-' {
			return "", false
		}
		if mayCompose {
			composing = append(composing, [2]int{start, len(buf)})
		}
	}
	u := string(buf)
	for _, span := range composing {
		if l := u[span[0]:span[1]]; norm.NFC.QuickSpanString(l) < len(l) && !norm.NFC.IsNormalString(l) {
			return "", false
		}
	}
	if rtl {
		for label := range strings.SplitSeq(u, ".") {
			if !bidirule.ValidString(label) {
				return "", false
			}
		}
	}
	return u, true
}

// Below firstComposing no character changes under NFC or composes with
// the one before it, and below firstBidiDomain none is of bidi class R,
// AL or AN: the checks of those start there (TestUnicodeThresholds walks
// the tables).
const (
	firstComposing  = 0x0300 // COMBINING GRAVE ACCENT
	firstBidiDomain = 0x0590 // the Hebrew block
)

// IsBidiDomainRune reports whether r is of bidi class R, AL or AN: a
// name with such a character is a bidi domain name (RFC 5893, section
// 1.4).
func IsBidiDomainRune(r rune) bool {
	p, _ := bidi.LookupRune(r)
	c := p.Class()
	return c == bidi.R || c == bidi.AL || c == bidi.AN
}

// isLowerLDH reports whether label is lower-case letters, digits and
// hyphens.
func isLowerLDH(label string) bool {
	for k := 0; k < len(label); k++ {
		if !isLowerLDHByte(label[k]) {
			return false
		}
	}
	return true
}

func isLowerLDHByte(c byte) bool {
	return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-'
}

// breaksHyphenRule reports whether a label that is not empty breaks UTS
// #46's hyphen rule (section 4.1, V2 and V3) on its characters: a "-"
// first or last, or as its third and fourth characters.
func breaksHyphenRule(label string) bool {
	k, third, fourth := 0, rune(0), rune(0)
	for _, r := range label {
		switch k {
		case 2:
			third = r
		case 3:
			fourth = r
		}
		k++
	}
	return label[0] == '-' || label[len(label)-1] == '-' || third == '-' && fourth == '-'
}

// keepsPunycode reports whether every punycode label of host is, but for
// case, the label at the same place in ascii.
func keepsPunycode(host, ascii string) bool {
	for host != "" {
		var h, a string
		h, host, _ = strings.Cut(host, ".")
		a, ascii, _ = strings.Cut(ascii, ".")
		if punycode.IsACE(h) && !strings.EqualFold(h, a) {
			return false
		}
	}
	return true
}

// Canonical maps a DNS host name as IDNA lookup does and writes it in
// Unicode, the canonical form of scheme-based normalization, and the form
// package idn takes skeletons of. It reports false, and returns host,
// when IDNA rejects it or its Unicode form holds a character that may not
// stand unencoded in an ireg-name.
func Canonical(host string) (string, bool) {
	a, err := ToASCII(idna.Lookup, host)
	if err != nil {
		return host, false
	}
	u, err := ToUnicode(idna.Lookup, a)
	if err != nil || !Displayable(u, ucs.AllowedUnencoded) {
		return host, false
	}
	return u, true
}

// Displayable reports whether every character of a converted host may
// stand unencoded in an ireg-name, beyond ASCII as show says.
func Displayable(host string, show func(r rune, inQuery bool) bool) bool {
	for _, r := range host {
		if r < utf8.RuneSelf {
			if !isRegName(byte(r)) {
				return false
			}
		} else if !show(r, false) {
			return false
		}
	}
	return true
}

// Quote quotes a host, a label or another part of an authority for a
// message, cut to its first 64 octets (at a character boundary) when
// longer: a message names the host, it need not copy a megabyte of it
// once per problem.
func Quote(s string) string {
	if len(s) <= 64 {
		return strconv.Quote(s)
	}
	cut := 64
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "..."
}

// WrittenCase returns name, a host as IDNA maps it (ToUnicode's result,
// in lower case), with each label that written, the host as written,
// holds in ASCII (and not in punycode) in the case it is written in: the
// text a reader saw, for the checks of what it looks like ("paypaI.com",
// with a capital I, looks like paypal.com, though IDNA makes it
// paypai.com). It returns name itself when written has no ASCII capital
// letter or the labels do not line up.
func WrittenCase(written, name string) string {
	upper := false
	for k := 0; k < len(written) && !upper; k++ {
		upper = 'A' <= written[k] && written[k] <= 'Z'
	}
	if !upper || strings.Count(written, ".") != strings.Count(name, ".") {
		return name
	}
	var b strings.Builder
	b.Grow(len(name))
	rest := written
	first := true
	for label := range strings.SplitSeq(name, ".") {
		var w string
		w, rest, _ = strings.Cut(rest, ".")
		if !first {
			b.WriteByte('.')
		}
		first = false
		if ascii.IsASCII(w) && !punycode.IsACE(w) && strings.EqualFold(w, label) {
			b.WriteString(w)
		} else {
			b.WriteString(label)
		}
	}
	return b.String()
}
