package uritemplate

import (
	"strings"
	"unicode/utf8"
)

// The machine runs a program over an input, as Thompson's construction
// runs an automaton: every thread advances by the same unit at once, and
// two threads in the same instruction at the same place are one, so the
// work is the input's length times the threads alive, which the program
// bounds. Literals are read whole, each with the string search of Knuth,
// Morris and Pratt fed once over the input (litAt), so that a thread may
// wait at a literal while others go on.
//
// Which of two threads in the same instruction survives is the reading
// Match documents: the first variable, in the order of the template, at
// which their readings differ is defined in the one that survives, or
// both define it and that one's text ends first (less). Two threads that
// agree on every variable so far are at the same place in the input and
// have the same future: keeping one loses nothing. Inside a prefix, a
// thread that read fewer characters may go further, so there it is one
// thread per instruction and count (insert).
//
// Before the machine, track follows one thread at a time, backtracking,
// which is cheaper where the ways on are few; and accepts, the automaton
// made deterministic, refuses at once what nothing matches.

// A node records where the text of a varspec starts and ends. The nodes
// of a reading are a chain, the latest first, shared by the threads that
// agree on them and counted, so that a thread costs no copy of them.
type node struct {
	v          int32 // the index of the varspec
	prev       int32 // the node of the previous variable defined, or -1
	refs       int32
	start, end int
}

// A thread is a way through the program: the instruction it is at, and
// the texts its reading has given the variables so far.
type thread struct {
	pc     int32
	count  int32 // characters of a prefix read
	hist   int32 // its latest node, or -1
	vstart int   // where the text of the varspec being read starts
}

// A threadList is a sparse set of threads by instruction.
type threadList struct {
	dense  []thread
	sparse []int32
	counts countTable // of the instructions of prefixes
	// The first reading at each junction (program.junction).
	jstamp []uint32
	jhist  []int32
	jset   []int32
	jgen   uint32
}

// clear empties l, whose threads were released.
func (m *machine) clear(l *threadList) {
	for _, pc := range l.jset {
		m.release(l.jhist[pc])
	}
	l.empty()
}

// empty empties l, without releasing what it holds.
func (l *threadList) empty() {
	l.dense = l.dense[:0]
	if l.counts.n > 0 {
		l.counts.clear()
	}
	l.jset = l.jset[:0]
	if l.jgen++; l.jgen == 0 {
		clear(l.jstamp)
		l.jgen = 1
	}
}

// A landing is a thread that read a literal ending at pos.
type landing struct {
	pos int
	t   thread
}

// A litState is where the search for a literal stands: the units fed
// since the search (re)started, and the answer to the last query.
type litState struct {
	qpos, qend int   // the last query, and the end of the literal there, or -1
	fed        int   // where the next unit to feed starts
	k          int32 // units of the literal matched before fed
	nfed       int   // units fed
	ring       []int // where each of the last len(units) units fed starts
	occ, occ2  int   // the start and end of the last occurrence found
	direct     int   // the end of the last direct comparison
}

// A machine holds what matching the program against an input needs: the
// input, the threads and their nodes, the searches for literals, the
// backtracking matcher's choices and the deterministic automaton's states.
// A program keeps its machines for the next Match (get, put).
type machine struct {
	p            *program
	s            string
	norm         bool
	nodes        []node
	free         int32
	lists        [2]threadList
	clist, nlist *threadList
	heap         []landing
	stack        []thread
	gen          []uint32
	curGen       uint32
	lits         []litState
	work         int  // units read by threads and searches, for tests
	noTrack      bool // for tests: the machine from the start
	trail        []trailEntry
	choices      []choice
	lazy         lazyClosures
	dfa          *dfa
	spans        [][2]int
	best         []int32
	buf          []byte
}

