package abba

import (
	"math"
	"slices"
	"testing"
	"time"
)

// A fakeClock stands for the machine: a pass of work advances it by the
// pass's cost, which a machine that slows down steadily (drift > 0)
// stretches by the time elapsed over drift.
type fakeClock struct {
	elapsed time.Duration
	drift   time.Duration
}

func (c *fakeClock) now() time.Time { return time.Unix(0, 0).Add(c.elapsed) }

// pass returns a Pass of the given cost that handles items items and
// counts its calls in calls.
func (c *fakeClock) pass(cost time.Duration, items int, calls *int) Pass {
	return func() int {
		*calls++
		if c.drift > 0 {
			cost := cost + time.Duration(float64(cost)*float64(c.elapsed)/float64(c.drift))
			c.elapsed += cost
			return items
		}
		c.elapsed += cost
		return items
	}
}

// TestMeasure: on a steady machine, A at 2 µs a pass of 4 items and B at
// 1 µs a pass of 1 item: slices of 1 ms are 500 passes of A and 1,000 of
// B (after a pass each to warm and one to calibrate), A takes 500 ns an
// item and half B's time, in every round.
func TestMeasure(t *testing.T) {
	c := &fakeClock{}
	var callsA, callsB int
	r := measure(c.now, c.pass(2*time.Microsecond, 4, &callsA), c.pass(time.Microsecond, 1, &callsB), 5, time.Millisecond)
	want := Result{NsPerItem: 500, Ratios: []float64{0.5, 0.5, 0.5, 0.5, 0.5}}
	if r.NsPerItem != want.NsPerItem || !slices.Equal(r.Ratios, want.Ratios) {
		t.Errorf("Measure = %+v, want %+v", r, want)
	}
	if callsA != 2+5*2*500 || callsB != 2+5*2*1000 {
		t.Errorf("%d passes of A and %d of B, want %d and %d", callsA, callsB, 2+5*2*500, 2+5*2*1000)
	}
	if c.elapsed != 4*time.Microsecond+5*4*time.Millisecond+2*time.Microsecond {
		t.Errorf("the measure took %v", c.elapsed)
	}
	if got, want := r.String(), "500 (0.50, 0.50–0.50)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

// TestMeasureDrift: on a machine that slows down steadily, its work
// stretched by the time elapsed over 40 ms, each round's A B B A cancels
// the drift: every ratio stays within 0.5% of the true 2, where A's
// times grow by half over the five rounds of about 4 ms of work. The time
// given is the middle round's: 2 µs stretched at its middle, after 10 ms
// of work, which took 40(e^(10/40) − 1) = 11.4 ms: 2.57 µs (the rounds
// before and after it give 2.32 and 2.84).
func TestMeasureDrift(t *testing.T) {
	c := &fakeClock{drift: 40 * time.Millisecond}
	var calls int
	r := measure(c.now, c.pass(2*time.Microsecond, 1, &calls), c.pass(time.Microsecond, 1, &calls), 5, time.Millisecond)
	for _, ratio := range r.Ratios {
		if math.Abs(ratio-2) > 0.01 {
			t.Errorf("ratio %.4f, want 2 within 0.5%%: %v", ratio, r.Ratios)
			break
		}
	}
	if !slices.IsSorted(r.Ratios) || len(r.Ratios) != 5 {
		t.Errorf("ratios %v, want five in order", r.Ratios)
	}
	if math.Abs(r.NsPerItem-2568) > 50 {
		t.Errorf("NsPerItem = %.0f, want the middle round's, about 2568", r.NsPerItem)
	}
}

// TestMeasureNoItems: a slice of passes that handle no item counts as
// one item (10 passes of 1 µs: 10 µs), and a pass that takes no time is
// calibrated as a microsecond; its slices of no time give ratios of
// +Inf, not a division by zero.
func TestMeasureNoItems(t *testing.T) {
	c := &fakeClock{}
	var callsA, callsB int
	r := measure(c.now, c.pass(time.Microsecond, 0, &callsA), c.pass(0, 1, &callsB), 3, 10*time.Microsecond)
	want := Result{NsPerItem: 10000, Ratios: []float64{math.Inf(1), math.Inf(1), math.Inf(1)}}
	if r.NsPerItem != want.NsPerItem || !slices.Equal(r.Ratios, want.Ratios) {
		t.Errorf("Measure = %+v, want %+v", r, want)
	}
	if callsA != 2+3*2*10 || callsB != 2+3*2*10 {
		t.Errorf("%d passes of A and %d of B, want %d each", callsA, callsB, 2+3*2*10)
	}
}

// TestMeasureBursts: a load that comes and goes makes A's slices take
// 1.5, 1, 1.4, 1.1 and 1.2 times their cost in the five rounds (after
// calibrating at 1): the ratios are sorted, and the time given is the
// median of the rounds', not the middle round's.
func TestMeasureBursts(t *testing.T) {
	c := &fakeClock{}
	load := []float64{1.5, 1, 1.4, 1.1, 1.2}
	callsA, callsB := 0, 0
	a := func() int {
		callsA++
		f := 1.0
		if callsA > 2 {
			f = load[(callsA-3)/(2*500)]
		}
		c.elapsed += time.Duration(f * 2000)
		return 1
	}
	r := measure(c.now, a, c.pass(time.Microsecond, 1, &callsB), 5, time.Millisecond)
	want := Result{NsPerItem: 2400, Ratios: []float64{2, 2.2, 2.4, 2.8, 3}}
	if r.NsPerItem != want.NsPerItem || !slices.EqualFunc(r.Ratios, want.Ratios, func(x, y float64) bool { return math.Abs(x-y) < 1e-9 }) {
		t.Errorf("Measure = %+v, want %+v", r, want)
	}
}

// TestMeasureLongPass: a slice shorter than a pass holds one pass.
func TestMeasureLongPass(t *testing.T) {
	c := &fakeClock{}
	var callsA, callsB int
	r := measure(c.now, c.pass(5*time.Microsecond, 1, &callsA), c.pass(10*time.Microsecond, 1, &callsB), 3, time.Microsecond)
	if callsA != 2+3*2 || callsB != 2+3*2 || r.NsPerItem != 5000 || r.Median() != 0.5 {
		t.Errorf("%d passes of A and %d of B, %+v; want %d each, 5000 ns and ratios of 0.5", callsA, callsB, r, 2+3*2)
	}
}

// TestResultString: the README's form, time and median ratio first, then
// the spread.
func TestResultString(t *testing.T) {
	r := Result{NsPerItem: 1234.4, Ratios: []float64{1.5, 2, 2.25, 3, 4.004}}
	if got, want := r.String(), "1234 (2.25, 1.50–4.00)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got := (Result{Ratios: []float64{1, 2, 3, 4}}).Median(); got != 3 {
		t.Errorf("Median of four = %v, want the upper middle 3", got)
	}
}
