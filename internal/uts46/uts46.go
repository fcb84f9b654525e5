// Package uts46 makes x/net/idna give the answers of UTS #46 for Unicode
// 17.0, the version of the module's other tables, where its own tables are
// older. x/net/idna picks its tables by Go release: Unicode 15.0 below Go
// 1.27, 17.0 from Go 1.27 on. Between the two, UTS #46 changed how 112
// characters that 15.0 already had are processed ("ẞ" maps to "ß", where
// 15.0 made it "ss"; the Georgian capitals U+10A0..U+10C5 to their small
// letters, which 15.0 refused; some format characters are deleted), and
// Unicode added characters that 15.0 does not know. ToASCII and ToUnicode
// give x/net/idna's answers with both taken care of: Map applies the
// changes before x/net/idna runs, so that "FAẞ.de" gives "xn--fa-hia.de"
// under every release, and a character of 15.0 stands in for each new
// one while x/net/idna applies its rules.
package uts46

import (
	"errors"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/iri-go/iri/internal/ascii"
	"github.com/iri-go/iri/internal/punycode"
	"golang.org/x/net/idna"
)

//go:generate go run gen.go -old go1.26.8 -new go1.27.4
//go:generate go run gen_joining.go

// A change maps a character as UTS #46 for Unicode 17.0 does: to one
// character, or to none (deleted). Each maps to at most one (gen.go
// checks), so a change is two runes, not a rune and a string, which took
// three times the space.
type change struct {
	from, to rune
}

// deleted is the to of a change that deletes its character.
const deleted = -1

// Current reports whether x/net/idna's tables are those of Unicode 17.0,
// and Map has nothing to do. It is a constant, so that a program built
// with such tables (Go 1.27 on) links none of this package's tables and
// stand-ins.
const Current = idna.UnicodeVersion == "17.0.0"

// Map returns s with the characters whose UTS #46 processing changed after
// Unicode 15.0 mapped as 17.0 maps them, when x/net/idna's tables are
// older; otherwise, and when s holds none of them, it returns s itself.
func Map(s string) string {
	if Current {
		return s
	}
	return mapChanges(s)
}

// mapChanges is Map where the tables are older.
func mapChanges(s string) string {
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
		if to, ok := lookup(r); !ok {
			b.WriteRune(r)
		} else if to != deleted {
			b.WriteRune(to)
		}
	}
	return b.String()
}

// lookup returns what r maps to (deleted: nothing), if it is one of the
// changes.
func lookup(r rune) (rune, bool) {
	k := sort.Search(len(changes), func(k int) bool { return changes[k].from >= r })
	if k < len(changes) && changes[k].from == r {
		return changes[k].to, true
	}
	return 0, false
}

// Stable reports whether x/net/idna keeps r as it is in a label under the
// tables of every Go release: UTS #46 calls it valid (or a deviation,
// which nontransitional processing keeps) for Unicode 15.0 and 17.0
// alike, with and without the STD3 rules, and a letter before it does not
// compose with it. A label of such characters gets the same answer from
// every release: the caller may judge it without asking x/net/idna which
// characters it knows.
func Stable(r rune) bool {
	if r < 0 || r > utf8.MaxRune {
		return false
	}
	return stableBits[stableBlock[r>>8]][r>>6&3]>>(r&63)&1 != 0
}

// An addedRange is a run of added characters, which Unicode 15.0's tables
// refuse and 17.0's keep as they are (new since 15.0, but for a few whose
// status changed, as U+1806 MONGOLIAN TODO SOFT HYPHEN), with the same
// bidi class and mark property and left alone by NFC, and the index in
// standIns of the character of 15.0 with the same properties that takes
// their place while x/net/idna of 15.0 applies its rules.
type addedRange struct {
	lo, hi  rune
	standIn uint8
}

// standInFor returns the stand-in of r, if r is one of the added
// characters.
func standInFor(r rune) (rune, bool) {
	k := sort.Search(len(added), func(k int) bool { return added[k].hi >= r })
	if k < len(added) && added[k].lo <= r {
		return standIns[added[k].standIn], true
	}
	return 0, false
}

