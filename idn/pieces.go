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
// hostSkeletons takes the skeletons of a host through steps on the whole
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
// the functions themselves. quickMiss looks a host's skeletons up from
// them without allocating, and leaves the rare host that may match, or
// that the table does not settle, to hostSkeletons. TestPieces holds the
// two to each other.

// pieceLimit bounds the characters of the table: Latin, Greek and
// Cyrillic below U+2000 (Latin Extended Additional and Greek Extended
// included); a host with a character beyond is left to hostSkeletons.
const pieceLimit = 0x2000

// A piece is a character's part of a skeleton: a range of the table's
// text, and its hash (hashString).
type piece struct {
	hash uint64
	off  uint16
	n    uint8
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
	pieceLGC      = 1 << iota // the character can be in a host isLGCHost accepts
	piecePlain                // plain is its piece of Skeleton
	pieceMapped               // mapped is its piece after Chromium's steps
	pieceReadings             // it is þ, œ or ß, read each way too (multiReadings)
	piecePalochka             // it is ӏ, which hostSkeletons reads as "l" too
	pieceDotless              // it is ı, which hostSkeletons reads as "l" too
)

// pieceSet is the table of pieces: each character below pieceLimit, by
// index, has its entry in entries (entries[0], empty, for none); text
// holds the pieces, and pow, hashBase to the power of a piece's length.
type pieceSet struct {
	index   []uint16
	entries []pieceEntry
	text    string
	pow     []uint64
}

// pieces holds pieceTable's table, made on first use: a program that
// protects no name, or never checks a host beyond ASCII, makes none.
var pieces struct {
	once  sync.Once
	table pieceSet
}

