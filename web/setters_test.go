package web

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// setterTest is a case of the Web Platform Tests' setters_tests.json: a
// URL, a value given to one setter, and the getters' results after.
type setterTest struct {
	Comment  string            `json:"comment"`
	Href     string            `json:"href"`
	NewValue string            `json:"new_value"`
	Expected map[string]string `json:"expected"`
}

// TestSettersSuite runs setters_tests.json: after each setter, the href
// and every getter the case names.
func TestSettersSuite(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "wpt", "setters_tests.json"))
	if err != nil {
		t.Fatal(err)
	}
	var suites map[string]json.RawMessage
	if err := json.Unmarshal(data, &suites); err != nil {
		t.Fatal(err)
	}
	setters := map[string]func(URL, string) URL{
		"protocol": URL.WithProtocol, "username": URL.WithUsername, "password": URL.WithPassword,
		"host": URL.WithHost, "hostname": URL.WithHostname, "port": URL.WithPort,
		"pathname": URL.WithPathname, "search": URL.WithSearch, "hash": URL.WithHash,
	}
	getters := map[string]func(URL) string{
		"href":     URL.String,
		"protocol": func(u URL) string { return u.Scheme() + ":" },
		"username": URL.Username, "password": URL.Password,
		"host": URL.Host, "hostname": URL.Hostname, "port": URL.Port,
		"pathname": URL.Path, "search": URL.Search, "hash": URL.Hash,
	}
	passed, total := 0, 0
	for name, raw := range suites {
		set, ok := setters[name]
		if !ok {
			continue // "comment", and "href", which is Parse
		}
		var cases []setterTest
		if err := json.Unmarshal(raw, &cases); err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			total++
			u, err := Parse(c.Href)
			if err != nil {
				t.Errorf("%s: Parse(%q): %v", name, c.Href, err)
				continue
			}
			got := set(u, c.NewValue)
			ok := true
			for getter, want := range c.Expected {
				if g := getters[getter](got); g != want {
					t.Errorf("%s: %q.With%s(%q): %s = %q, want %q (%s)", name, c.Href, name, c.NewValue, getter, g, want, c.Comment)
					ok = false
				}
			}
			if ok {
				passed++
			}
		}
	}
	t.Logf("setters_tests.json: %d/%d", passed, total)
}