// ToASCII is p.ToASCII(s) as UTS #46 for Unicode 17.0 gives it where
// x/net/idna's tables are older: after Map, each added character
// (addedRange) is replaced by its stand-in, a character of
// 15.0 that IDNA's rules see alike (its bidi class for RFC 5893, whether
// it is a combining mark, and NFC leaving it alone), x/net/idna converts
// that name, and the labels that held stand-ins are encoded again with
// the characters they stood for. A name x/net/idna would judge by more
// than those properties is left to it: one with a joiner (CONTEXTJ looks
// at the characters beside it, RFC 5892, appendix A), with a stand-in as
// written, or converted by a profile that verifies DNS lengths (the
// stand-ins' punycode has other lengths). An error quotes the name as
// written, not its stand-ins.
func ToASCII(p *idna.Profile, s string) (string, error) {
	s = Map(s)
	a, sub, news, err := toASCII(p, s)
	if err != nil {
		if news != nil {
			return "", restoreError(p, sub, news, err)
		}
		return a, err
	}
	if err := missed(p, s, func() string { return decodeLabels(a) }); err != nil {
		return "", err
	}
	return a, nil
}

// Convert is ToASCII for a caller that needs the ASCII form, or whether
// there is one, and not the words of the error: it leaves out their
// restoring, which converts the name once more, so that a program whose
// parser only asks this does not carry that code.
func Convert(p *idna.Profile, s string) (string, bool) {
	s = Map(s)
	a, _, news, err := toASCII(p, s)
	switch {
	case err != nil && news != nil:
		return "", false
	case err != nil:
		return a, false
	case missed(p, s, func() string { return decodeLabels(a) }) != nil:
		return "", false
	}
	return a, true
}

// toASCII is ToASCII of a name that Map has mapped, without the rules
// x/net/idna misses, and but for the error, which quotes the stand-ins:
// with the name of stand-ins and the characters they replaced, which
// restoreError needs to put them back (news is nil when there are none).
func toASCII(p *idna.Profile, s string) (a, sub string, news []rune, err error) {
	if Current {
		a, err = p.ToASCII(s)
		return a, s, nil, err
	}
	sub, news = withStandIns(p, s)
	if news == nil {
		a, err = p.ToASCII(s)
		return a, s, nil, err
	}
	a, err = p.ToASCII(sub)
	if err != nil {
		return "", sub, news, err
	}
	u, err := p.ToUnicode(a)
	if err != nil {
		return "", sub, news, err
	}
	aLabels, uLabels := strings.Split(a, "."), strings.Split(u, ".")
	if len(aLabels) != len(uLabels) {
		a, err = p.ToASCII(s) // not expected: the labels of one name
		return a, s, nil, err
	}
	for k, label := range uLabels {
		if !strings.ContainsFunc(label, isStandIn) {
			continue
		}
		real := putBack(label, &news)
		enc, ok := punycode.Encode([]byte("xn--"), real)
		if !ok {
			return "", sub, nil, errors.New("idna: " + strconv.Quote(real) + " overflows Punycode")
		}
		aLabels[k] = string(enc)
	}
	return strings.Join(aLabels, "."), sub, nil, nil
}

// ToUnicode is p.ToUnicode(s) as UTS #46 for Unicode 17.0 gives it where
// x/net/idna's tables are older, as ToASCII says; the added characters
// of punycode labels are replaced too.
func ToUnicode(p *idna.Profile, s string) (string, error) {
	s = Map(s)
	u, err := toUnicode(p, s)
	if err != nil {
		return u, err
	}
	if err := missed(p, s, func() string { return u }); err != nil {
		return "", err
	}
	return u, nil
}

// toUnicode is ToUnicode of a name that Map has mapped, without the rules
// x/net/idna misses.
func toUnicode(p *idna.Profile, s string) (string, error) {
	if Current {
		return p.ToUnicode(s)
	}
	sub, news := withStandIns(p, s)
	if news == nil {
		return p.ToUnicode(s)
	}
	u, err := p.ToUnicode(sub)
	if err != nil {
		return "", restoreError(p, sub, news, err)
	}
	return putBack(u, &news), nil
}