// pieceTable returns the table of the characters below pieceLimit,
// made on first use.
func pieceTable() *pieceSet {
	pieces.once.Do(func() { pieces.table = makePieceTable() })
	return &pieces.table
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
func makePieceTable() pieceSet {
	var text strings.Builder
	add := func(s string) (piece, bool) {
		if text.Len()+len(s) > 0xFFFF || len(s) > 0xFF {
			return piece{}, false // no room: the character goes to hostSkeletons
		}
		p := piece{hashString(s), uint16(text.Len()), uint8(len(s))}
		text.WriteString(s)
		return p, true
	}
	index := make([]uint16, pieceLimit)
	entries := []pieceEntry{{}}
	confusables, _ := chromiumReplacers()
	for r := rune(0); r < pieceLimit; r++ {
		s := string(r)
		lgc := isLGCHost(s)
		if !lgc && r >= utf8.RuneSelf {
			continue // a host with r takes other steps
		}
		var e pieceEntry
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
		if e.flags != 0 {
			index[r] = uint16(len(entries))
			entries = append(entries, e)
		}
	}
	pow := make([]uint64, 256)
	pow[0] = 1
	for k := 1; k < len(pow); k++ {
		pow[k] = pow[k-1] * hashBase
	}
	return pieceSet{index, entries, text.String(), pow}
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

// quickMiss reports, when the table settles it (settled), whether none of
// the skeletons hostSkeletons takes of host has a suffix of 2 to 4 labels
// among p's skeletons, the look-up of match. It does not settle a host
// with a character the table does not hold, or one with five of þ, œ and
// ß, whose readings Chromium cuts at 128 in its own order.
//
// It takes no skeleton whole: it hashes the pieces from the last
// character to the first, so that the hash at each dot is that of the
// suffix after it, and tests those hashes against p's filter (bloom).
// Only a host the filter lets through, a few in a thousand, has its
// skeletons written out and looked up (exactMiss).
func (p *Protected) quickMiss(host string) (miss, settled bool) {
	t := pieceTable()
	host = strings.TrimSuffix(host, ".")
	// One pass over every character tells what the host holds, and
	// hashes the plain skeleton (Skeleton) and the one after Chromium's
	// steps, þ, œ and ß read as written.
	all, seen := uint8(0xFF), uint8(0) // the flags of every character, of some character
	readings, runes := 0, 0
	nonASCII, hit, hitMapped := false, false, false
	h, hm, labels := uint64(0), uint64(0), 1
	for i := len(host); i > 0; {
		r, size := rune(host[i-1]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeLastRuneInString(host[:i])
			nonASCII = true
		}
		i -= size
		if r >= pieceLimit {
			return false, false
		}
		e := t.entry(r)
		all &= e.flags
		seen |= e.flags
		if e.flags&pieceReadings != 0 {
			readings++
		}
		runes += int(e.runes)
		if labels > 4 {
			continue // no suffix that match looks up: the characters still count
		}
		if r == '.' {
			if labels >= 2 {
				hit = hit || p.bloomHas(h)
				hitMapped = hitMapped || p.bloomHas(hm)
			}
			labels++
		}
		h = e.plain.hash + t.pow[e.plain.n]*h
		hm = e.mapped.hash + t.pow[e.mapped.n]*hm
	}
	if all&piecePlain == 0 {
		return false, false
	}
	if 2 <= labels && labels <= 4 {
		hit = hit || p.bloomHas(h)
		hitMapped = hitMapped || p.bloomHas(hm)
	}
	if !nonASCII {
		// An ASCII host has that one skeleton.
		return !hit || p.exactMiss(host, 0), true
	}
	if all&(pieceLGC|pieceMapped) != pieceLGC|pieceMapped {
		return false, false
	}
	hit = hit || hitMapped
	// The readings of supplementalHosts: each of þ, œ and ß as itself and
	// as its two readings, 3 to the power of their number, but for a host
	// of more than 32 characters or more than 5 of them, read as written.
	combos := 1
	switch {
	case runes > 32 || readings > 5:
	case readings == 5:
		return false, false // 243 readings, which Chromium cuts at 128
	default:
		for range readings {
			combos *= 3
		}
	}
	for combo := range combos {
		for _, as := range [...]uint8{asMapped, palochkaAs, dotlessAs} {
			if combo == 0 && as == asMapped {
				continue // hashed above
			}
			if as == asMapped || seen&as != 0 {
				hit = hit || p.mappedMayHit(host, combo, as)
			}
		}
	}
	return !hit || p.exactMiss(host, combos), true
}

// mappedMayHit reports whether p's filter lets through a suffix of 2 to 4
// labels of a skeleton of host after Chromium's steps, from the mapped
// pieces of its characters: combo, in base 3, tells how each of its þ, œ
// and ß, from the last, reads (as itself, or as its first or second
// reading), and as whether ӏ (palochkaAs) or ı (dotlessAs) reads as "l".
func (p *Protected) mappedMayHit(host string, combo int, as uint8) bool {
	t := pieceTable()
	h, labels := uint64(0), 1
	for i := len(host); i > 0; {
		r, size := rune(host[i-1]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeLastRuneInString(host[:i])
		}
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
		if e.flags&(pieceReadings|piecePalochka|pieceDotless) == 0 {
			h = e.mapped.hash + t.pow[e.mapped.n]*h
			continue
		}
		s := t.mappedPiece(e, r, &combo, as)
		h = hashString(s) + t.pow[len(s)]*h
	}
	return labels >= 2 && p.bloomHas(h)
}

// mappedPiece returns the piece of r, whose entry is e, in a skeleton
// after Chromium's steps, reading r as combo and as say (see
// mappedMayHit); it takes r's digit from combo.
func (t *pieceSet) mappedPiece(e *pieceEntry, r rune, combo *int, as uint8) string {
	switch {
	case e.flags&pieceReadings != 0:
		choice := *combo % 3
		*combo /= 3
		if choice > 0 {
			return multiReadings(r)[choice-1]
		}
	case as != asMapped && e.flags&as != 0:
		return "l"
	}
	return t.textOf(e.mapped)
}

// exactMiss is quickMiss for a host its filter lets through: it writes
// out each skeleton (the plain one, then those after Chromium's steps,
// in combos readings, none when combos is 0) and looks their suffixes
// up.
func (p *Protected) exactMiss(host string, combos int) bool {
	t := pieceTable()
	var buf [128]byte // most skeletons fit: no allocation
	sk := buf[:0]
	for _, r := range host {
		e := t.entry(r)
		sk = append(sk, t.textOf(e.plain)...)
	}
	if p.hasSuffix(sk) {
		return false
	}
	for combo := range combos {
		for _, as := range [...]uint8{asMapped, palochkaAs, dotlessAs} {
			// The pieces from the last character, as mappedMayHit reads
			// combo, each written backwards, then the whole turned round.
			sk = sk[:0]
			c := combo
			for i := len(host); i > 0; {
				r, size := utf8.DecodeLastRuneInString(host[:i])
				i -= size
				s := t.mappedPiece(t.entry(r), r, &c, as)
				for k := len(s) - 1; k >= 0; k-- {
					sk = append(sk, s[k])
				}
			}
			slices.Reverse(sk)
			if p.hasSuffix(sk) {
				return false
			}
		}
	}
	return true
}

// hasSuffix reports whether a suffix of sk of 2 to 4 labels, the keys
// match looks up, is a skeleton of p's names.
func (p *Protected) hasSuffix(sk []byte) bool {
	labels := 1 // of sk[i+1:]
	for i := len(sk) - 1; i >= 0 && labels <= 4; i-- {
		if sk[i] != '.' {
			continue
		}
		if labels >= 2 {
			if _, ok := p.skeletons[string(sk[i+1:])]; ok {
				return true
			}
		}
		labels++
	}
	if 2 <= labels && labels <= 4 {
		_, ok := p.skeletons[string(sk)]
		return ok
	}
	return false
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
