package uritemplate

import "math/bits"

// When the backtracking matcher gives up, Match first asks whether any
// reading matches at all, with the automaton made deterministic as it
// reads (the subset construction, done lazily, as regular-expression
// engines do): each unit then costs one look-up in a table, whatever the
// template's ambiguities, and an input that no values expand to is
// refused in time linear in its length. The question ignores prefixes'
// counts of characters, so that a yes is only a maybe, which the machine
// settles.

// A dfaInfo describes the program for the subset construction: its
// positions (an instruction that reads, or a unit of a literal), where
// the ways without reading lead from each instruction, and the classes
// of units that no instruction tells apart.
type dfaInfo struct {
	npos   int32
	posOf  []int32   // by instruction: its position (a literal's first unit), or -1
	pcOf   []int32   // by position: the instruction
	unitOf []int32   // by position: the unit of its literal, or -1
	eps    [][]int32 // by instruction the ways go on at: the positions they reach
	eqOf   []uint8   // by unit: its class
	reps   []unit    // a unit of each class
}

// dfaBudget bounds the positions that the ways without reading may list,
// per instruction of the program, and the states built per Match.
const (
	dfaEpsBudget = 64
	dfaStates    = 4096
)

// buildDFA fills p.dfa, unless the program is too large for it.
func (p *program) buildDFA() {
	d := &dfaInfo{posOf: make([]int32, len(p.insts))}
	for pc, in := range p.insts {
		d.posOf[pc] = -1
		switch in.op {
		case opUnit, opClass, opCount, opMatch:
			d.posOf[pc] = d.npos
			d.pcOf = append(d.pcOf, int32(pc))
			d.unitOf = append(d.unitOf, -1)
			d.npos++
		case opLit:
			d.posOf[pc] = d.npos
			for i := range p.lits[in.arg].units {
				d.pcOf = append(d.pcOf, int32(pc))
				d.unitOf = append(d.unitOf, int32(i))
				d.npos++
			}
		}
	}
	// The ways without reading, from the start and after each reading.
	d.eps = make([][]int32, len(p.insts))
	budget := dfaEpsBudget * len(p.insts)
	seen := make([]bool, len(p.insts))
	entries := []int32{p.start}
	for _, in := range p.insts {
		switch in.op {
		case opUnit, opClass, opCount, opLit:
			entries = append(entries, in.out)
		}
	}
	for _, pc := range entries {
		if d.eps[pc] != nil {
			continue
		}
		clear(seen)
		out := []int32{}
		stack := []int32{pc}
		for len(stack) > 0 {
			k := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[k] {
				continue
			}
			seen[k] = true
			switch in := &p.insts[k]; in.op {
			case opSplit:
				stack = append(stack, in.out1, in.out)
			case opStart, opEnd:
				stack = append(stack, in.out)
			default:
				out = append(out, d.posOf[k])
			}
		}
		if budget -= len(out); budget < 0 {
			return
		}
		d.eps[pc] = out
	}
	// The classes of units: those that every class takes alike, and
	// that are not a unit of an instruction or of a literal (as written
	// or normalized), which are each a class of its own.
	own := map[unit]bool{}
	for _, in := range p.insts {
		if in.op == opUnit {
			own[unit(in.arg)] = true
		}
	}
	for i := range p.lits {
		for j := range p.lits[i].units {
			own[p.lits[i].units[j]], own[p.lits[i].nunit[j]] = true, true
		}
	}
	// A unit's signature: the classes it is in, and itself if it is its
	// own class. Units with a lower-case hex digit are those of octets
	// that have one.
	type signature struct {
		in  [4]uint64
		own unit
	}
	index := map[signature]uint8{}
	d.eqOf = make([]uint8, 0x800)
	for u := unit(0); u < 0x800; u++ {
		if u >= unitOctet && u&unitCase != 0 {
			o := byte(u)
			if u&unitLowerHi != 0 && o>>4 < 10 || u&unitLowerLo != 0 && o&15 < 10 {
				continue // a digit is in no case: no such unit
			}
		}
		var sig signature
		if own[u] {
			sig.own = u | 0x8000
		}
		for i := range p.classes {
			if i < 256 && p.classes[i].has(u) {
				sig.in[i>>6] |= 1 << (i & 63)
			}
		}
		if len(p.classes) > 256 {
			return
		}
		k, ok := index[sig]
		if !ok {
			if len(d.reps) == 255 {
				return
			}
			k = uint8(len(d.reps))
			index[sig] = k
			d.reps = append(d.reps, u)
		}
		d.eqOf[u] = k
	}
	p.dfa = d
}

