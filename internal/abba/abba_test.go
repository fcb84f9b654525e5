package abba

import (
	"strings"
	"testing"
	"time"
)

// TestMeasure: an operation that does twice the work of another measures
// about twice its time, and the result formats as the README prints it.
func TestMeasure(t *testing.T) {
	work := func(n int) Pass {
		return func() int {
			s := 0
			for k := range n * 1000 {
				s += k % 7
			}
			sink += s
			return 1
		}
	}
	r := Measure(work(200), work(100), 5, 2*time.Millisecond)
	if m := r.Median(); m < 1.1 || m > 5 {
		t.Errorf("twice the work measures %.2f times", m)
	}
	if len(r.Ratios) != 5 || r.Ratios[0] > r.Ratios[4] || r.NsPerItem <= 0 {
		t.Errorf("result %+v", r)
	}
	if s := r.String(); !strings.Contains(s, " (") || !strings.Contains(s, "–") {
		t.Errorf("String() = %q", s)
	}
}

var sink int
