package idn

import (
	"strings"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/ascii"
	"github.com/iri-go/iri/internal/hostname"
	"github.com/iri-go/iri/internal/uts39"
	"golang.org/x/text/unicode/norm"
)

// The mechanisms of UTS #39, Unicode Security Mechanisms, on the tables
// of internal/uts39.

// Skeleton returns the skeleton of s (UTS #39, section 4): s in NFD
// without its default-ignorable characters (which UTS #39 drops since
// Unicode 15.1), each character replaced by its prototype from
// confusables.txt, and the result in NFD again. Two strings are
// confusable when their skeletons are equal: "pаypal" with a Cyrillic "а"
// has the skeleton of "paypal". The skeleton is for comparing, not for
// display.
func Skeleton(s string) string {
	d := norm.NFD.String(s)
	// Most characters are their own prototype: the builder starts at the
	// first that is not, and a string with none is d itself.
	var b strings.Builder
	changed := false
	for p, r := range d {
		var to string
		switch {
		case r < utf8.RuneSelf:
			// ASCII, most of a host: no default-ignorable character, and
			// the few prototypes of asciiPrototype.
			if to = asciiPrototype(byte(r)); to == "" {
				if changed {
					b.WriteByte(byte(r))
				}
				continue
			}
		case uts39.Of(r).Types()&uts39.TypeDefaultIgnorable != 0:
			// "pay\u200Bpal" looks like "paypal": to is "".
		default:
			var ok bool
			if to, ok = uts39.Prototype(r); !ok {
				if changed {
					b.WriteRune(r)
				}
				continue
			}
		}
		if !changed {
			changed = true
			b.Grow(len(d) + len(to))
			b.WriteString(d[:p])
		}
		b.WriteString(to)
	}
	if !changed {
		return d
	}
	sk := b.String()
	if ascii.IsASCII(sk) {
		return sk // in NFD already: the common skeleton, of a Latin look-alike
	}
	return norm.NFD.String(sk)
}

// asciiPrototype returns the prototype of an ASCII character in
// confusables.txt, "" when it is its own (TestASCIIPrototypes walks
// ASCII).
func asciiPrototype(c byte) string {
	switch c {
	case '"':
		return "''"
	case '%':
		return "º/₀"
	case '0':
		return "O"
	case '1', 'I', '|':
		return "l"
	case '`':
		return "'"
	case 'm':
		return "rn"
	}
	return ""
}

// Confusable reports whether a and b look alike: whether their skeletons
// are equal (UTS #39, section 4). For host names, compare the hosts as
// displayed, in Unicode: see HostsConfusable.
func Confusable(a, b string) bool { return Skeleton(a) == Skeleton(b) }

// HostsConfusable reports whether two host names look alike: whether,
// with their punycode labels shown in Unicode and case folded as IDNA
// maps it, their skeletons are equal. "аррӏе.com" (Cyrillic) and
// "xn--80ak6aa92e.com" both look like "apple.com".
func HostsConfusable(a, b string) bool {
	return Skeleton(displayHost(a)) == Skeleton(displayHost(b))
}

// A RestrictionLevel tells how a string mixes scripts (UTS #39, section
// 5.2), from the most restrictive to the least.
type RestrictionLevel int

const (
	// ASCIIOnly: every character is ASCII.
	ASCIIOnly RestrictionLevel = iota
	// SingleScript: every character is of one script (Common and
	// Inherited go with any).
	SingleScript
	// HighlyRestrictive: the scripts are covered by Latin with Han,
	// Hiragana and Katakana; or Latin, Han and Bopomofo; or Latin, Han
	// and Hangul.
	HighlyRestrictive
	// ModeratelyRestrictive: covered by Latin and one other
	// Recommended script but Cyrillic and Greek.
	ModeratelyRestrictive
	// MinimallyRestrictive: any mix of scripts.
	MinimallyRestrictive
)

// String returns the level's name in UTS #39, as "ASCII-Only".
func (l RestrictionLevel) String() string {
	switch l {
	case ASCIIOnly:
		return "ASCII-Only"
	case SingleScript:
		return "Single Script"
	case HighlyRestrictive:
		return "Highly Restrictive"
	case ModeratelyRestrictive:
		return "Moderately Restrictive"
	}
	return "Minimally Restrictive"
}