func newMachine(p *program) *machine {
	m := &machine{p: p, gen: make([]uint32, len(p.insts)), lits: make([]litState, len(p.lits))}
	m.spans = make([][2]int, p.nspecs)
	m.best = make([]int32, 0, p.names)
	for i := range m.lists {
		l := &m.lists[i]
		l.sparse = make([]int32, len(p.insts))
		l.jstamp = make([]uint32, len(p.insts))
		l.jhist = make([]int32, len(p.insts))
		l.jgen = 1
	}
	m.clist, m.nlist = &m.lists[0], &m.lists[1]
	for i := range m.lits {
		m.lits[i].ring = make([]int, len(p.lits[i].units))
	}
	return m
}

// get returns a machine for p: the one kept aside, else one from its
// pool, else a new one.
func (p *program) get() *machine {
	if m := p.spare.Swap(nil); m != nil {
		return m
	}
	if m, ok := p.pool.Get().(*machine); ok {
		return m
	}
	return newMachine(p)
}

func (p *program) put(m *machine) {
	m.s = ""
	if !p.spare.CompareAndSwap(nil, m) {
		p.pool.Put(m)
	}
}

func (m *machine) reset(s string, norm bool) {
	m.s, m.norm = s, norm
	m.work = 0
	if m.lazy.stamp != nil {
		m.lazy.targets, m.lazy.empties = m.lazy.targets[:0], m.lazy.empties[:0]
		if m.lazy.gen++; m.lazy.gen == 0 {
			clear(m.lazy.stamp)
			m.lazy.gen = 1
		}
	}
	m.nodes = m.nodes[:0]
	m.free = -1
	m.clist.empty()
	m.nlist.empty()
	m.heap = m.heap[:0]
}

// resetLits makes the searches for literals start afresh.
func (m *machine) resetLits() {
	for i := range m.lits {
		l := &m.lits[i]
		l.qpos, l.fed, l.k, l.nfed, l.occ, l.direct = -1, 0, 0, 0, -1, 0
	}
}

func (m *machine) ref(h int32) {
	if h >= 0 {
		m.nodes[h].refs++
	}
}

func (m *machine) release(h int32) {
	for h >= 0 {
		n := &m.nodes[h]
		if n.refs--; n.refs > 0 {
			return
		}
		prev := n.prev
		n.prev = m.free
		m.free = h
		h = prev
	}
}

// push records the text s[start:end] of the varspec v after the chain
// prev, whose reference it takes.
func (m *machine) push(v int32, start, end int, prev int32) int32 {
	h := m.free
	if h >= 0 {
		m.free = m.nodes[h].prev
	} else {
		h = int32(len(m.nodes))
		m.nodes = append(m.nodes, node{})
	}
	m.nodes[h] = node{v: v, prev: prev, refs: 1, start: start, end: end}
	return h
}

// less reports whether the reading a comes before b, two readings of the
// same varspecs: at the first varspec where they differ, a defines it and
// b does not, or both do and a's text ends first.
func (m *machine) less(a, b int32) bool {
	res := 0
	for a != b {
		va, vb := int32(-1), int32(-1)
		if a >= 0 {
			va = m.nodes[a].v
		}
		if b >= 0 {
			vb = m.nodes[b].v
		}
		switch {
		case va > vb:
			res = -1
			a = m.nodes[a].prev
		case vb > va:
			res = 1
			b = m.nodes[b].prev
		default:
			na, nb := &m.nodes[a], &m.nodes[b]
			if na.end != nb.end {
				res = 1
				if na.end < nb.end {
					res = -1
				}
			}
			a, b = na.prev, nb.prev
		}
	}
	return res < 0
}

