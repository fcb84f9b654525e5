package steps

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// TestStatements sums statements times counts over a profile's blocks,
// and refuses what is not a profile of mode count or may have wrapped.
func TestStatements(t *testing.T) {
	for _, tt := range []struct {
		profile string
		want    uint64
	}{
		{"mode: count\n", 0},
		{"mode: count\na/b.go:1.2,3.4 2 5\n", 10},
		{"mode: count\na/b.go:1.2,3.4 2 5\nC:/x/y.go:7.1,9.2 1 0\nz.go:1.1,1.9 3 7", 31},
		{"mode: count\nmy dir/a.go:1.1,2.1 1 2\n", 2},
		{"mode: count\na.go:1.1,2.1 4294967295 1\nb.go:1.1,2.1 1 2147483647\n", 1<<32 - 1 + 1<<31 - 1},
	} {
		if got, err := statements([]byte(tt.profile)); got != tt.want || err != nil {
			t.Errorf("statements(%q) = %d, %v; want %d", tt.profile, got, err, tt.want)
		}
	}
	for _, profile := range []string{
		"",
		"mode: set\na.go:1.1,2.1 1 1\n",
		"mode: atomic\na.go:1.1,2.1 1 1\n",
		"mode: count\na.go:1.1,2.1 1\n",
		"mode: count\na.go:1.1,2.1 1 1 1\n",
		"mode: count\na.go:1.1,2.1 x 1\n",
		"mode: count\na.go:1.1,2.1 1 -1\n",
		"mode: count\na.go:1.1,2.1 1 4294967296\n",
		"mode: count\na.go:1.1,2.1 4294967296 1\n",
	} {
		if got, err := statements([]byte(profile)); got != 0 || !errors.Is(err, errProfile) {
			t.Errorf("statements(%q) = %d, %v; want errProfile", profile, got, err)
		}
	}
	if got, err := statements([]byte("mode: count\na.go:1.1,2.1 1 2\nb.go:1.1,2.1 1 2147483648\n")); got != 0 || err == nil || !strings.Contains(err.Error(), "2147483648 times") || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("a count of 2^31 on line 3: %d, %v; want an error about a wrapping counter", got, err)
	}
	if _, err := statements([]byte("mode: count\na.go:1.1,2.1 1 2\nb.go 1 1\n")); err == nil || !strings.Contains(err.Error(), `line 3: "b.go 1 1"`) {
		t.Errorf("a line of two fields: %v; want an error naming line 3", err)
	}
}

// profile returns a profile of mode count with n blocks.
func profile(n int) []byte {
	var b strings.Builder
	b.WriteString("mode: count\n")
	for k := range n {
		fmt.Fprintf(&b, "f.go:%d.1,%d.9 1 %d\n", k+1, k+1, k)
	}
	return []byte(b.String())
}

// TestCounter counts the statements of statements, which executes the
// same statements for each block of a profile: the count is the same on
// every run and grows by the same number for each block more.
func TestCounter(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the tests again with counters")
	}
	if name, ok := Case(); ok {
		if name != "" {
			n, _ := strconv.Atoi(name)
			statements(profile(n))
		}
		return
	}
	c := NewCounter(t, "github.com/iri-go/iri/internal/steps")
	c10, c20, c100 := c.Count(t, "10"), c.Count(t, "20"), c.Count(t, "100")
	if again := c.Count(t, "10"); again != c10 {
		t.Errorf("10 blocks: %d statements, then %d", c10, again)
	}
	if c20 <= c10 || c100-c10 != 9*(c20-c10) {
		t.Errorf("statements for 10, 20 and 100 blocks: %d, %d, %d; not growing by the same number for each", c10, c20, c100)
	}
	if base := c.Count(t, ""); base != 0 {
		t.Errorf("no case: %d statements beyond the initialization's", base)
	}
}