// Restriction returns the restriction level of s, a label or any
// identifier (UTS #39, section 5.2). Whether its characters are allowed
// in identifiers at all is a separate question, which CheckHost asks.
func Restriction(s string) RestrictionLevel {
	first := ascii.IndexNonASCII(s)
	if first < 0 {
		return ASCIIOnly
	}
	// Most text is of one script, and its characters have no
	// Script_Extensions: a quick pass tells, without script sets.
	var quick oneScript
	for _, r := range s {
		if quick.add(r); quick.mixed {
			return mixedRestriction(s)
		}
	}
	return SingleScript
}

// oneScript is Restriction's quick pass, a character at a time: whether
// the letters seen are of one script and have no Script_Extensions, so
// that the string is Single Script without script sets. Its zero value
// has seen nothing.
type oneScript struct {
	script int  // of the letters, plus one; 0 before the first
	mixed  bool // a second script, or Script_Extensions: ask mixedRestriction
}

func (o *oneScript) add(r rune) {
	if r < utf8.RuneSelf {
		if ascii.IsAlpha(byte(r)) {
			o.addScript(uts39.ScriptLatin, true)
		}
		return
	}
	p := uts39.Of(r)
	o.addScript(p.Script(), p.Simple())
}

// addScript adds a character beyond ASCII by its properties.
func (o *oneScript) addScript(script int, simple bool) {
	switch {
	case !simple:
		o.mixed = true
	case script == uts39.ScriptCommon || script == uts39.ScriptInherited:
	case o.script != 0 && o.script != script+1:
		o.mixed = true
	default:
		o.script = script + 1
	}
}

// mixedRestriction is Restriction of a string beyond ASCII that the quick
// pass (oneScript) cannot settle: with resolved script sets (UTS #39,
// section 5.1).
func mixedRestriction(s string) RestrictionLevel {
	resolved := uts39.AllScripts
	for _, r := range s {
		resolved = resolved.And(uts39.SetOf(r))
	}
	if !resolved.IsEmpty() {
		return SingleScript
	}
	covered := func(scripts ...int) bool {
		var allowed uts39.ScriptSet
		for _, k := range scripts {
			allowed.Add(k)
		}
		for _, r := range s {
			if uts39.SetOf(r).And(allowed).IsEmpty() {
				return false
			}
		}
		return true
	}
	if covered(uts39.ScriptLatin, uts39.ScriptJpan) || covered(uts39.ScriptLatin, uts39.ScriptHanb) || covered(uts39.ScriptLatin, uts39.ScriptKore) {
		return HighlyRestrictive
	}
	// Moderately Restrictive: Latin and one other script, not Cyrillic
	// or Greek: the other scripts, less Latin, resolve to a non-empty set
	// without them.
	other := uts39.AllScripts
	for _, r := range s {
		if set := uts39.SetOf(r); !set.Has(uts39.ScriptLatin) {
			other = other.And(set)
		}
	}
	var cyrillicGreek uts39.ScriptSet
	cyrillicGreek.Add(uts39.ScriptCyrillic)
	cyrillicGreek.Add(uts39.ScriptGreek)
	if !other.IsEmpty() && other.And(cyrillicGreek).IsEmpty() {
		return ModeratelyRestrictive
	}
	return MinimallyRestrictive
}

// MixedNumbers reports whether s holds decimal digits of more than one
// numbering system, such as "0" and "০" (UTS #39, section 5.3).
func MixedNumbers(s string) bool {
	zero := rune(-1)
	for _, r := range s {
		if r < utf8.RuneSelf && !ascii.IsDigit(byte(r)) || r >= utf8.RuneSelf && !uts39.Of(r).Digit() {
			continue
		}
		z := digitZero(r)
		if zero >= 0 && z != zero {
			return true
		}
		zero = z
	}
	return false
}

// digitZero returns the zero of the decimal digit r, from the same
// generated data as the digit property itself: Unicode encodes each
// system's digits 0 to 9 in a row of ten, and adjacent systems' rows
// follow one another (the mathematical digits U+1D7CE..U+1D7FF are five),
// so the zero is found by counting back to the start of the run of digits.
func digitZero(r rune) rune {
	if r <= '9' {
		return '0'
	}
	start := r
	for start > 0 && uts39.Of(start-1).Digit() {
		start--
	}
	return r - (r-start)%10
}

// displayHost returns host with its punycode labels in Unicode and, as
// IDNA lookup maps, case folded; host itself where IDNA refuses it.
func displayHost(host string) string {
	u, _ := hostname.Canonical(host)
	return u
}