// add adds t, at pos, and the threads that follow from it without reading
// to l. A thread that comes to an instruction this call has already
// visited stops: the instructions' order of alternatives makes the first
// visit the first reading.
func (m *machine) add(l *threadList, t thread, pos int) {
	m.curGen++
	if m.curGen == 0 {
		clear(m.gen)
		m.curGen = 1
	}
	stack := append(m.stack[:0], t)
	for len(stack) > 0 {
		t := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for {
			m.work++
			if m.gen[t.pc] == m.curGen {
				m.release(t.hist)
				break
			}
			m.gen[t.pc] = m.curGen
			if m.p.junction[t.pc] && !m.junction(l, t) {
				break
			}
			in := &m.p.insts[t.pc]
			switch in.op {
			case opSplit:
				m.ref(t.hist)
				u := t
				u.pc = in.out1
				stack = append(stack, u)
				t.pc = in.out
				continue
			case opStart:
				t.vstart, t.count, t.pc = pos+int(in.out1), 0, in.out
				continue
			case opEnd:
				t.hist = m.push(in.arg, t.vstart, pos, t.hist)
				t.count, t.pc = 0, in.out
				continue
			}
			m.insert(l, t)
			break
		}
	}
	m.stack = stack
}

// junction reports whether t, at the start of a part of the template,
// goes on: unless a thread of l came there first in the order of
// readings. Threads at the start of a part at the same place have the
// same future, so that the ways from there are followed once for the
// first of them, not once for each.
func (m *machine) junction(l *threadList, t thread) bool {
	if l.jstamp[t.pc] == l.jgen {
		h := l.jhist[t.pc]
		if !m.less(t.hist, h) {
			m.release(t.hist)
			return false
		}
		m.release(h)
	} else {
		l.jstamp[t.pc] = l.jgen
		l.jset = append(l.jset, t.pc)
	}
	m.ref(t.hist)
	l.jhist[t.pc] = t.hist
	return true
}

// insert adds t to l unless a thread in the same instruction comes first
// in the order of readings, which t otherwise replaces. In a prefix,
// where threads that read fewer characters may go further, it is one
// thread per instruction and count, and a thread that comes after the
// instruction's first and has read no fewer characters than it is
// dropped.
func (m *machine) insert(l *threadList, t thread) {
	i := l.sparse[t.pc]
	if int(i) >= len(l.dense) || l.dense[i].pc != t.pc {
		l.sparse[t.pc] = int32(len(l.dense))
		if m.p.counting[t.pc] {
			l.counts.put(t.pc, t.count, int32(len(l.dense)))
		}
		l.dense = append(l.dense, t)
		return
	}
	e := &l.dense[i]
	if !m.p.counting[t.pc] {
		if m.less(t.hist, e.hist) {
			m.release(e.hist)
			*e = t
		} else {
			m.release(t.hist)
		}
		return
	}
	if e.count <= t.count && !m.less(t.hist, e.hist) {
		m.release(t.hist)
		return
	}
	if j := l.counts.get(t.pc, t.count); j >= 0 {
		if e := &l.dense[j]; m.less(t.hist, e.hist) {
			m.release(e.hist)
			*e = t
		} else {
			m.release(t.hist)
		}
		return
	}
	l.counts.put(t.pc, t.count, int32(len(l.dense)))
	l.dense = append(l.dense, t)
}

// A countTable maps an instruction and a count to a thread of a list: an
// open-addressing hash table, emptied by a new generation.
type countTable struct {
	keys  []int64
	vals  []int32
	stamp []uint32
	gen   uint32
	n     int
}

func (c *countTable) clear() {
	c.gen++
	c.n = 0
	if c.gen == 0 {
		clear(c.stamp)
		c.gen = 1
	}
}

func (c *countTable) get(pc, count int32) int32 {
	if len(c.keys) == 0 {
		return -1
	}
	k := int64(pc)<<32 | int64(count)
	mask := len(c.keys) - 1
	for h := int(uint64(k)*0x9E3779B97F4A7C15>>40) & mask; ; h = (h + 1) & mask {
		if c.stamp[h] != c.gen {
			return -1
		}
		if c.keys[h] == k {
			return c.vals[h]
		}
	}
}

func (c *countTable) put(pc, count, v int32) {
	if 2*(c.n+1) > len(c.keys) {
		c.grow()
	}
	k := int64(pc)<<32 | int64(count)
	mask := len(c.keys) - 1
	h := int(uint64(k)*0x9E3779B97F4A7C15>>40) & mask
	for c.stamp[h] == c.gen {
		h = (h + 1) & mask
	}
	c.keys[h], c.vals[h], c.stamp[h] = k, v, c.gen
	c.n++
}