// A dfa is the states built so far: sets of positions, and the
// transitions found between them.
type dfa struct {
	words int
	sets  []uint64 // the set of state i at [i*words : (i+1)*words]
	trans []int32  // the transition of state i on class e at i*len(reps)+e; -1 not yet found
	index map[string]int32
	key   []byte
	tmp   []uint64
}

const (
	dfaUnknown = -1
	dfaDead    = -2
)

// accepts reports whether some way through the program reads m.s whole,
// counts of characters aside; decided is false when the states would
// pass their budget.
func (m *machine) accepts() (ok, decided bool) {
	m.p.dfaOnce.Do(m.p.buildDFA)
	p, d := m.p, m.p.dfa
	if d == nil {
		return false, false
	}
	if m.dfa == nil {
		m.dfa = &dfa{index: map[string]int32{}}
	}
	a := m.dfa
	a.words = (int(d.npos) + 63) / 64
	a.sets, a.trans = a.sets[:0], a.trans[:0]
	clear(a.index)
	if cap(a.tmp) < a.words {
		a.tmp = make([]uint64, a.words)
	}
	a.tmp = a.tmp[:a.words]
	clear(a.tmp)
	for _, x := range d.eps[p.start] {
		a.tmp[x>>6] |= 1 << (x & 63)
	}
	cur := m.dfaState()
	s := m.s
	for pos := 0; pos < len(s); {
		u, w := unitAt(s, pos, m.norm)
		e := int(d.eqOf[u])
		next := a.trans[int(cur)*len(d.reps)+e]
		if next == dfaUnknown {
			next = m.dfaStep(cur, e)
			if next == dfaUnknown {
				return false, false
			}
			a.trans[int(cur)*len(d.reps)+e] = next
		}
		if next == dfaDead {
			return false, true
		}
		cur = next
		pos += w
		m.work++
	}
	x := d.posOf[p.match]
	return a.sets[int(cur)*a.words+int(x>>6)]>>(x&63)&1 != 0, true
}

// dfaState returns the state of the set in a.tmp, made if new; dfaDead
// for the empty set, dfaUnknown past the budget.
func (m *machine) dfaState() int32 {
	a := m.dfa
	empty := true
	a.key = a.key[:0]
	for _, w := range a.tmp {
		if w != 0 {
			empty = false
		}
		for i := 0; i < 8; i++ {
			a.key = append(a.key, byte(w>>(8*i)))
		}
	}
	if empty {
		return dfaDead
	}
	if k, ok := a.index[string(a.key)]; ok {
		return k
	}
	n := len(a.sets) / a.words
	if n >= dfaStates {
		return dfaUnknown
	}
	a.index[string(a.key)] = int32(n)
	a.sets = append(a.sets, a.tmp...)
	for range m.p.dfa.reps {
		a.trans = append(a.trans, dfaUnknown)
	}
	return int32(n)
}

// dfaStep returns the state that the state cur goes to on a unit of the
// class e.
func (m *machine) dfaStep(cur int32, e int) int32 {
	p, d, a := m.p, m.p.dfa, m.dfa
	u := d.reps[e]
	clear(a.tmp)
	set := a.sets[int(cur)*a.words : int(cur+1)*a.words]
	for wi, word := range set {
		for word != 0 {
			b := word & -word
			word ^= b
			x := int32(wi*64 + bits.TrailingZeros64(b))
			m.work++
			pc := d.pcOf[x]
			in := &p.insts[pc]
			var to []int32
			switch in.op {
			case opUnit:
				if u == unit(in.arg) {
					to = d.eps[in.out]
				}
			case opClass, opCount:
				if p.classes[in.arg].has(u) {
					to = d.eps[in.out]
				}
			case opLit:
				l := &p.lits[in.arg]
				units := l.units
				if m.norm {
					units = l.nunit
				}
				i := d.unitOf[x]
				if units[i] == u {
					if int(i)+1 < len(units) {
						a.tmp[(x+1)>>6] |= 1 << ((x + 1) & 63)
					} else {
						to = d.eps[in.out]
					}
				}
			}
			for _, y := range to {
				a.tmp[y>>6] |= 1 << (y & 63)
			}
		}
	}
	return m.dfaState()
}
