package iri

// The displays: what to show a person for an IRI (RFC 3987, section 4.1,
// and the IDN display policy of browsers, package idn's): Display,
// DisplayEncoded and VisualOrder.

import (
	"strings"
	"unicode/utf8"

	"github.com/iri-go/iri/idn"
	"github.com/iri-go/iri/internal/ascii"
	"github.com/iri-go/iri/internal/pct"
	"github.com/iri-go/iri/internal/ucs"
)

// Bidirectional formatting characters that wrap an IRI for display; they
// are not part of the IRI (section 4.1).
const (
	leftToRightEmbedding     = "\u202A" // LRE
	popDirectionalFormatting = "\u202C" // PDF
)

// Display returns the text to show a user for the IRI, wrapped in bidi
// controls and so unfit for logs and hrefs (use String, or VisualOrder):
// the IRI in a left-to-right embedding, between LEFT-TO-RIGHT EMBEDDING and POP
// DIRECTIONAL FORMATTING, so that a renderer that implements the Unicode
// Bidirectional Algorithm shows it as RFC 3987, section 4.1, requires. The
// result is for display only: it is not an IRI.
//
// A label of a DNS host that the IDN display policy of Check refuses (a
// spoof such as "аррӏе", in Cyrillic) is shown in punycode, as browsers
// show it; idn.DisplayHost says why. The ASCII letters of a DNS host are
// shown in lower case, as IDNA maps them: "http://paypaI.com/", with a
// capital I, is shown "http://paypai.com/", where the request goes.
func (i IRI) Display() string {
	return leftToRightEmbedding + i.withPolicyHost().s + popDirectionalFormatting
}

// withPolicyHost returns i with the labels of its DNS host that the
// display policy refuses in punycode, and its ASCII letters in lower case.
func (i IRI) withPolicyHost() IRI {
	if !hasDNSHost(i.Scheme()) {
		return i
	}
	host, _ := idn.Display{KeepPunycode: true}.Host(i.Host())
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
	// The spans of whole components to encode: every one that breaks a
	// rule, not only the first of each kind that CheckBidi names, in the
	// order of their offsets (one that breaks both rules comes twice), each
	// dropped once passed.
	var encode [][2]int
	i.bidiBreaks(func(_ string, offset int, text string, _ int) {
		encode = append(encode, [2]int{offset, offset + len(text)})
	})
	var b strings.Builder
	// The size of the text shown as it is; encodings make it grow.
	b.Grow(len(leftToRightEmbedding) + len(i.s) + len(popDirectionalFormatting))
	b.WriteString(leftToRightEmbedding)
	for p := 0; p < len(i.s); {
		// ASCII is shown as it is: a run of it at once.
		if k := ascii.IndexNonASCII(i.s[p:]); k != 0 {
			if k < 0 {
				k = len(i.s) - p
			}
			b.WriteString(i.s[p : p+k])
			p += k
			continue
		}
		r, size := utf8.DecodeRuneInString(i.s[p:])
		for len(encode) > 0 && encode[0][1] <= p {
			encode = encode[1:]
		}
		inBroken := len(encode) > 0 && encode[0][0] <= p
		if inBroken || !ucs.Appropriate(r, true) || canShow != nil && !canShow(r) {
			var buf [3]byte
			for k := p; k < p+size; k++ {
				b.Write(pct.AppendByte(buf[:0], i.s[k]))
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