func (c *countTable) grow() {
	old := *c
	size := max(16, 2*len(c.keys))
	c.keys, c.vals, c.stamp = make([]int64, size), make([]int32, size), make([]uint32, size)
	c.gen, c.n = 1, 0
	for i, st := range old.stamp {
		if st == old.gen {
			c.put(int32(old.keys[i]>>32), int32(old.keys[i]), old.vals[i])
		}
	}
}

func (m *machine) pushLanding(x landing) {
	h := append(m.heap, x)
	for i := len(h) - 1; i > 0; {
		p := (i - 1) / 2
		if h[p].pos <= h[i].pos {
			break
		}
		h[p], h[i] = h[i], h[p]
		i = p
	}
	m.heap = h
}

func (m *machine) popLanding() landing {
	h := m.heap
	x := h[0]
	n := len(h) - 1
	h[0] = h[n]
	h = h[:n]
	for i := 0; ; {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && h[c+1].pos < h[c].pos {
			c++
		}
		if h[i].pos <= h[c].pos {
			break
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
	m.heap = h
	return x
}

// run runs the program over m.s and reports whether it matches the
// whole input; m.spans then holds the texts of the first reading.
//
// It first follows one way at a time, backtracking (track), which finds
// the first reading at once when the template's expressions are told
// apart by what follows them, as they mostly are. Past a budget of work
// proportional to the input, it asks the deterministic automaton whether
// anything matches (accepts), and if it may, runs the machine, whose work
// is linear in the input whatever the template's ambiguities.
func (m *machine) run() bool {
	if ok, done := m.track(); done {
		return ok
	}
	if ok, decided := m.accepts(); decided && !ok {
		return false
	}
	hist, ok := m.vm(thread{pc: m.p.start, hist: -1}, 0)
	if !ok {
		return false
	}
	spans := m.spans
	for i := range spans {
		spans[i] = [2]int{-1, -1}
	}
	for ; hist >= 0; hist = m.nodes[hist].prev {
		n := &m.nodes[hist]
		spans[n.v] = [2]int{n.start, n.end}
	}
	return true
}

// A choice is a place where track may come back: the ways on from pc's
// closure at pos that it has not tried, from the target next.
type choice struct {
	pc, next, count int32
	trail           int32
	pos, vstart     int
}

// A trailEntry is the text of a varspec before track set it.
type trailEntry struct {
	v   int32
	old [2]int
}

// track runs the program as a backtracking matcher would: at each place,
// the ways on in the order of readings (the closures' order), the first
// that reads the next unit taken, the others kept to come back to. So the
// first match it finds is the first reading. It gives up (done false)
// past its budget, or at a choice between two ways of counting the
// characters of a prefix (a UTF-8 sequence as one character or as its
// octets), whose order is not that of the readings.
func (m *machine) track() (ok, done bool) {
	p, s, insts, classes := m.p, m.s, m.p.insts, m.p.classes
	spans := m.spans
	for i := range spans {
		spans[i] = [2]int{-1, -1}
	}
	trail, stack := m.trail[:0], m.choices[:0]
	pc, pos, vstart, count, from := p.start, 0, 0, int32(0), 0
	budget := 4*len(s) + 256
	if m.noTrack {
		budget = -1
	}
	for {
		if len(stack) == 0 && from == 0 {
			var matched bool
			if pc, pos, vstart, count, matched = m.straight(pc, pos, vstart, count, budget); matched {
				m.trail, m.choices = trail, stack
				return true, true
			}
		}
		ts, empties := p.closure[pc], p.empties
		if ts == nil {
			ts, empties = m.closureOf(pc)
		}
		if m.work > budget {
			m.trail, m.choices = trail, stack
			return false, false
		}
		m.work++
		var u unit
		w := 0
		next, end := -1, 0
		if pos < len(s) {
			if c := s[pos]; from == 0 && c < utf8.RuneSelf && c != '%' && p.firstOf[pc] >= 0 {
				// One look at the byte tells the only way on, if any
				// (straight, but for the trail).
				switch k := p.dispatch[p.firstOf[pc]][c]; {
				case k == -1:
					goto back
				case k == -3:
					if next, end = m.litAmong(ts, pos); next < 0 {
						goto back
					}
				case k >= 0:
					next, end = int(k), pos+1
					if ts[k].op == opLit {
						if t := p.lits[ts[k].arg].text; !m.norm && strings.HasPrefix(s[pos:], t) {
							end = pos + len(t) // written as in the template
							m.work += len(t)
							break
						}
						e, ok := m.litUnits(ts[k].arg, pos)
						if !ok {
							goto back
						}
						end = e
					}
				}
			}
			if next < 0 {
				u, w = unitAt(s, pos, m.norm)
			}
		}
		for i := from; next < 0 && i < len(ts); i++ {
			x := &ts[i]
			in := &insts[x.pc]
			ok := false
			e := pos + w
			switch in.op {
			case opMatch:
				ok = pos == len(s)
			case opUnit:
				ok = w > 0 && u == unit(in.arg)
			case opClass:
				ok = w > 0 && classes[in.arg].has(u)
			case opCount:
				c := count
				if x.reset {
					c = 0
				}
				ok = w > 0 && c < in.out1 && classes[in.arg].has(u)
			case opLit:
				e, ok = m.litUnits(in.arg, pos)
			}
			if !ok {
				continue
			}
			next, end = i, e
			// Another way on reads the unit too: come back to it.
			for j := i + 1; j < len(ts); j++ {
				if m.reads(&ts[j], count, pos, u, w) {
					if p.counting[x.pc] && p.counting[ts[j].pc] {
						m.trail, m.choices = trail, stack
						return false, false
					}
					stack = append(stack, choice{pc: pc, next: int32(j), count: count, trail: int32(len(trail)), pos: pos, vstart: vstart})
					break
				}
			}
		}
		if next < 0 {
			goto back
		}
		{
			x := &ts[next]
			// The texts set since the last choice are undone when coming
			// back to it; with no choice to come back to, none is kept.
			if x.end >= 0 {
				if len(stack) > 0 {
					trail = append(trail, trailEntry{x.end, spans[x.end]})
				}
				spans[x.end] = [2]int{vstart, pos}
			}
			if x.e1 > x.e0 {
				for _, v := range empties[x.e0:x.e1] {
					if len(stack) > 0 {
						trail = append(trail, trailEntry{v, spans[v]})
					}
					spans[v] = [2]int{pos, pos}
				}
			}
			if x.start >= 0 {
				vstart = pos + int(x.start)
			}
			if x.reset {
				count = 0
			}
			switch x.op {
			case opMatch:
				m.trail, m.choices = trail, stack
				return true, true
			case opCount:
				count++
			}
			pc, pos, from = x.out, end, 0
			if x.scn >= 0 {
				pos = m.scan(x.scn, pos)
			}
			continue
		}
	back:
		if len(stack) == 0 {
			m.trail, m.choices = trail, stack
			return false, true
		}
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for len(trail) > int(c.trail) {
			e := trail[len(trail)-1]
			spans[e.v] = e.old
			trail = trail[:len(trail)-1]
		}
		pc, pos, vstart, count, from = c.pc, c.pos, c.vstart, c.count, int(c.next)
	}
}

// straight is track where one look at the next byte tells the only way
// on (dispatch) and there is no choice to come back to, as it mostly is:
// it takes these ways, in a loop of its own that keeps what it needs in
// registers, and returns where track goes on, the ways on then being
// several or none, or to be read by units (a byte beyond ASCII, "%", a
// literal written otherwise than in the template); or matched, at the
// end of s where the template ends.
func (m *machine) straight(pc int32, pos, vstart int, count int32, budget int) (int32, int, int, int32, bool) {
	p, s := m.p, m.s
	for m.work <= budget {
		if pos == len(s) {
			// The end of the template, if it is a way on, is the first
			// that reads the end (a literal cannot), and the only one.
			if p.firstOf[pc] >= 0 {
				for i := range p.closure[pc] {
					if x := &p.closure[pc][i]; x.op == opMatch {
						m.work++
						m.record(x, vstart, pos)
						return pc, pos, vstart, count, true
					}
				}
			}
			break
		}
		c := s[pos]
		fo := p.firstOf[pc]
		if c >= utf8.RuneSelf || c == '%' || fo < 0 {
			break
		}
		ts := p.closure[pc]
		var x *target
		end := pos + 1
		switch k := p.dispatch[fo][c]; {
		case k >= 0:
			x = &ts[k]
			if x.op == opLit {
				t := p.lits[x.arg].text
				if m.norm || !strings.HasPrefix(s[pos:], t) {
					return pc, pos, vstart, count, false // track compares its units
				}
				end = pos + len(t)
				m.work += len(t)
			}
		case k == -3:
			i, e := m.litAmong(ts, pos)
			if i < 0 {
				return pc, pos, vstart, count, false
			}
			x, end = &ts[i], e
		default:
			return pc, pos, vstart, count, false
		}
		m.work++
		m.record(x, vstart, pos)
		if x.start >= 0 {
			vstart = pos + int(x.start)
		}
		if x.reset {
			count = 0
		}
		pc, pos = x.out, end
		if x.scn >= 0 {
			pos = m.scan(x.scn, pos)
		}
	}
	return pc, pos, vstart, count, false
}

// record sets the texts that the way x records when taken at pos: that of
// the variable it ends, begun at vstart, and the empty ones it passes.
// (track does the same, keeping the old texts while it may come back.)
func (m *machine) record(x *target, vstart, pos int) {
	if x.end >= 0 {
		m.spans[x.end] = [2]int{vstart, pos}
	}
	for _, v := range m.p.empties[x.e0:x.e1] {
		m.spans[v] = [2]int{pos, pos}
	}
}

// litAmong returns the target of ts, among its literals (of which one at
// most is at pos, none being the start of another), that is at pos and
// where it ends; or -1.
func (m *machine) litAmong(ts []target, pos int) (int, int) {
	for i := range ts {
		if ts[i].op == opLit {
			if e, ok := m.litUnits(ts[i].arg, pos); ok {
				return i, e
			}
		}
	}
	return -1, 0
}

// scan returns the end of the run of units of the scan k at pos: its
// ASCII characters at once, the rest unit by unit.
func (m *machine) scan(k int32, pos int) int {
	s, plain := m.s, &m.p.plain[k]
	start := pos
	for pos < len(s) && plain[s[pos]] {
		pos++
	}
	m.work += pos - start
	if pos < len(s) && (s[pos] >= utf8.RuneSelf || s[pos] == '%') {
		pos = m.scanRun(&m.p.scans[k], pos)
	}
	return pos
}

// closureOf returns the targets of pc that the program did not keep, and
// the empty texts they record, computed once per Match.
func (m *machine) closureOf(pc int32) ([]target, []int32) {
	l := &m.lazy
	if l.stamp == nil {
		n := len(m.p.insts)
		l.stamp, l.from, l.to, l.seen = make([]uint32, n), make([]int32, n), make([]int32, n), make([]int32, n)
		for i := range l.seen {
			l.seen[i] = -1
		}
		l.gen = 1
	}
	if l.stamp[pc] != l.gen {
		if l.mark++; l.mark < 0 {
			for i := range l.seen {
				l.seen[i] = -1
			}
			l.mark = 0
		}
		from := len(l.targets)
		l.targets, l.empties = m.p.walkClosure(pc, l.mark, l.seen, l.targets, l.empties)
		l.stamp[pc], l.from[pc], l.to[pc] = l.gen, int32(from), int32(len(l.targets))
		m.work += len(l.targets) - from
	}
	return l.targets[l.from[pc]:l.to[pc]], l.empties
}

// A lazyClosures holds the closures a machine computed in this Match.
type lazyClosures struct {
	stamp    []uint32 // by instruction: the generation of its closure
	from, to []int32  // by instruction: its closure in targets
	seen     []int32  // by instruction: the mark of the last walk
	gen      uint32   // of this Match
	mark     int32    // of the last walk
	targets  []target
	empties  []int32
}

// reads reports whether the target x reads the unit u (of length w, 0 at
// the end) at pos, with count characters of a prefix read.
func (m *machine) reads(x *target, count int32, pos int, u unit, w int) bool {
	in := &m.p.insts[x.pc]
	switch in.op {
	case opMatch:
		return w == 0
	case opUnit:
		return w > 0 && u == unit(in.arg)
	case opClass:
		return w > 0 && m.p.classes[in.arg].has(u)
	case opCount:
		if x.reset {
			count = 0
		}
		return w > 0 && count < in.out1 && m.p.classes[in.arg].has(u)
	}
	_, ok := m.litUnits(in.arg, pos)
	return ok
}

// scanRun returns the end of the run of units of cl at pos.
func (m *machine) scanRun(cl *class, pos int) int {
	s := m.s
	start := pos
	for pos < len(s) {
		if c := s[pos]; c < utf8.RuneSelf && c != '%' {
			if cl.ascii[c>>6]>>(c&63)&1 == 0 {
				break
			}
			pos++
			continue
		}
		u, w := unitAt(s, pos, m.norm)
		if !cl.has(u) {
			break
		}
		pos += w
	}
	m.work += pos - start
	return pos
}

// litUnits reports whether the literal k is at pos, comparing units, and
// where it ends.
func (m *machine) litUnits(k int32, pos int) (int, bool) {
	l := &m.p.lits[k]
	units, text := l.units, l.text
	if m.norm {
		units, text = l.nunit, l.norm
	}
	if strings.HasPrefix(m.s[pos:], text) {
		m.work += len(units)
		return pos + len(text), true
	}
	for _, want := range units {
		m.work++
		if pos >= len(m.s) {
			return 0, false
		}
		u, w := unitAt(m.s, pos, m.norm)
		if u != want {
			return 0, false
		}
		pos += w
	}
	return pos, true
}

// vm runs the machine from the thread t at pos, and returns the chain of
// the first reading that matches the whole input.
func (m *machine) vm(t thread, start int) (int32, bool) {
	s, insts, classes := m.s, m.p.insts, m.p.classes
	m.resetLits()
	m.add(m.clist, t, start)
	// solo is the thread of the last step's only transition, kept while
	// it may be a loop's that scan can run.
	solo := thread{pc: -1}
	for pos := start; ; {
		if len(m.heap) > 0 && m.heap[0].pos == pos {
			m.drop(&solo)
			for len(m.heap) > 0 && m.heap[0].pos == pos {
				x := m.popLanding()
				m.add(m.clist, x.t, pos)
			}
		}
		if solo.pc >= 0 {
			// The threads are the closure of solo, a loop's head, and no
			// landing is due: a run of the loop's units that no way out
			// reads is read at once.
			q := m.scanRun(&m.p.scans[m.p.scanOf[solo.pc]], pos)
			if q > pos && (len(m.heap) == 0 || m.heap[0].pos >= q) {
				for _, t := range m.clist.dense {
					m.release(t.hist)
				}
				m.clear(m.clist)
				pos = q
				m.add(m.clist, solo, pos)
				solo.pc = -1
				continue
			}
			m.drop(&solo)
		}
		if len(m.clist.dense) == 0 {
			if len(m.heap) == 0 {
				return -1, false
			}
			pos = m.heap[0].pos
			continue
		}
		if pos == len(s) {
			l := m.clist
			if i := l.sparse[m.p.match]; int(i) < len(l.dense) && l.dense[i].pc == m.p.match {
				return l.dense[i].hist, true
			}
			return -1, false
		}
		u, w := unitAt(s, pos, m.norm)
		m.work += len(m.clist.dense)
		moves := 0
		for i := range m.clist.dense {
			t := m.clist.dense[i]
			in := &insts[t.pc]
			switch in.op {
			case opUnit:
				if u == unit(in.arg) {
					t.pc = in.out
					moves = m.move(t, pos+w, moves, &solo)
					continue
				}
			case opClass:
				if classes[in.arg].has(u) {
					t.pc = in.out
					moves = m.move(t, pos+w, moves, &solo)
					continue
				}
			case opCount:
				if t.count < in.out1 && classes[in.arg].has(u) {
					t.pc = in.out
					t.count++
					moves = m.move(t, pos+w, moves, &solo)
					continue
				}
			case opLit:
				if end, ok := m.litAt(in.arg, pos); ok {
					t.pc = in.out
					m.pushLanding(landing{end, t})
					moves++
					continue
				}
			}
			m.release(t.hist)
		}
		if moves != 1 {
			m.drop(&solo)
		}
		m.clear(m.clist)
		m.clist, m.nlist = m.nlist, m.clist
		pos += w
	}
}

// move adds t, which read a unit, to the next list at pos, and keeps it as
// solo (with a reference of its own) when it is the step's first
// transition and the head of a loop that scan runs.
func (m *machine) move(t thread, pos, moves int, solo *thread) int {
	if moves == 0 && m.p.scanOf[t.pc] >= 0 {
		m.ref(t.hist)
		*solo = t
	} else {
		m.drop(solo)
	}
	m.add(m.nlist, t, pos)
	return moves + 1
}

// drop forgets solo.
func (m *machine) drop(solo *thread) {
	if solo.pc >= 0 {
		m.release(solo.hist)
		solo.pc = -1
	}
}

// litAt reports whether the literal k occurs at pos, and where it ends.
// Queries come in the order of the input: the search goes on from the
// previous one, and each unit of the input is fed at most once, unless a
// query comes past the units fed, when the search starts again there.
// Before a search starts, the literal's bytes are compared with the
// input's directly (the common case of a literal written as in the
// template), once for each stretch of the input as long as the literal.
func (m *machine) litAt(k int32, pos int) (int, bool) {
	ls := &m.lits[k]
	if ls.qpos == pos {
		return ls.qend, ls.qend >= 0
	}
	ls.qpos = pos
	l := &m.p.lits[k]
	units, pi, text := l.units, l.pi, l.text
	if m.norm {
		units, pi, text = l.nunit, l.npi, l.norm
	}
	if ls.fed <= pos {
		if pos >= ls.direct {
			ls.direct = pos + len(text)
			if strings.HasPrefix(m.s[pos:], text) {
				ls.qend = pos + len(text)
				return ls.qend, true
			}
		}
		if ls.fed < pos {
			ls.fed, ls.k, ls.nfed = pos, 0, 0
		}
	}
	n := int32(len(units))
	for {
		if ls.occ == pos {
			ls.qend = ls.occ2
			return ls.qend, true
		}
		earliest := ls.fed
		if ls.k > 0 {
			earliest = ls.ring[(ls.nfed-int(ls.k))%len(ls.ring)]
		}
		if earliest > pos || ls.fed >= len(m.s) {
			ls.qend = -1
			return -1, false
		}
		u, w := unitAt(m.s, ls.fed, m.norm)
		ls.ring[ls.nfed%len(ls.ring)] = ls.fed
		ls.nfed++
		ls.fed += w
		m.work++
		for ls.k > 0 && units[ls.k] != u {
			ls.k = pi[ls.k-1]
		}
		if units[ls.k] == u {
			ls.k++
		}
		if ls.k == n {
			ls.occ, ls.occ2 = ls.ring[(ls.nfed-int(n))%len(ls.ring)], ls.fed
			ls.k = pi[n-1]
		}
	}
}
