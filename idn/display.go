package idn

import (
	"fmt"
	"strings"

	"github.com/iri-go/iri/internal/ascii"
	"github.com/iri-go/iri/internal/hostname"
	"github.com/iri-go/iri/internal/punycode"
	"github.com/iri-go/iri/internal/ucs"
	"golang.org/x/net/idna"
)

// DisplayHost returns host, a DNS host name as written, as browsers show
// it under the policy that CheckHost applies: each label in Unicode where
// the policy accepts it, in punycode where it refuses it, and the reasons
// for the labels refused. It is Display's zero value's Host.
func DisplayHost(host string) (shown string, refused []string) {
	return Display{}.Host(host)
}

// A Display shows host names under the policy, with the choices of a
// converter. Its zero value shows them as DisplayHost does.
type Display struct {
	// IDNA is the profile of the conversions; nil means idna.Lookup.
	IDNA *idna.Profile

	// KeepPunycode leaves in punycode, as written, the punycode labels
	// the policy accepts, where Host otherwise shows them in Unicode: the
	// display of an IRI as written (the iri package's IRI.Display).
	KeepPunycode bool
}

// deviations are the characters that IDNA2008 and IDNA2003 map
// differently (UTS #46, section 4, "Deviations"): ß, ς, ZWNJ and ZWJ.
const deviations = "ß\u03C2\u200C\u200D"

// Host applies the display policy to the labels of a DNS host, converted
// with d's profile: a label the policy refuses is written in punycode, as
// browsers show it, a punycode label it accepts in Unicode unless
// KeepPunycode says otherwise, a label in Unicode as IDNA maps it (what
// the request reaches); every other label stays as written. A label with
// a deviation character stays in punycode, as Chromium shows it. It
// returns the host and why labels were refused. A host that needs no
// IDNA, is an IP literal, or holds percent-encoded octets is returned as
// written.
func (d Display) Host(host string) (shown string, refused []string) {
	if strings.IndexByte(host, '%') >= 0 || !hostname.NeedsIDNA(host) { // IP literals need no IDNA
		return host, nil
	}
	if len(host) > hostname.MaxText {
		return host, []string{"the host is too long for a DNS name"} // no DNS name: the policy stops
	}
	profile := d.IDNA
	if profile == nil {
		profile = idna.Lookup
	}
	labels := strings.Split(host, ".")
	// The Unicode form of each label, to judge.
	forms := make([]string, len(labels))
	asciiForms := make([]string, len(labels))
	for k, label := range labels {
		asciiForms[k], forms[k] = hostname.LabelForms(profile, label)
	}
	refusedLabels := make([]bool, len(labels))
	var reasons []string
	for _, issue := range hostPolicy(forms, refusedLabels) {
		reasons = append(reasons, issue.Message)
	}
	// The rules that span labels are those of a bidi domain name (RFC
	// 5893, section 2): the labels were checked one by one, which is all
	// IDNA does for a name with no right-to-left character.
	if !isBidiDomainName(forms) {
		// nothing spans the labels
	} else if _, err := hostname.ToASCII(profile, strings.Join(asciiForms, ".")); err != nil {
		// IDNA's rules that span labels (the bidi rule of RFC 5893 holds
		// for the whole name) refuse the host: no label is shown in
		// Unicode, as CheckHost does not judge the host.
		for k := range refusedLabels {
			refusedLabels[k] = true
		}
		reasons = append(reasons, fmt.Sprintf("IDNA refuses the host as a whole: %v", err))
	}
	out := make([]string, len(labels))
	same := true // out is labels: host is the result, with no join
	for k, label := range labels {
		punycodeLabel := punycode.IsACE(label)
		unicodeLabel := punycodeLabel || ascii.IndexNonASCII(label) >= 0
		switch {
		case refusedLabels[k]:
			out[k] = asciiForms[k]
		case unicodeLabel && strings.ContainsAny(forms[k], deviations):
			// fuß.de and fuss.de are different names to IDNA2008 and the
			// same to IDNA2003 clients: Chromium keeps such a label in
			// punycode.
			out[k] = asciiForms[k]
			reasons = append(reasons, fmt.Sprintf("%q holds a deviation character (UTS #46, section 4): shown in punycode, as Chromium shows it", forms[k]))
		case !d.KeepPunycode && punycodeLabel && hostname.Displayable(forms[k], ucs.Appropriate):
			out[k] = forms[k]
		case !punycodeLabel && ascii.IndexNonASCII(label) >= 0 && hostname.Displayable(forms[k], ucs.Appropriate):
			// What is shown is what IDNA resolves: "ſacebook" maps to
			// sacebook and "paypaⅠ" to paypai, which is where the
			// request goes, not the look-alike as written.
			out[k] = forms[k]
		default:
			out[k] = label
		}
		same = same && out[k] == label
	}
	if same {
		return host, reasons
	}
	return strings.Join(out, "."), reasons
}

// isBidiDomainName reports whether a label holds a character of bidi
// class R, AL or AN: RFC 5893, section 1.4, calls such a name a "Bidi
// domain name", and its rule then holds for every label.
func isBidiDomainName(labels []string) bool {
	for _, label := range labels {
		if p := ascii.IndexNonASCII(label); p >= 0 && strings.ContainsFunc(label[p:], hostname.IsBidiDomainRune) {
			return true
		}
	}
	return false
}
