package iri

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// The mechanisms of UTS #39, Unicode Security Mechanisms, on the tables
// that gen_uts39.go generates from the Unicode data (uts39_tables.go).

//go:generate go run gen_uts39.go -data testdata/unicode-17.0.0

// scriptSet is a set of scripts, by their index in scriptNames, and the
// three augmented scripts of UTS #39, section 5.1, after them.
type scriptSet [3]uint64

// The augmented scripts: Han with Bopomofo (Chinese), with Hiragana and
// Katakana (Japanese), with Hangul (Korean).
const (
	scriptHanb = len(scriptNames) + iota
	scriptJpan
	scriptKore
)

func (s *scriptSet) add(k int)     { s[k/64] |= 1 << (k % 64) }
func (s scriptSet) has(k int) bool { return s[k/64]&(1<<(k%64)) != 0 }
func (s scriptSet) isEmpty() bool  { return s == scriptSet{} }
func (s scriptSet) and(t scriptSet) scriptSet {
	return scriptSet{s[0] & t[0], s[1] & t[1], s[2] & t[2]}
}

// allScripts is the resolved script set of Common and Inherited: every
// script.
var allScripts = scriptSet{^uint64(0), ^uint64(0), ^uint64(0)}

// props returns the properties of r from charRanges: its Script, its
// resolved script set, whether it is Allowed in identifiers (UTS #39,
// section 3.1) and its identifier types.
func props(r rune) uint64 {
	if r < 0 || r > unicode.MaxRune {
		r = utf8.RuneError
	}
	// The ranges of r's block, then a binary search among them.
	lo, hi := int(rangeOfBlock[r>>8]), len(charRanges)
	if int(r>>8)+1 < len(rangeOfBlock) {
		hi = int(rangeOfBlock[r>>8+1]) + 1
	}
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if rune(charRanges[mid]>>40) <= r {
			lo = mid
		} else {
			hi = mid
		}
	}
	return charRanges[lo]
}

// propSimple reports whether the resolved script set of a character is
// its Script alone (all scripts for Common and Inherited): it has no
// Script_Extensions of its own.
func propSimple(p uint64) bool { return p&(1<<34) != 0 }

func propMark(p uint64) bool  { return p&(1<<32) != 0 }
func propDigit(p uint64) bool { return p&(1<<33) != 0 }

// propFormat reports the general category Cf; propSpace Zs, Zl or Zp.
func propFormat(p uint64) bool { return p&(1<<35) != 0 }
func propSpace(p uint64) bool  { return p&(1<<36) != 0 }

func propScript(p uint64) int   { return int(p >> 24 & 0xFF) }
func propAllowed(p uint64) bool { return p&(1<<12) != 0 }
func propTypes(p uint64) uint16 { return uint16(p & 0x7FF) }

// propScripts returns the Script_Extensions of a character (its Script
// when it has none), without the augmented scripts.
func propScripts(p uint64) scriptSet { return scriptSets[p>>13&0x7FF] }

func propSet(p uint64) scriptSet {
	set := propScripts(p)
	// Section 5.1: Han, Hiragana, Katakana, Bopomofo and Hangul count
	// as the augmented scripts they are part of too.
	if set.has(scriptHan) {
		set.add(scriptHanb)
		set.add(scriptJpan)
		set.add(scriptKore)
	}
	if set.has(scriptHiragana) || set.has(scriptKatakana) {
		set.add(scriptJpan)
	}
	if set.has(scriptHangul) {
		set.add(scriptKore)
	}
	if set.has(scriptBopomofo) {
		set.add(scriptHanb)
	}
	if set.has(scriptCommon) || set.has(scriptInherited) {
		return allScripts
	}
	return set
}