// withStandIns returns s with each added character replaced by its
// stand-in, in its labels in Unicode and in punycode (decoded, replaced
// and encoded again), and the characters replaced, in order; news is nil
// when s has none, or when ToASCII says the name is left to x/net/idna.
func withStandIns(p *idna.Profile, s string) (sub string, news []rune) {
	if !holdsAdded(s) {
		return s, nil
	}
	var b strings.Builder
	joiner, standIn := false, false
	for k, label := range splitLabels(s) {
		if k > 0 {
			b.WriteByte('.')
		}
		ace := isACE(label)
		var runes []rune
		if ace {
			// UTS #46 maps a label, lower-casing its ASCII, before it
			// decodes it (section 4, steps 1 and 4).
			decoded, ok := punycode.Decode(nil, strings.ToLower(label[4:]))
			if !ok || !slices.ContainsFunc(decoded, isAdded) {
				b.WriteString(label) // x/net/idna judges it
				continue
			}
			runes = decoded
		} else {
			runes = []rune(label)
		}
		for k, r := range runes {
			joiner = joiner || r == 0x200C || r == 0x200D
			standIn = standIn || isStandIn(r)
			if to, ok := standInFor(r); ok {
				news = append(news, r)
				runes[k] = to
			}
		}
		if !ace {
			b.WriteString(string(runes))
		} else if enc, ok := punycode.Encode([]byte("xn--"), string(runes)); ok {
			b.Write(enc)
		} else {
			return s, nil
		}
	}
	if news == nil || joiner || standIn || strings.Contains(p.String(), "VerifyDNSLength") {
		return s, nil
	}
	return b.String(), news
}

// holdsAdded reports whether s holds an added character, as written or in
// a punycode label, without allocating.
func holdsAdded(s string) bool {
	var stack [64]rune
	aceHolds := func(label string) bool {
		if !isACE(label) {
			return false
		}
		decoded, ok := punycode.Decode(stack[:0], strings.ToLower(label[4:]))
		return ok && slices.ContainsFunc(decoded, isAdded)
	}
	start := 0 // of the label
	for k, r := range s {
		if isAdded(r) {
			return true
		}
		if isLabelSeparator(r) {
			if aceHolds(s[start:k]) {
				return true
			}
			start = k + utf8.RuneLen(r)
		}
	}
	return aceHolds(s[start:])
}

// splitLabels splits a name at its label separators.
func splitLabels(s string) []string {
	var labels []string
	start := 0
	for k, r := range s {
		if isLabelSeparator(r) {
			labels = append(labels, s[start:k])
			start = k + utf8.RuneLen(r)
		}
	}
	return append(labels, s[start:])
}

// isLabelSeparator reports the dots that UTS #46 takes for label
// separators: ".", and the ideographic and full-width full stops, which
// its mapping turns into ".".
func isLabelSeparator(r rune) bool {
	return r == '.' || r == 0x3002 || r == 0xFF0E || r == 0xFF61
}

// isACE reports whether label is an ASCII label in punycode: "xn--" in
// any case, which UTS #46's mapping lower-cases before decoding.
func isACE(label string) bool {
	return punycode.IsACE(label) && ascii.IsASCII(label)
}

func isAdded(r rune) bool {
	if r < added[0].lo {
		return false
	}
	_, ok := standInFor(r)
	return ok
}

func isStandIn(r rune) bool { return slices.Contains(standIns[:], r) }

// putBack replaces the stand-ins of s, in order, with the characters they
// stand for, taken from the front of news.
func putBack(s string, news *[]rune) string {
	var b strings.Builder
	for _, r := range s {
		if isStandIn(r) && len(*news) > 0 {
			r, *news = (*news)[0], (*news)[1:]
		}
		b.WriteRune(r)
	}
	return b.String()
}

// restoreError returns err with the labels it quotes written with the
// characters that stand-ins took the place of.
func restoreError(p *idna.Profile, sub string, news []rune, err error) error {
	mapped, _ := p.ToUnicode(sub)
	real := putBack(mapped, &news)
	// x/net/idna quotes a label, or the whole name (for the bidi rule).
	msg := strings.ReplaceAll(err.Error(), strconv.Quote(mapped), strconv.Quote(real))
	mappedLabels, realLabels := strings.Split(mapped, "."), strings.Split(real, ".")
	if len(mappedLabels) != len(realLabels) {
		return err
	}
	for k := range mappedLabels {
		if mappedLabels[k] != realLabels[k] {
			msg = strings.ReplaceAll(msg, strconv.Quote(mappedLabels[k]), strconv.Quote(realLabels[k]))
		}
	}
	if msg == err.Error() {
		return err
	}
	return errors.New(msg)
}
