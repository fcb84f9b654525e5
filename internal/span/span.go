// Package span finds the end of a run of bytes of one class, eight bytes
// at a time: the scanning loop of the module's parsers (the root
// package's Parse, web's fast path), whose inputs are mostly long runs of
// bytes that need no decision, such as the letters of a host or a path.
//
// A class is a bit of a 256-entry table of the caller's, one entry per
// byte. The loop reads the entries of eight bytes side by side in a 64-bit
// word: one branch per eight bytes instead of one per byte, and where the
// run ends, the first byte of the word that lacks the bit tells where,
// with no loop. A byte loop costs a taken branch per byte and a poorly
// predicted exit; the word loop's cost per byte is mostly its loads.
package span

import "math/bits"

// ones holds 0x01 in each byte of a word: ones*b is b in each.
const ones = 0x0101010101010101

// End returns the offset of the first byte at or after s[i] whose entry
// in table lacks the bit class, or len(s) when there is none. i must be
// in [0, len(s)].
func End(s string, i int, table *[256]uint8, class uint8) int {
	want := ones * uint64(class) // the bit in each byte
	for len(s)-i >= 8 {
		if miss := want &^ word(s[i:i+8], table); miss != 0 {
			return i + bits.TrailingZeros64(miss)/8
		}
		i += 8
	}
	if i == len(s) {
		return i
	}
	if len(s) >= 8 {
		// Fewer than eight bytes are left: read the last eight bytes of
		// s, and ignore the k-i of them before i (k < i), which are not
		// the run's. No byte loop, whose exit the processor would
		// mispredict for runs of every length.
		k := len(s) - 8
		miss := want &^ word(s[k:], table)
		miss &^= 1<<(8*uint(i-k)) - 1
		if miss == 0 {
			return len(s)
		}
		return k + bits.TrailingZeros64(miss)/8
	}
	for i < len(s) && table[s[i]]&class != 0 {
		i++
	}
	return i
}

// word returns the table entries of the eight bytes of s, the entry of
// s[0] in the low byte. Inlined where s is a slice of eight bytes, its
// loads need no bounds check.
func word(s string, table *[256]uint8) uint64 {
	return uint64(table[s[0]]) | uint64(table[s[1]])<<8 |
		uint64(table[s[2]])<<16 | uint64(table[s[3]])<<24 |
		uint64(table[s[4]])<<32 | uint64(table[s[5]])<<40 |
		uint64(table[s[6]])<<48 | uint64(table[s[7]])<<56
}

// EndMarked is End, and also returns where the bytes with the bit mark
// in table may be: no byte of the run before from has it, nor any from
// to on. from is the start of the first word of eight bytes it read with a
// marked byte and to the end of the last one (either may be past the
// run); both are end when it read none. A caller whose class admits bytes
// that need a second look (the bytes of UTF-8 letters, for one) learns in
// the same pass where that look may start and stop.
func EndMarked(s string, i int, table *[256]uint8, class, mark uint8) (end, from, to int) {
	want, seen := ones*uint64(class), ones*uint64(mark)
	// to stays 0 until a word with a mark: until then, from moves on with
	// each word.
	for len(s)-i >= 8 {
		if to == 0 {
			from = i // no mark yet: this word may hold the first
		}
		w := word(s[i:i+8], table)
		if w&seen != 0 {
			to = i + 8
		}
		if miss := want &^ w; miss != 0 {
			end = i + bits.TrailingZeros64(miss)/8
			return marked(end, from, to)
		}
		i += 8
	}
	if to == 0 {
		from = i
	}
	if i == len(s) {
		return marked(i, from, to)
	}
	if len(s) >= 8 {
		k := len(s) - 8
		w := word(s[k:], table)
		if w&seen != 0 {
			to = len(s)
		}
		miss := want &^ w
		miss &^= 1<<(8*uint(i-k)) - 1
		end = len(s)
		if miss != 0 {
			end = k + bits.TrailingZeros64(miss)/8
		}
		return marked(end, from, to)
	}
	for i < len(s) && table[s[i]]&class != 0 {
		if table[s[i]]&mark != 0 {
			to = i + 1
		}
		i++
	}
	return marked(i, from, to)
}

// marked is EndMarked's result: end for from and to when it read no mark
// (to is 0).
func marked(end, from, to int) (int, int, int) {
	if to == 0 {
		return end, end, end
	}
	return end, from, to
}
