package iri

import (
	"unicode/utf8"

	"github.com/iri-go/iri/internal/ascii"
	"github.com/iri-go/iri/internal/pct"
)

// The letters beyond ASCII that the scans of Parse take without a
// decision: most of the characters beyond ASCII that IRIs hold.

// The bits of letterBytes.
const (
	inPathRun   = 1 << iota // ClassPath, or a byte of the letters letterSize takes
	beyondASCII             // a byte from 0x80
	lead2                   // the lead of a letter of two bytes
	lead3                   // the lead of a letter of three bytes
)

// letterBytes holds, for each byte, its place in the letters beyond ASCII
// that letterSize takes, and whether the path's first run goes on through
// it (inPathRun): the path's ASCII characters and every byte of those
// letters, whose order lettersFit checks when the run holds any. Most
// IRIs beyond ASCII hold a few such letters amid ASCII, and a run that
// stopped at each would pay a mispredicted branch for each.
var letterBytes = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case c < utf8.RuneSelf:
			if pct.Classes[c]&pct.ClassPath != 0 {
				t[c] = inPathRun
			}
		case c <= 0xBF: // a continuation byte
			t[c] = inPathRun | beyondASCII
		case 0xC3 <= c && c <= 0xDF && c != 0xD8:
			t[c] = inPathRun | beyondASCII | lead2
		case c == 0xE1 || 0xE3 <= c && c <= 0xEC:
			t[c] = inPathRun | beyondASCII | lead3
		}
	}
	return t
}()

// lettersFit reports whether the bytes beyond ASCII of s[i:to], all of
// them leads and continuations of the letters letterSize takes, come in
// their order: eight bytes at a time, and with no branch on them, since
// where letters fall is as unpredictable as the text. It reports false
// for a string too short for a word; lettersEndSlow then tells where the
// letters stop.
func lettersFit(s string, i, to int) bool {
	if to < 8 {
		return false
	}
	var bad, carry, m uint64
	for ; to-i >= 8; i += 8 {
		m, carry = misfits(ascii.Load64(s[i:i+8]), carry)
		bad |= m
	}
	if i < to {
		// The last to-i bytes, at the bottom of the word that ends at to.
		m, carry = misfits(ascii.Load64(s[to-8:to])>>(8*uint(8-(to-i))), carry)
		bad |= m
	}
	return bad|carry == 0
}

// misfits returns the high bit of each byte of x (eight bytes of text, the
// first at the bottom) that is a continuation byte where none is due, or
// that should be one and is not. Only the leads of two- and three-byte
// forms are told apart, by their bit 5: the run holds no others. carry
// holds the continuations due from the word before, and next those due
// in the word after.
func misfits(x, carry uint64) (bad, next uint64) {
	const high = 0x8080808080808080
	beyond := x & high
	bit6 := x << 1 & high
	lead := beyond & bit6
	lead3 := lead & (x << 2) // bit 5: the lead of three bytes
	due := lead<<8 | lead3<<16 | carry
	return due ^ beyond&^bit6, lead>>56 | lead3>>48
}

// lettersEndSlow returns the offset of the first byte in s[i:end] that
// does not start a letter letterSize takes, or end: where the letters of
// a run went wrong, a byte at a time, when lettersFit could not tell that
// they did not.
func lettersEndSlow(s string, i, end int) int {
	for i < end {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		n := letterSize(s, i)
		if n == 0 {
			return i
		}
		i += n
	}
	return end
}

// letterSize returns the size of the character at s[i] when it is one of
// the letters beyond ASCII that every component accepts without a
// decision (0 for any other): a two-byte form from U+00C0 to U+07FF but
// U+0600..U+063F, or a three-byte form from U+1000 to U+1FFF or U+3000
// to U+CFFF. They are ucschar; the bidi controls are U+061C (lead D8) and
// in U+2000..U+2FFF (lead E2), the surrogates behind lead ED. Latin,
// Greek, Cyrillic, Hebrew, CJK and Hangul letters are most of the
// characters beyond ASCII IRIs hold.
func letterSize(s string, i int) int {
	if i+1 >= len(s) || s[i+1]&0xC0 != 0x80 {
		return 0
	}
	switch letterBytes[s[i]] & (lead2 | lead3) {
	case lead2:
		return 2
	case lead3:
		if i+2 < len(s) && s[i+2]&0xC0 == 0x80 {
			return 3
		}
	}
	return 0
}
