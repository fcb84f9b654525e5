package iri

import (
	"errors"
	"fmt"
	"strings"

	"github.com/iri-go/iri/internal/ascii"
	"github.com/iri-go/iri/internal/hostname"
)

// The rules of DNS names (RFC 1035, section 2.3.4; RFC 5891, section
// 4.2.3.1), in one place: Check reports them, the conversions refuse a
// name that breaks them, the tag scheme's names (RFC 4151) keep them, and
// scanHost's fast path, which tells the names that keep them in the same
// pass as it classifies their bytes, is held to them by a test.

// walkDNSName calls broken for each rule of DNS names the ASCII name
// breaks: once when the name is over 253 octets, and for each label that
// is empty, over 63 octets, or starts or ends with a hyphen. A final dot
// is the root, not an empty label.
func walkDNSName(ascii string, broken func(code problemCode, label string)) {
	name := strings.TrimSuffix(ascii, ".")
	if len(name) > 253 {
		broken(codeDNSNameLength, name)
	}
	for label := range strings.SplitSeq(name, ".") {
		switch {
		case label == "":
			broken(codeDNSEmptyLabel, label)
		case len(label) > 63:
			broken(codeDNSLabelLength, label)
		case label[0] == '-' || label[len(label)-1] == '-':
			broken(codeDNSHyphen, label)
		}
	}
}

// dnsNameMessage says in words how label (or the name, for its length)
// breaks the rule of code.
func dnsNameMessage(code problemCode, ascii, label string) string {
	switch code {
	case codeDNSNameLength:
		return fmt.Sprintf("the host name has %d octets, more than 253 (RFC 1035)", len(label))
	case codeDNSEmptyLabel:
		return fmt.Sprintf("%s has an empty label (RFC 1035)", hostname.Quote(ascii))
	case codeDNSLabelLength:
		return fmt.Sprintf("a label of %s has %d octets, more than 63 (RFC 1035)", hostname.Quote(ascii), len(label))
	default:
		return fmt.Sprintf("the label %s starts or ends with a hyphen (RFC 5891, section 4.2.3.1)", hostname.Quote(label))
	}
}

// checkDNSName reports the rules of DNS names a host in ASCII breaks.
func checkDNSName(ascii string, off int, add addFunc) {
	walkDNSName(ascii, func(code problemCode, label string) {
		add(code, "ihost", off, "%s", dnsNameMessage(code, ascii, label))
	})
}

// dnsNameError returns hostError's *ParseError when the ASCII form of a DNS host
// breaks a rule of DNS names, which Check reports as an error: the
// conversions and Check apply one rule.
func dnsNameError(host, ascii string) error {
	if ascii == "" || ascii[0] == '[' {
		return nil
	}
	if _, plain := scanHost(ascii); plain {
		return nil
	}
	var first string
	walkDNSName(ascii, func(code problemCode, label string) {
		if first == "" && problemTable[code].severity == SeverityError {
			first = dnsNameMessage(code, ascii, label)
		}
	})
	if first == "" {
		return nil
	}
	return hostError(host, errors.New(first))
}

// isDNSName reports whether s is a DNS name of letters, digits and
// hyphens, as RFC 4151 (and RFC 1035) write them, with no final dot.
func isDNSName(s string) bool {
	if s == "" || strings.HasSuffix(s, ".") {
		return false
	}
	for label := range strings.SplitSeq(s, ".") {
		if !ascii.IsLDHLabel(label) {
			return false
		}
	}
	ok := true
	walkDNSName(s, func(problemCode, string) { ok = false })
	return ok
}
