package uts46

import (
	"errors"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/ascii"
	"github.com/iri-go/iri/internal/punycode"
	"golang.org/x/net/idna"
	"golang.org/x/text/secure/bidirule"
	"golang.org/x/text/unicode/bidi"
)

// The rules of UTS #46, section 4.1, that x/net/idna misses, checked on
// what it accepts (TestMissedRules has a case of each, which x/net/idna
// alone accepts under Go 1.26 and 1.27; the reference, whatwg-url with
// tr46, refuses them):
//   - a label "xn--" (after mapping: "XN--", "ｘｎ－－") decodes to an
//     empty label, which x/net/idna keeps: "é.xn--" becomes "xn--9ca."
//     (section 4, step 4.1: an error since Unicode 15.1);
//   - CONTEXTJ (RFC 5892, appendix A.1): x/net/idna accepts a ZERO WIDTH
//     NON-JOINER after a joining letter and before a letter that does
//     not join (joining type U): "ب\u200c٦";
//   - the bidi rule (RFC 5893) is left out when no character of the name
//     as written is right-to-left, though one maps to a right-to-left
//     letter: "Åℵ" is "åא", a left-to-right label with a Hebrew letter.

// A joiningRun is a run of characters of one joining type, packed in 32
// bits (a table of runes, first, last and type, took three times the
// space in every program that parses a host): the run's first character
// in the high 21 bits (runStart), its length less one in the next 9
// (runLength), its type in the low 2 (runL, runD, runR, runT).
type joiningRun uint32

const (
	runStart  = 11 // the shift of a run's first character
	runLength = 2  // the shift of a run's length less one
	runMax    = 1<<(runStart-runLength) - 1
)

// The types of joiningRun, in the order of their letters in joiningLetters.
const (
	runL = iota
	runD
	runR
	runT
)

// The joining types of CONTEXTJ (RFC 5892, appendix A.1).
const (
	joinL = 'L' // left-joining
	joinD = 'D' // dual-joining
	joinR = 'R' // right-joining
	joinT = 'T' // transparent

	joiningLetters = "LDRT" // joinL, joinD, joinR, joinT by runL, runD, runR, runT
)

// joiningType returns the joining type of r: joinL, joinD, joinR, joinT,
// or 0 for the others (U, and C, which the rule does not name).
func joiningType(r rune) byte {
	// The last run that starts at or before r.
	k := sort.Search(len(joiningTypes), func(k int) bool { return rune(joiningTypes[k]>>runStart) > r }) - 1
	if k < 0 {
		return 0
	}
	run := joiningTypes[k]
	if r-rune(run>>runStart) > rune(run>>runLength&runMax) {
		return 0
	}
	return joiningLetters[run&(1<<runLength-1)]
}

func isVirama(r rune) bool {
	k := sort.Search(len(viramas), func(k int) bool { return viramas[k] >= r })
	return k < len(viramas) && viramas[k] == r
}

// ruleError is the error of a missed rule, worded as x/net/idna words its
// own, with UTS #46's code (one function for the three rules, so that a
// program links the message's concatenation once).
func ruleError(label, rule string) error {
	return errors.New("idna: invalid label " + strconv.Quote(label) + " (" + rule + ")")
}

// The rules' codes and words, for ruleError.
const (
	ruleContextJ      = "C: a joiner out of its context, RFC 5892, appendix A"
	ruleEmptyPunycode = "X4_2: a punycode label that decodes to nothing"
	ruleBidi          = "B: the bidi rule of RFC 5893"
)

// checkJoiners applies CONTEXTJ to a label in Unicode (RFC 5892, appendix
// A.1 and A.2): a ZERO WIDTH JOINER only after a virama; a ZERO WIDTH
// NON-JOINER after a virama, or between a letter that joins to the right
// (L or D) and one that joins to the left (R or D), transparent
// characters (T) between them aside. It is linear: a scan for the letter
// before stops at the joiner before, and one for the letter after at the
// joiner after, since joiners are not transparent.
func checkJoiners(label string) error {
	if !strings.Contains(label, "\u200c") && !strings.Contains(label, "\u200d") {
		return nil
	}
	runes := []rune(label)
	for k, r := range runes {
		if r != 0x200C && r != 0x200D {
			continue
		}
		if k > 0 && isVirama(runes[k-1]) {
			continue
		}
		if r == 0x200D {
			return ruleError(label, ruleContextJ)
		}
		before := k - 1
		for before >= 0 && joiningType(runes[before]) == joinT {
			before--
		}
		after := k + 1
		for after < len(runes) && joiningType(runes[after]) == joinT {
			after++
		}
		if before < 0 || after == len(runes) {
			return ruleError(label, ruleContextJ)
		}
		if b, a := joiningType(runes[before]), joiningType(runes[after]); b != joinL && b != joinD || a != joinR && a != joinD {
			return ruleError(label, ruleContextJ)
		}
	}
	return nil
}

// bidiMapped reports the characters that are not right-to-left but that
// UTS #46 maps to a right-to-left letter: the Hebrew letterlike symbols
// ALEF SYMBOL to DALET SYMBOL (U+2135..U+2138) map to א ב ג ד.
// TestBidiMapped walks every character.
func bidiMapped(r rune) bool { return 0x2135 <= r && r <= 0x2138 }

