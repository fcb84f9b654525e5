package iri

// The Unicode Bidirectional Algorithm (UAX #9) as VisualOrder needs it:
// the levels of an IRI's characters in a left-to-right paragraph, and the
// bracket pairs of rule N0. The checks of RFC 3987, section 4.2, are in
// bidi.go; the displays in display.go.

import (
	"slices"

	"golang.org/x/text/unicode/bidi"
)

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
	case '\u298D': // ⦍ pairs with ⦐, and ⦏ with ⦎ (BidiBrackets.txt)
		return '\u2990'
	case '\u298F':
		return '\u298E'
	}
	// Beyond ASCII, the paired brackets of Unicode are adjacent code
	// points but for the two above.
	if props, _ := bidi.LookupRune(open + 1); props.IsBracket() && !props.IsOpeningBracket() {
		return open + 1
	}
	return -1
}