// Skeleton returns the skeleton of s (UTS #39, section 4): s in NFD
// without its default-ignorable characters (which UTS #39 drops since
// Unicode 15.1), each character replaced by its prototype from
// confusables.txt, and the result in NFD again. Two strings are confusable when their skeletons
// are equal: "pаypal" with a Cyrillic "а" has the skeleton of "paypal".
// The skeleton is for comparing, not for display.
func Skeleton(s string) string {
	d := norm.NFD.String(s)
	var b strings.Builder
	b.Grow(len(d))
	changed := false
	for _, r := range d {
		if propTypes(props(r))&typeDefaultIgnorable != 0 {
			changed = true // "pay\u200Bpal" looks like "paypal"
			continue
		}
		if to, ok := prototype(r); ok {
			b.WriteString(to)
			changed = true
		} else {
			b.WriteRune(r)
		}
	}
	if !changed {
		return d
	}
	return norm.NFD.String(b.String())
}

// prototype returns the prototype of r in confusables.txt, if it has one.
func prototype(r rune) (string, bool) {
	k, found := slices.BinarySearch(confusableFrom[:], int32(r))
	if !found {
		return "", false
	}
	start := 0
	if k > 0 {
		start = int(confusableEnd[k-1])
	}
	return confusableTo[start:confusableEnd[k]], true
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
// in identifiers at all is a separate question, which Check asks.
func Restriction(s string) RestrictionLevel {
	first := indexNonASCII(s)
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
		if isAlpha(byte(r)) {
			o.addScript(scriptLatin, true)
		}
		return
	}
	p := props(r)
	o.addScript(propScript(p), propSimple(p))
}

// addScript adds a character beyond ASCII by its properties.
func (o *oneScript) addScript(script int, simple bool) {
	switch {
	case !simple:
		o.mixed = true
	case script == scriptCommon || script == scriptInherited:
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
	resolved := allScripts
	for _, r := range s {
		resolved = resolved.and(setOf(r))
	}
	if !resolved.isEmpty() {
		return SingleScript
	}
	covered := func(scripts ...int) bool {
		var allowed scriptSet
		for _, k := range scripts {
			allowed.add(k)
		}
		for _, r := range s {
			if setOf(r).and(allowed).isEmpty() {
				return false
			}
		}
		return true
	}
	if covered(scriptLatin, scriptJpan) || covered(scriptLatin, scriptHanb) || covered(scriptLatin, scriptKore) {
		return HighlyRestrictive
	}
	// Moderately Restrictive: Latin and one other script, not Cyrillic
	// or Greek: the other scripts, less Latin, resolve to a non-empty set
	// without them.
	other := allScripts
	for _, r := range s {
		if set := setOf(r); !set.has(scriptLatin) {
			other = other.and(set)
		}
	}
	var cyrillicGreek scriptSet
	cyrillicGreek.add(scriptCyrillic)
	cyrillicGreek.add(scriptGreek)
	if !other.isEmpty() && other.and(cyrillicGreek).isEmpty() {
		return ModeratelyRestrictive
	}
	return MinimallyRestrictive
}

// setOf returns the resolved script set of r; ASCII has a quick answer.
func setOf(r rune) scriptSet {
	if r < utf8.RuneSelf {
		if isAlpha(byte(r)) {
			var latin scriptSet
			latin.add(scriptLatin)
			return latin
		}
		return allScripts
	}
	return propSet(props(r))
}

// MixedNumbers reports whether s holds decimal digits of more than one
// numbering system, such as "0" and "০" (UTS #39, section 5.3).
func MixedNumbers(s string) bool {
	zero := rune(-1)
	for _, r := range s {
		if r < utf8.RuneSelf && !isDigit(byte(r)) || r >= utf8.RuneSelf && !propDigit(props(r)) {
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
	for start > 0 && propDigit(props(start-1)) {
		start--
	}
	return r - (r-start)%10
}

// displayHost returns host with its punycode labels in Unicode and, as
// IDNA lookup maps, case folded; host itself where IDNA refuses it.
func displayHost(host string) string {
	if u, ok := canonicalHost(host); ok {
		return u
	}
	return host
}