// mayMapToPunycode reports whether a label as written may map to a
// label that starts with "xn--": it has a punycode prefix in any case, or
// a character beyond ASCII (a full-width or enclosed "ｘ", an ignored one
// between the letters).
func mayMapToPunycode(label string) bool {
	return len(label) >= 4 && strings.EqualFold(label[:4], "xn--") || !ascii.IsASCII(label)
}

// mapper is mapping's, made on first use.
var mapper struct {
	once sync.Once
	p    *idna.Profile
}

// mapping returns a profile that maps a label as UTS #46 does, without
// the rules, for emptyPunycode.
func mapping() *idna.Profile {
	mapper.once.Do(func() {
		mapper.p = idna.New(idna.MapForLookup(), idna.Transitional(false), idna.StrictDomainName(false),
			idna.CheckHyphens(false), idna.CheckJoiners(false), idna.VerifyDNSLength(false))
	})
	return mapper.p
}

// emptyPunycode returns the first label of s, a name as written, that
// UTS #46 maps to "xn--" exactly, which decodes to an empty label, or
// false. It asks x/net/idna to map the label with a letter before it, so
// that the result, "axn--", is no punycode label that it would decode.
func emptyPunycode(s string) (string, bool) {
	for _, label := range splitLabels(s) {
		if label == "" || !mayMapToPunycode(label) {
			continue
		}
		if strings.EqualFold(label, "xn--") {
			return label, true
		}
		if ascii.IsASCII(label) {
			continue
		}
		if m, _ := mapping().ToUnicode("a" + Map(label)); m == "axn--" {
			return label, true
		}
	}
	return "", false
}

// hasEmptyLabel reports whether the labels of name (ASCII or Unicode, its
// separators ".") include an empty one, the root's after a final dot
// included.
func hasEmptyLabel(name string) bool {
	return name == "" || name[0] == '.' || name[len(name)-1] == '.' || strings.Contains(name, "..")
}

// isBidiDomainRune reports whether r is of bidi class R, AL or AN.
func isBidiDomainRune(r rune) bool {
	p, _ := bidi.LookupRune(r)
	c := p.Class()
	return c == bidi.R || c == bidi.AL || c == bidi.AN
}

// missed applies the missed rules to a name that p converted: s as
// written (after Map), and its Unicode form, from a function that returns
// it (decoding the labels of an ASCII result costs only when a rule may
// apply). The joiners' rule and the bidi rule apply where p checks
// joiners (CheckJoiners in its String): every such profile of the module
// has the bidi rule too.
func missed(p *idna.Profile, s string, unicode func() string) error {
	if label, ok := emptyPunycodeIn(s, unicode); ok {
		return ruleError(label, ruleEmptyPunycode)
	}
	joiners := strings.Contains(s, "\u200c") || strings.Contains(s, "\u200d") || hasPunycodeLabel(s)
	mapsRTL := strings.ContainsFunc(s, bidiMapped)
	if !joiners && !mapsRTL || !strings.Contains(p.String(), "CheckJoiners") {
		return nil
	}
	u := unicode()
	if joiners {
		for _, label := range strings.Split(u, ".") {
			if err := checkJoiners(label); err != nil {
				return err
			}
		}
	}
	if mapsRTL && !strings.ContainsFunc(s, isBidiDomainRune) && !punycodeHoldsRTL(s) && strings.ContainsFunc(u, isBidiDomainRune) {
		// x/net/idna checked no label: every label must keep the rule,
		// in a name with a right-to-left character (RFC 5893, section
		// 1.4).
		for _, label := range strings.Split(u, ".") {
			if !bidirule.ValidString(label) {
				return ruleError(u, ruleBidi)
			}
		}
	}
	return nil
}

// emptyPunycodeIn is emptyPunycode, asked only when the conversion holds
// an empty label.
func emptyPunycodeIn(s string, unicode func() string) (string, bool) {
	if !strings.Contains(s, "-") && ascii.IsASCII(s) {
		return "", false // no "xn--", nor anything that maps to it
	}
	if !hasEmptyLabel(unicode()) {
		return "", false
	}
	return emptyPunycode(s)
}

// hasPunycodeLabel reports whether a label of s is punycode, in any case.
func hasPunycodeLabel(s string) bool {
	for _, label := range splitLabels(s) {
		if isACE(label) {
			return true
		}
	}
	return false
}

// punycodeHoldsRTL reports whether a punycode label of s decodes to a
// right-to-left character, for which x/net/idna checks the bidi rule.
func punycodeHoldsRTL(s string) bool {
	var stack [64]rune
	for _, label := range splitLabels(s) {
		if !isACE(label) {
			continue
		}
		if decoded, ok := punycode.Decode(stack[:0], strings.ToLower(label[4:])); ok {
			for _, r := range decoded {
				if r >= utf8.RuneSelf && isBidiDomainRune(r) {
					return true
				}
			}
		}
	}
	return false
}

// decodeLabels returns name, an ASCII name that x/net/idna's ToASCII
// wrote, with its punycode labels decoded: its Unicode form.
func decodeLabels(name string) string {
	if !strings.Contains(name, "xn--") {
		return name
	}
	var b strings.Builder
	for k, label := range strings.Split(name, ".") {
		if k > 0 {
			b.WriteByte('.')
		}
		if !isACE(label) {
			b.WriteString(label)
			continue
		}
		decoded, ok := punycode.Decode(nil, label[4:])
		if !ok {
			b.WriteString(label)
			continue
		}
		b.WriteString(string(decoded))
	}
	return b.String()
}
