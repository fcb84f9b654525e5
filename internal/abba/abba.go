// Package abba measures how long one operation takes beside another on a
// shared, noisy machine: in adjacent slices of one run, A B B A, over
// several rounds. A drift of the machine's speed moves both sides of a
// round alike, so the ratio of a round holds where absolute times do not.
// The README's speed figures come from it, through tests that run when
// IRI_RATIOS is set. It times in CPU time where it can: on a machine
// others share, the time a slice waits for a processor is not the
// operation's.
package abba

import (
	"fmt"
	"slices"
	"time"
)

// A Pass runs an operation over its inputs once and returns how many
// items it handled.
type Pass func() int

// A Result is the outcome of Measure.
type Result struct {
	NsPerItem float64   // the median time of A, ns per item
	Ratios    []float64 // the ratio A/B of each round, sorted
}

// Median returns the median ratio.
func (r Result) Median() float64 { return r.Ratios[len(r.Ratios)/2] }

// String formats the result as "A ns (median, min–max)".
func (r Result) String() string {
	return fmt.Sprintf("%.0f (%.2f, %.2f–%.2f)", r.NsPerItem, r.Median(), r.Ratios[0], r.Ratios[len(r.Ratios)-1])
}

// Measure runs rounds of A B B A slices of about slice each and returns
// the time of a and the ratios of a to b. Time is the CPU time of the
// process where the system tells it (Unix: getrusage), so that the time
// the machine gives to other programs does not count; elsewhere, the time
// of the clock on the wall.
func Measure(a, b Pass, rounds int, slice time.Duration) Result {
	return measure(processTime, a, b, rounds, slice)
}

// measure is Measure on the clock now, which its test drives.
func measure(now func() time.Time, a, b Pass, rounds int, slice time.Duration) Result {
	passesA, passesB := calibrate(now, a, slice), calibrate(now, b, slice)
	run := func(f Pass, passes int) float64 {
		start := now()
		items := 0
		for range passes {
			items += f()
		}
		return float64(now().Sub(start).Nanoseconds()) / float64(max(items, 1))
	}
	res := Result{Ratios: make([]float64, rounds)}
	times := make([]float64, rounds)
	for k := range rounds {
		a1 := run(a, passesA)
		b1 := run(b, passesB)
		b2 := run(b, passesB)
		a2 := run(a, passesA)
		res.Ratios[k] = (a1 + a2) / (b1 + b2)
		times[k] = (a1 + a2) / 2
	}
	slices.Sort(res.Ratios)
	slices.Sort(times)
	res.NsPerItem = times[rounds/2]
	return res
}

// calibrate returns how many passes of f take about d on the clock now.
func calibrate(now func() time.Time, f Pass, d time.Duration) int {
	f() // warm the caches
	start := now()
	f()
	return max(1, int(d/max(now().Sub(start), time.Microsecond)))
}
