package idn

import (
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// The skeletons of a host a character at a time, for the look-up of the
// protected names.
//
// wholeSkeletons takes the skeletons of a host through steps on the whole
// string (NFD, NFC, replacers, the readings of þ, œ and ß), which cost
// microseconds; nearly every host looks like no protected name, and would
// pay them for nothing. But on a host of Latin, Greek and Cyrillic
// characters (isLGCHost) each step works on the characters one by one:
//
//   - NFD decomposes each character, then reorders only the runs of
//     characters of nonzero combining class, which a character whose
//     decomposition starts with one of class 0 ends; every character of
//     nonzero class is a mark from U+0300 on, which stripDiacritics
//     removes (TestPiecesNormalization walks the code points);
//   - NFC composes two characters of class 0 only for Hangul jamo, which
//     such a host does not hold;
//   - the replacers (chromiumReplacers) map single characters, and the
//     readings of þ, œ and ß, and ӏ and ı read as "l", replace single
//     characters too.
//
// So each skeleton of such a host is the concatenation of pieces, one for
// each of its characters, which the table (pieceTable) takes once with
// the functions themselves: pieceSkeletons joins them, and quickMiss
// hashes them to tell, without allocating, that a host matches no
// protected name. A host the table does not settle goes to
// wholeSkeletons, and to mayHold. TestPieces and FuzzQuickMiss hold the
// pieces to the whole.

// pieceLimit bounds the characters of the table: Latin, Greek and
// Cyrillic below U+2000 (Latin Extended Additional and Greek Extended
// included); a host with a character beyond is left to hostSkeletons.
const pieceLimit = 0x2000

// A piece is a character's part of a skeleton: a range of the table's
// text, its hash (hashString), and hashBase to the power of its length,
// which the hash of a text after it is multiplied by.
type piece struct {
	hash, pow uint64
	off       uint16
	n         uint8
}

// A pieceEntry is what the table knows of a character: its piece of the
// UTS #39 skeleton of a host (Skeleton), and its piece of the skeletons
// after Chromium's steps (hostSkeletons: diacritics removed, its
// look-alikes mapped).
type pieceEntry struct {
	plain, mapped piece
	flags         uint8
	runes         uint8 // the characters of stripDiacritics(r), which supplementalHosts counts
}

// The flags of a pieceEntry.
const (
	pieceLGC         = 1 << iota // the character can be in a host isLGCHost accepts
	piecePlain                   // plain is its piece of Skeleton
	pieceMapped                  // mapped is its piece after Chromium's steps
	pieceReadings                // it is þ, œ or ß, read each way too (multiReadings)
	piecePalochka                // it is ӏ, which hostSkeletons reads as "l" too
	pieceDotless                 // it is ı, which hostSkeletons reads as "l" too
	pieceBeyondASCII             // it is beyond ASCII
	pieceMarked                  // its mapped piece holds marks, which appendUnmarked strips

	pieceOther = pieceReadings | piecePalochka | pieceDotless // read some other way too
)

// pieceSet is the table of pieces: each character below pieceLimit, by
// index, has its entry in entries (entries[0], empty, for none); text
// holds the pieces.
type pieceSet struct {
	index   [pieceLimit]uint16
	entries []pieceEntry
	text    string
}

// pieces holds pieceTable's table, made on first use: a program that
// makes no list of protected names, and looks no host up in one (the top
// domains for a host beyond ASCII), makes none.
var pieces struct {
	once  sync.Once
	table *pieceSet
}

// pieceTable returns the table of the characters below pieceLimit,
// made on first use.
func pieceTable() *pieceSet {
	pieces.once.Do(func() { pieces.table = makePieceTable() })
	return pieces.table
}

// entry returns the entry of r, below pieceLimit.
func (t *pieceSet) entry(r rune) *pieceEntry { return &t.entries[t.index[r]] }

// textOf returns the text of a piece.
func (t *pieceSet) textOf(p piece) string { return t.text[p.off:][:p.n] }

// makePieceTable makes the table of pieces, each the skeleton of a
// character alone, taken by Skeleton, stripDiacritics and the replacers
// themselves. A character whose pieces would not join (one that starts
// with a mark, or holds a dot) has no entry, nor has one whose host takes
// other steps (beyond ASCII, not in a host isLGCHost accepts).
func makePieceTable() *pieceSet {
	var text strings.Builder
	add := func(s string) (piece, bool) {
		if text.Len()+len(s) > 0xFFFF || len(s) > 0xFF {
			return piece{}, false // no room: the character goes to hostSkeletons
		}
		p := piece{hashString(s), hashPow(len(s)), uint16(text.Len()), uint8(len(s))}
		text.WriteString(s)
		return p, true
	}
	t := &pieceSet{entries: []pieceEntry{{}}}
	confusables, _ := chromiumReplacers()
	for r := rune(0); r < pieceLimit; r++ {
		s := string(r)
		lgc := isLGCHost(s)
		if !lgc && r >= utf8.RuneSelf {
			continue // a host with r takes other steps
		}
		var e pieceEntry
		if r >= utf8.RuneSelf {
			e.flags = pieceBeyondASCII
		}
		var ok bool
		if sk := Skeleton(s); joins(norm.NFD.String(s)) && joins(sk) && (r == '.' || !strings.Contains(sk, ".")) {
			if e.plain, ok = add(sk); ok {
				e.flags |= piecePlain
			}
		}
		if lgc {
			e.flags |= pieceLGC
			stripped := stripDiacritics(s)
			mapped := confusables.Replace(stripped)
			if flags, follows := chromiumSteps(r, s, stripped, mapped); follows {
				if e.mapped, ok = add(Skeleton(mapped)); ok {
					e.flags |= pieceMapped | flags
					e.runes = uint8(utf8.RuneCountInString(stripped))
				}
			}
		}
		if e.flags&^pieceBeyondASCII != 0 {
			t.index[r] = uint16(len(t.entries))
			t.entries = append(t.entries, e)
		}
	}
	t.text = text.String()
	return t
}

// chromiumSteps reports whether the table follows the steps of
// hostSkeletons for the character r (s), stripped of its diacritics then
// mapped, one character at a time, and returns the flags of its readings.
func chromiumSteps(r rune, s, stripped, mapped string) (flags uint8, follows bool) {
	switch {
	case multiReadings(r) != nil:
		for _, reading := range multiReadings(r) {
			if Skeleton(reading) != reading {
				return 0, false // a reading whose skeleton the table does not hold
			}
		}
		if stripped != s || mapped != s {
			return 0, false
		}
		flags = pieceReadings
	case strings.ContainsAny(stripped, "þœß"):
		return 0, false // another character that reads as several
	case mapped == "ӏ":
		flags = piecePalochka
	case mapped == "ı":
		flags = pieceDotless
	case strings.ContainsAny(mapped, "ӏı"):
		return 0, false
	}
	sk := Skeleton(mapped)
	if stripDiacritics(sk) != sk {
		flags |= pieceMarked // a skeleton is taken stripped of it too
	}
	return flags, joins(norm.NFD.String(mapped)) && joins(sk) && (r == '.' || !strings.Contains(sk, "."))
}

// joins reports whether s, a piece in NFD, joins the piece before it
// untouched: it is empty or starts with a character of combining class 0,
// which no reordering of NFD moves past.
func joins(s string) bool {
	return s == "" || norm.NFD.PropertiesString(s).CCC() == 0
}

// The variants of a skeleton after Chromium's steps: hostSkeletons reads
// ӏ and ı as "l" beside their prototypes, each in a skeleton of its own.
const (
	asMapped   = 0
	palochkaAs = piecePalochka
	dotlessAs  = pieceDotless
)

// pieceSkeletons returns the skeletons of host that wholeSkeletons
// returns, in its order, from the pieces of its characters, when the table
// settles host: when it holds each of them, and host is in ASCII or
// isLGCHost accepts it, with fewer or more than five of þ, œ and ß.
func pieceSkeletons(host string) ([]string, bool) {
	t := pieceTable()
	host = strings.TrimSuffix(host, ".")
	all, seen := uint8(0xFF), uint8(0) // the flags of every character, of some character
	for _, r := range host {
		if r >= pieceLimit {
			return nil, false
		}
		all &= t.entry(r).flags
		seen |= t.entry(r).flags
	}
	if all&piecePlain == 0 {
		return nil, false
	}
	sk := make([]byte, 0, 2*len(host))
	for _, r := range host {
		sk = append(sk, t.textOf(t.entry(r).plain)...)
	}
	sks := []string{string(sk)}
	if seen&pieceBeyondASCII == 0 {
		return sks, true // as wholeSkeletons, an ASCII host's one skeleton
	}
	readings, ok := t.readings(host)
	if all&(pieceLGC|pieceMapped) != pieceLGC|pieceMapped || !ok {
		return nil, false
	}
	for i := range pow3(readings) {
		choices := readingChoices(i, readings)
		for _, as := range [...]uint8{asMapped, palochkaAs, dotlessAs} {
			if as == asMapped || seen&as != 0 {
				sk = t.appendMapped(sk[:0], host, &choices, as)
				sks = appendNew(sks, string(sk))
				if as != palochkaAs && seen&pieceMarked != 0 {
					sks = appendUnmarked(sks, string(sk))
				}
			}
		}
	}
	return sks, true
}

// quickMiss reports, when the table settles host (settled, as
// pieceSkeletons), whether none of its skeletons has a suffix of 2 to 4
// labels, the keys match looks up, among p's skeletons; it may answer
// false for a host that match finds nothing for, a few in a thousand.
//
// It takes no skeleton whole: it hashes the pieces from the last
// character to the first, so that the hash at each dot is that of the
// suffix after it, and tests those hashes against p's filter (bloom). A
// host the filter lets through goes to match, which looks its skeletons
// up.
func (p *Protected) quickMiss(host string) (miss, settled bool) {
	t := pieceTable()
	host = strings.TrimSuffix(host, ".")
	// One pass from the last character hashes the suffixes of the plain
	// skeleton (Skeleton) and of the one after Chromium's steps, þ, œ and
	// ß read as written, and gathers the flags of the characters.
	all, seen := uint8(0xFF), uint8(0)
	hit := false
	var h, hm uint64
	labels, i := 1, len(host)
	for i > 0 {
		r := rune(host[i-1])
		if r < utf8.RuneSelf {
			i--
		} else {
			var size int
			r, size = utf8.DecodeLastRuneInString(host[:i])
			if r >= pieceLimit {
				return false, false
			}
			i -= size
		}
		e := &t.entries[t.index[r]]
		all &= e.flags
		seen |= e.flags
		if r == '.' {
			hit = hit || labels >= 2 && (p.bloomHas(h) || p.bloomHas(hm))
			if labels++; labels > 4 {
				break // no longer suffix is looked up
			}
		}
		h = e.plain.hash + e.plain.pow*h
		hm = e.mapped.hash + e.mapped.pow*hm
	}
	if i == 0 {
		hit = hit || 2 <= labels && labels <= 4 && (p.bloomHas(h) || p.bloomHas(hm))
	}
	for _, r := range host[:i] {
		if r >= pieceLimit {
			return false, false
		}
		all &= t.entry(r).flags
		seen |= t.entry(r).flags
	}
	switch {
	case all&piecePlain == 0:
		return false, false
	case seen&pieceBeyondASCII == 0:
		// An ASCII host has the plain skeleton alone (hm, the same for a
		// host of letters and digits, can only let more through).
		return !hit, true
	case all&(pieceLGC|pieceMapped) != pieceLGC|pieceMapped:
		return false, false
	case seen&pieceMarked != 0:
		// Rare: the skeletons stripped of their marks too, whole.
		sks, _ := pieceSkeletons(host)
		return !p.skeletonsMayHit(sks), true
	case seen&pieceOther == 0:
		return !hit, true
	}
	readings, ok := t.readings(host)
	if !ok {
		return false, false
	}
	for i := 1; i < pow3(readings) && !hit; i++ { // the first, as written, is hm
		choices := readingChoices(i, readings)
		hit = p.mappedMayHit(host, &choices, asMapped)
	}
	for i := 0; i < pow3(readings) && !hit; i++ {
		choices := readingChoices(i, readings)
		hit = seen&palochkaAs != 0 && p.mappedMayHit(host, &choices, palochkaAs) ||
			seen&dotlessAs != 0 && p.mappedMayHit(host, &choices, dotlessAs)
	}
	return !hit, true
}

// skeletonsMayHit reports whether p's filter lets through a suffix of 2
// to 4 labels of one of the skeletons sks.
func (p *Protected) skeletonsMayHit(sks []string) bool {
	for _, sk := range sks {
		labels := strings.Split(sk, ".")
		for n := min(len(labels), 4); n >= 2; n-- {
			if p.bloomHas(hashString(strings.Join(labels[len(labels)-n:], "."))) {
				return true
			}
		}
	}
	return false
}

// readings returns the number of the characters þ, œ and ß of host that
// supplementalHosts reads each way: all, but none in a host of more than
// 32 characters or more than 5 of them. It reports false for a host with
// 5 of them, 243 readings, which Chromium cuts at 128 in its own order.
func (t *pieceSet) readings(host string) (int, bool) {
	readings, runes := 0, 0
	for _, r := range host {
		e := t.entry(r)
		if e.flags&pieceReadings != 0 {
			readings++
		}
		runes += int(e.runes)
	}
	switch {
	case runes > 32 || readings > 5:
		return 0, true
	case readings == 5:
		return 0, false
	}
	return readings, true
}

// pow3 returns 3 to the power n: the readings of n characters þ, œ and
// ß, each as itself and as its two readings.
func pow3(n int) int {
	p := 1
	for range n {
		p *= 3
	}
	return p
}

// readingChoices returns how each of the n characters þ, œ and ß of a host
// reads in its ith reading, in the order of supplementalHosts:
// choices[j], for the jth of them from the last, is 0 for as itself, 1 or
// 2 for its first or second reading. supplementalHosts takes them from
// the last, and appends to each of its readings so far, in order, the
// first then the second reading of the next: the ith reading, past the
// 3^j that come before the jth, is one of those of the one it comes from.
func readingChoices(i, n int) (choices [4]uint8) {
	for j := n - 1; j >= 0; j-- {
		if before := pow3(j); i >= before {
			choices[j] = uint8(1 + (i-before)%2)
			i = (i - before) / 2
		}
	}
	return choices
}

// mappedMayHit reports whether p's filter lets through a suffix of 2 to 4
// labels of a skeleton of host after Chromium's steps, its characters þ,
// œ and ß read as choices says (see readingChoices), ӏ (palochkaAs) or ı
// (dotlessAs) as "l" as as says.
func (p *Protected) mappedMayHit(host string, choices *[4]uint8, as uint8) bool {
	t := pieceTable()
	h, labels, j := uint64(0), 1, 0
	for i := len(host); i > 0; {
		r, size := utf8.DecodeLastRuneInString(host[:i])
		i -= size
		if r == '.' {
			if labels >= 2 && p.bloomHas(h) {
				return true
			}
			if labels++; labels > 4 {
				return false
			}
		}
		e := t.entry(r)
		if e.flags&pieceOther == 0 {
			h = e.mapped.hash + e.mapped.pow*h
			continue
		}
		s := t.mappedPiece(e, r, choices, &j, as)
		h = hashString(s) + hashPow(len(s))*h
	}
	return labels >= 2 && p.bloomHas(h)
}

// appendMapped appends to dst the skeleton of host after Chromium's
// steps, its characters read as choices and as say (see mappedMayHit).
func (t *pieceSet) appendMapped(dst []byte, host string, choices *[4]uint8, as uint8) []byte {
	// The pieces from the last character, each written backwards, then
	// the whole turned round: choices counts from the last.
	start, j := len(dst), 0
	for i := len(host); i > 0; {
		r, size := utf8.DecodeLastRuneInString(host[:i])
		i -= size
		s := t.mappedPiece(t.entry(r), r, choices, &j, as)
		for k := len(s) - 1; k >= 0; k-- {
			dst = append(dst, s[k])
		}
	}
	slices.Reverse(dst[start:])
	return dst
}

// mappedPiece returns the piece of r, whose entry is e, in a skeleton
// after Chromium's steps, reading r as choices and as say (see
// mappedMayHit); j counts the characters þ, œ and ß met from the last.
func (t *pieceSet) mappedPiece(e *pieceEntry, r rune, choices *[4]uint8, j *int, as uint8) string {
	switch {
	case e.flags&pieceReadings != 0:
		choice := uint8(0)
		if *j < len(choices) {
			choice = choices[*j]
		}
		*j++
		if choice > 0 {
			return multiReadings(r)[choice-1]
		}
	case as != asMapped && e.flags&as != 0:
		return "l"
	}
	return t.textOf(e.mapped)
}

// The filter of a Protected's skeletons (bloom): two bits of a table for
// the hash of each skeleton. The hash is polynomial, the sum of each byte
// times hashBase to the power of its place, so that the hash of a piece
// followed by a text is the piece's plus hashBase to the power of its
// length times the text's: quickMiss hashes the suffixes of a host's
// skeletons from its last character to its first, with one multiplication
// a character. The bits are taken from the hash mixed (bloomBits), which
// makes each depend on every byte.
const hashBase = 0x9E3779B97F4A7C15

// hashPow returns hashBase to the power n.
func hashPow(n int) uint64 {
	pow := uint64(1)
	for range n {
		pow *= hashBase
	}
	return pow
}

// hashString returns the hash of s.
func hashString(s string) uint64 {
	h := uint64(0)
	for k := len(s) - 1; k >= 0; k-- {
		h = uint64(s[k]) + hashBase*h
	}
	return h
}

// newBloom returns the filter of the skeletons of m: 32 to 64 bits a
// skeleton, which lets through fewer than 1 in 250 of the suffixes that
// are none.
func newBloom(m map[string]string) []uint64 {
	size := 64
	for size < 32*len(m) {
		size *= 2
	}
	bloom := make([]uint64, size/64)
	for sk := range m {
		a, b := bloomBits(hashString(sk), len(bloom))
		bloom[a/64] |= 1 << (a % 64)
		bloom[b/64] |= 1 << (b % 64)
	}
	return bloom
}

// bloomBits returns the two bits of a filter of words words for the hash
// h.
func bloomBits(h uint64, words int) (a, b uint64) {
	h ^= h >> 33
	h *= 0xFF51AFD7ED558CCD
	h ^= h >> 33
	mask := uint64(words*64 - 1)
	return h & mask, h >> 32 & mask
}

// bloomHas reports whether p's filter lets the hash h through: whether it
// may be that of one of p's skeletons.
func (p *Protected) bloomHas(h uint64) bool {
	a, b := bloomBits(h, len(p.bloom))
	return p.bloom[a/64]&(1<<(a%64)) != 0 && p.bloom[b/64]&(1<<(b%64)) != 0
}
