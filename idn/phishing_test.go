package idn

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// TestPhishingCatchRate runs the checks on testdata/phishing.txt, hosts
// modeled on published homograph and look-alike attacks against 28
// brands, with the brands protected: every host not marked missed is
// caught (an error or a warning), at least 95% in all; and the names of
// TestSpoofingLegitimate, and the internationalized names among the top
// domains, are quiet with the same brands protected.
func TestPhishingCatchRate(t *testing.T) {
	f, err := os.Open("testdata/phishing.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var brands, hosts []string
	missed := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		text := sc.Text()
		if text == "" || text[0] == '#' {
			continue
		}
		if name, ok := strings.CutPrefix(text, "brand\t"); ok {
			brands = append(brands, name)
			continue
		}
		host, comment, _ := strings.Cut(text, "\t")
		hosts = append(hosts, host)
		missed[host] = strings.HasPrefix(comment, "# missed")
	}
	if len(brands) != 28 || len(hosts) < 100 {
		t.Fatalf("%d brands, %d hosts: the file is not read right", len(brands), len(hosts))
	}
	c := Checker{Protect: NewProtected(brands)}
	caught, errors := 0, 0
	for _, h := range hosts {
		issues := c.CheckHost(h)
		if (len(issues) > 0) == missed[h] {
			t.Errorf("CheckHost(%q) = %q; marked missed: %v", h, codesOf(issues), missed[h])
		}
		if len(issues) > 0 {
			caught++
		}
		for _, i := range issues {
			if !i.Warning {
				errors++
				break
			}
		}
	}
	if rate := float64(caught) / float64(len(hosts)); rate < 0.95 {
		t.Errorf("caught %d of %d (%.1f%%), want 95%% or more", caught, len(hosts), 100*rate)
	}
	t.Logf("caught %d of %d phishing hosts (%d with an error, the others with a warning only)", caught, len(hosts), errors)

	// Legitimate names stay quiet, the brands protected.
	quiet, checked := 0, 0
	for _, h := range append(legitimateNames(), topDomainIDNs()...) {
		checked++
		issues := c.CheckHost(h)
		if h == "\u0430\u0440\u0440\u04cf\u0435.ru" {
			// аррӏе.ru, Cyrillic at home under .ru, is apple.com's own
			// label under another suffix: a warning, which a caller that
			// protects apple.com may heed.
			if got := codesOf(issues); len(got) != 1 || got[0] != "idn-protected-other-tld" {
				t.Errorf("CheckHost(аррӏе.ru) with apple.com protected = %q", got)
			}
			continue
		}
		if issues == nil {
			quiet++
		} else {
			t.Errorf("CheckHost(%q) = %v on a legitimate name", h, issues)
		}
	}
	t.Logf("%d of %d legitimate names quiet (аррӏе.ru warned of, as meant)", quiet, checked)
}

// topDomainIDNs returns the names of the top domains in punycode:
// internationalized names in real use.
func topDomainIDNs() []string {
	var names []string
	for line := range strings.SplitSeq(topDomainsList, "\n") {
		if strings.Contains(line, "xn--") {
			names = append(names, line)
		}
	}
	return names
}
