package iri

import (
	"bufio"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/iri-go/iri/internal/hostname"
	"golang.org/x/net/idna"
)

// TestIdnaTestV2 runs UTS #46's conformance suite for Unicode 17.0
// (testdata/unicode-17.0.0/IdnaTestV2.txt) against the IDNA conversion of
// hosts and Check, under every Go release. The package converts with
// idna.Lookup's flags (UseSTD3ASCIIRules, CheckHyphens, CheckBidi and
// CheckJoiners true, nontransitional) and holds converted names to the
// lengths of DNS (VerifyDnsLength), a final dot being the root's; it
// leaves ASCII names without punycode labels as written, under the rules
// of DNS only. Each case whose source is the host of an IRI is one of:
//   - an ASCII name that DNS allows, which ToURIWithIDNA leaves as it is;
//   - a name the suite converts without error (once the lengths of DNS
//     are judged as above): ToURIWithIDNA gives its toAsciiN, ToUnicode
//     of that its toUnicode, and Check reports no "idna" or "dns-"
//     problem;
//   - a name the suite refuses: ToURIWithIDNA fails with a *HostError and
//     Check reports an "idna" or "dns-" problem.
func TestIdnaTestV2(t *testing.T) {
	f, err := os.Open("testdata/unicode-17.0.0/IdnaTestV2.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var notHosts, ascii, converted, refused int
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text, _, _ := strings.Cut(sc.Text(), "#")
		if strings.TrimSpace(text) == "" {
			continue
		}
		c := parseIdnaTestLine(t, line, text)
		i, err := Parse("http://" + c.source + "/")
		if err != nil || c.source == "" || i.Host() != c.source {
			notHosts++
			continue
		}
		u, convErr := i.ToURIWithIDNA()
		problems := i.Check()
		hostProblem := slices.ContainsFunc(problems, func(p Problem) bool {
			return p.Code == string(codeIdna) || strings.HasPrefix(p.Code, "dns-")
		})
		if c.refused(indexNonASCII(c.source) < 0 && !hostname.HasPunycodeLabel(c.source)) {
			refused++
			if convErr == nil || !hostProblem {
				t.Errorf("line %d: %q: the suite refuses it (%v); ToURIWithIDNA = %q, %v; Check = %v", line, c.source, c.status, u.Host(), convErr, problems)
			}
			continue
		}
		if indexNonASCII(c.source) < 0 && !hostname.HasPunycodeLabel(c.source) {
			ascii++
			if convErr != nil || u.Host() != strings.ToLower(c.source) || hostProblem {
				t.Errorf("line %d: ToURIWithIDNA of the ASCII host %q = %q, %v; want it lowercased; Check = %v", line, c.source, u.Host(), convErr, problems)
			}
			continue
		}
		converted++
		if convErr != nil || u.Host() != c.toASCII || hostProblem {
			t.Errorf("line %d: ToURIWithIDNA(%q) = %q, %v, want %q; Check = %v", line, c.source, u.Host(), convErr, c.toASCII, problems)
			continue
		}
		if uni, err := hostname.ToUnicode(idna.Lookup, c.toASCII); uni != c.toUnicode || err != nil {
			t.Errorf("line %d: ToUnicode(%q) = %q, %v; want %q", line, c.toASCII, uni, err, c.toUnicode)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if converted < 400 || refused < 4000 {
		t.Errorf("only %d names converted and %d refused: the file is not read right", converted, refused)
	}
	t.Logf("IdnaTestV2 17.0 under x/net/idna's Unicode %s tables: %d names converted and %d refused as the suite says; %d ASCII names lowercased; %d sources are not IRI hosts",
		idna.UnicodeVersion, converted, refused, ascii, notHosts)
}

// An idnaTestCase is a line of IdnaTestV2.txt: a source, its toUnicode,
// and its nontransitional toASCII with its status codes.
type idnaTestCase struct {
	source, toUnicode, toASCII string
	status                     []string
}

// refused reports whether the package refuses the name: a status of the
// suite but for those of DNS lengths, which the package judges on the
// toASCII result with the root's final dot allowed. Of a plain ASCII name
// the package judges only the rules of DNS: lengths, and hyphens at the
// ends of labels (V3), not the other rules of IDNA on ASCII (U1, V2).
func (c idnaTestCase) refused(plainASCII bool) bool {
	for _, s := range c.status {
		switch {
		case s == "A4_1" || s == "A4_2" || s == "X4_2":
		case plainASCII && s != "V3":
		default:
			return true
		}
	}
	name := strings.TrimSuffix(c.toASCII, ".")
	if name == "" || len(name) > 253 {
		return true
	}
	for label := range strings.SplitSeq(name, ".") {
		if label == "" || len(label) > 63 {
			return true
		}
	}
	return false
}

// parseIdnaTestLine reads the columns of a line: source; toUnicode;
// toUnicodeStatus; toAsciiN; toAsciiNStatus; ... A blank toUnicode is the
// source, a blank toAsciiN the toUnicode, a blank toAsciiNStatus the
// toUnicodeStatus.
func parseIdnaTestLine(t *testing.T, line int, text string) idnaTestCase {
	cols := strings.Split(text, ";")
	if len(cols) < 5 {
		t.Fatalf("line %d: %d columns", line, len(cols))
	}
	field := func(k int) (string, bool) {
		s := strings.TrimSpace(cols[k])
		if s == "" {
			return "", false
		}
		if s == `""` {
			return "", true
		}
		return unescapeIdnaTest(t, line, s), true
	}
	var c idnaTestCase
	c.source, _ = field(0)
	var ok bool
	if c.toUnicode, ok = field(1); !ok {
		c.toUnicode = c.source
	}
	if c.toASCII, ok = field(3); !ok {
		c.toASCII = c.toUnicode
	}
	status := strings.TrimSpace(cols[4])
	if status == "" {
		status = strings.TrimSpace(cols[2])
	}
	for s := range strings.SplitSeq(strings.Trim(status, "[]"), ",") {
		if s = strings.TrimSpace(s); s != "" {
			c.status = append(c.status, s)
		}
	}
	return c
}

// unescapeIdnaTest replaces the file's escapes \uXXXX and \x{X...} with
// the characters they stand for.
func unescapeIdnaTest(t *testing.T, line int, s string) string {
	var b strings.Builder
	for s != "" {
		var hex string
		switch {
		case strings.HasPrefix(s, `\u`) && len(s) >= 6:
			hex, s = s[2:6], s[6:]
		case strings.HasPrefix(s, `\x{`):
			end := strings.IndexByte(s, '}')
			if end < 0 {
				t.Fatalf("line %d: %q", line, s)
			}
			hex, s = s[3:end], s[end+1:]
		default:
			b.WriteByte(s[0])
			s = s[1:]
			continue
		}
		r, err := strconv.ParseUint(hex, 16, 32)
		if err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		b.WriteRune(rune(r))
	}
	return b.String()
}
