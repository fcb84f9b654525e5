// Package uts39 holds the character properties of the Unicode security
// data (UTS #39, Unicode Security Mechanisms) and of the script data (UAX
// #24), for Unicode 17.0.0, that the iri package's Check and package idn
// read: each character's Script and resolved script set (UTS #39, section
// 5.1), whether it is Allowed in identifiers (section 3.1), its identifier
// types, its general category where the checks need it, and its prototype
// in confusables.txt (section 4). gen.go generates the tables (tables.go)
// from the files of the Unicode Consortium in testdata.
//
// Every table is static data: nothing is built when a program starts, so
// that a program that links the package without calling it pays nothing
// but the tables' size, and one that never reaches them not even that.
package uts39

import (
	"slices"
	"unicode"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/ascii"
)

//go:generate go run gen.go -data testdata/unicode-17.0.0

// A ScriptSet is a set of scripts, by their index in ScriptNames, and the
// three augmented scripts of UTS #39, section 5.1, after them.
type ScriptSet [3]uint64

// The augmented scripts: Han with Bopomofo (Chinese), with Hiragana and
// Katakana (Japanese), with Hangul (Korean).
const (
	ScriptHanb = len(ScriptNames) + iota
	ScriptJpan
	ScriptKore
)

// Add adds the script k to s.
func (s *ScriptSet) Add(k int) { s[k/64] |= 1 << (k % 64) }

// Has reports whether s holds the script k.
func (s ScriptSet) Has(k int) bool { return s[k/64]&(1<<(k%64)) != 0 }

// IsEmpty reports whether s holds no script.
func (s ScriptSet) IsEmpty() bool { return s == ScriptSet{} }

// And returns the scripts of both s and t.
func (s ScriptSet) And(t ScriptSet) ScriptSet {
	return ScriptSet{s[0] & t[0], s[1] & t[1], s[2] & t[2]}
}

// AllScripts is the resolved script set of Common and Inherited: every
// script.
var AllScripts = ScriptSet{^uint64(0), ^uint64(0), ^uint64(0)}

// Props are the properties of a character, from the generated ranges: its
// Script, its resolved script set, whether it is Allowed in identifiers
// (UTS #39, section 3.1), its identifier types and a few general
// categories.
type Props uint64

// Of returns the properties of r; a value that is no character has those
// of U+FFFD.
func Of(r rune) Props {
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
	return Props(charRanges[lo])
}

// Ranges calls yield with each range of characters that share their
// properties, in order, from U+0000 to U+10FFFF, until yield returns
// false: the ranges cover every character once.
func Ranges(yield func(lo, hi rune, p Props) bool) {
	for k, word := range charRanges {
		hi := rune(unicode.MaxRune)
		if k+1 < len(charRanges) {
			hi = rune(charRanges[k+1]>>40) - 1
		}
		if !yield(rune(word>>40), hi, Props(word)) {
			return
		}
	}
}

// Simple reports whether the resolved script set of the character is its
// Script alone (all scripts for Common and Inherited): it has no
// Script_Extensions of its own.
func (p Props) Simple() bool { return p&(1<<34) != 0 }

// Mark reports the general categories Mn, Mc and Me.
func (p Props) Mark() bool { return p&(1<<32) != 0 }

// Digit reports the general category Nd.
func (p Props) Digit() bool { return p&(1<<33) != 0 }

// Format reports the general category Cf.
func (p Props) Format() bool { return p&(1<<35) != 0 }

// Space reports the general categories Zs, Zl and Zp.
func (p Props) Space() bool { return p&(1<<36) != 0 }

// Script returns the Script, an index of ScriptNames.
func (p Props) Script() int { return int(p >> 24 & 0xFF) }

// Allowed reports whether the character is Allowed in identifiers
// (IdentifierStatus.txt).
func (p Props) Allowed() bool { return p&(1<<12) != 0 }

// Types returns the identifier types (IdentifierType.txt), the bits
// TypeRecommended to TypeDeprecated.
func (p Props) Types() uint16 { return uint16(p & 0x7FF) }

// Scripts returns the Script_Extensions of the character (its Script when
// it has none), without the augmented scripts.
func (p Props) Scripts() ScriptSet { return scriptSets[p>>13&0x7FF] }

// Set returns the resolved script set of the character (UTS #39, section
// 5.1): its Script_Extensions with the augmented scripts they are part of,
// every script for Common and Inherited.
func (p Props) Set() ScriptSet {
	set := p.Scripts()
	// Section 5.1: Han, Hiragana, Katakana, Bopomofo and Hangul count
	// as the augmented scripts they are part of too.
	if set.Has(ScriptHan) {
		set.Add(ScriptHanb)
		set.Add(ScriptJpan)
		set.Add(ScriptKore)
	}
	if set.Has(ScriptHiragana) || set.Has(ScriptKatakana) {
		set.Add(ScriptJpan)
	}
	if set.Has(ScriptHangul) {
		set.Add(ScriptKore)
	}
	if set.Has(ScriptBopomofo) {
		set.Add(ScriptHanb)
	}
	if set.Has(ScriptCommon) || set.Has(ScriptInherited) {
		return AllScripts
	}
	return set
}

// SetOf returns the resolved script set of r; ASCII has a quick answer:
// a letter is Latin, anything else Common.
func SetOf(r rune) ScriptSet {
	if r < utf8.RuneSelf {
		if ascii.IsAlpha(byte(r)) {
			var latin ScriptSet
			latin.Add(ScriptLatin)
			return latin
		}
		return AllScripts
	}
	return Of(r).Set()
}

// Prototype returns the prototype of r in confusables.txt, if it has one.
func Prototype(r rune) (string, bool) {
	k, found := slices.BinarySearch(confusableFrom[:], int32(r))
	if !found {
		return "", false
	}
	return prototypeAt(k), true
}

// prototypeAt returns the prototype of confusableFrom[k].
func prototypeAt(k int) string {
	start := 0
	if k > 0 {
		start = int(confusableEnd[k-1])
	}
	return confusableTo[start:confusableEnd[k]]
}

// Prototypes calls yield with each character of confusables.txt and its
// prototype, in the order of the characters, until yield returns false.
func Prototypes(yield func(from rune, to string) bool) {
	for k, from := range confusableFrom {
		if !yield(rune(from), prototypeAt(k)) {
			return
		}
	}
}
