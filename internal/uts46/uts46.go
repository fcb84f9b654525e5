// Package uts46 makes x/net/idna give the answers of UTS #46 for Unicode
// 17.0, the version of the module's other tables, where its own tables are
// older. x/net/idna picks its tables by Go release: Unicode 15.0 below Go
// 1.27, 17.0 from Go 1.27 on. Between the two, UTS #46 changed how 113
// characters that 15.0 already had are processed: "ẞ" maps to "ß" (15.0
// made it "ss"), the Georgian capitals U+10A0..U+10C5 to their small
// letters (15.0 refused them), some format characters are deleted (15.0
// refused them). Map applies those changes before x/net/idna runs, so
// that "FAẞ.de" gives "xn--fa-hia.de" under every release. The characters
// new since 15.0 are beyond its reach: x/net/idna of 15.0 refuses them.
package uts46

import (
	"sort"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

//go:generate go run gen.go -old go1.26.8 -new go1.27.4

// A change maps a character as UTS #46 for Unicode 17.0 does.
type change struct {
	from rune
	to   string
}

// Current reports whether x/net/idna's tables are those of Unicode 17.0,
// and Map has nothing to do.
var Current = idna.UnicodeVersion == "17.0.0"

// Map returns s with the characters whose UTS #46 processing changed after
// Unicode 15.0 mapped as 17.0 maps them, when x/net/idna's tables are
// older; otherwise, and when s holds none of them, it returns s itself.
func Map(s string) string {
	if Current {
		return s
	}
	first := -1
	for p := 0; p < len(s); {
		if s[p] < utf8.RuneSelf {
			p++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[p:])
		if _, ok := lookup(r); ok {
			first = p
			break
		}
		p += size
	}
	if first < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	b.WriteString(s[:first])
	for _, r := range s[first:] {
		if to, ok := lookup(r); ok {
			b.WriteString(to)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// lookup returns what r maps to, if it is one of the changes.
func lookup(r rune) (string, bool) {
	k := sort.Search(len(changes), func(k int) bool { return changes[k].from >= r })
	if k < len(changes) && changes[k].from == r {
		return changes[k].to, true
	}
	return "", false
}

// Stable reports whether x/net/idna keeps r as it is in a label under the
// tables of every Go release: UTS #46 calls it valid (or a deviation,
// which nontransitional processing keeps) for Unicode 15.0 and 17.0
// alike, with and without the STD3 rules, and a letter before it does not
// compose with it. A label of such
// characters gets the same answer from every release: the caller may
// judge it without asking x/net/idna which characters it knows.
func Stable(r rune) bool {
	if r < 0 || r > utf8.MaxRune {
		return false
	}
	return stableBits[stableBlock[r>>8]][r>>6&3]>>(r&63)&1 != 0
}
