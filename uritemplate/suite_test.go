package uritemplate

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// suiteGroup is a group of cases of uritemplate-test (testdata/uritemplate-test).
type suiteGroup struct {
	Level     int            `json:"level"`
	Variables map[string]any `json:"variables"`
	Testcases [][2]any       `json:"testcases"`
}

// TestSuite runs every case of the community suite uritemplate-test: an
// expected string must be the expansion, a list holds the acceptable
// expansions, false means Parse or Expand fails. It runs twice: with the
// numbers of the JSON as float64, and as json.Number.
func TestSuite(t *testing.T) {
	for _, useNumber := range []bool{false, true} {
		runSuite(t, useNumber)
	}
}

func runSuite(t *testing.T, useNumber bool) {
	files := []string{"spec-examples.json", "spec-examples-by-section.json", "extended-tests.json", "negative-tests.json"}
	total, passed := 0, 0
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join("testdata", "uritemplate-test", f))
		if err != nil {
			t.Fatal(err)
		}
		var groups map[string]suiteGroup
		dec := json.NewDecoder(bytes.NewReader(data))
		if useNumber {
			dec.UseNumber()
		}
		if err := dec.Decode(&groups); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for name, g := range groups {
			for _, tc := range g.Testcases {
				total++
				tmpl := tc[0].(string)
				got, err := expandString(tmpl, g.Variables)
				ok := false
				switch want := tc[1].(type) {
				case bool:
					ok = err != nil
				case string:
					ok = err == nil && got == want
				case []any:
					ok = err == nil && slices.Contains(want, any(got))
				}
				if ok {
					passed++
				} else {
					t.Errorf("%s: %s: %q: got %q, %v; want %v", f, name, tmpl, got, err, tc[1])
				}
			}
		}
	}
	t.Logf("uritemplate-test (json.Number %v): %d of %d cases pass", useNumber, passed, total)
}

func expandString(s string, vars map[string]any) (string, error) {
	tm, err := Parse(s)
	if err != nil {
		return "", err
	}
	return tm.Expand(vars)
}
