package iri

import "strings"

// The facts this package knows of each scheme, in one table: mapping
// (which hosts IDNA converts), normalization (SchemeRule), CheckBidi
// (which hosts split into labels) and Check all read them from here, and
// TestSchemeTable holds each of them to it.

// schemeFacts is a row of the scheme table.
type schemeFacts struct {
	name string
	// rule is what scheme-based normalization does (RFC 3987, section
	// 5.3.3); rule.DNSHost also tells ToURIWithIDNA to convert the host
	// with IDNA, CheckBidi to check it label by label, and Check to
	// validate it as a DNS name.
	rule SchemeRule
	// noUserinfo: the scheme's syntax has no userinfo, or its
	// specification forbids generating one; Check reports it.
	noUserinfo bool
	// check, if not nil, applies the rules of the scheme's own syntax
	// for Check (schemecheck.go).
	check func(i IRI) problemList
}

// schemes are the schemes this package knows, most used first. Each row
// names the specification its facts come from.
var schemes = [...]schemeFacts{
	{name: "http", rule: webRule("80"), noUserinfo: true, check: checkHTTP},                                            // RFC 9110, sections 4.2.1 and 4.2.4
	{name: "https", rule: webRule("443"), noUserinfo: true, check: checkHTTP},                                          // RFC 9110, section 4.2.2
	{name: "ftp", rule: webRule("21")},                                                                                 // RFC 1738, section 3.2
	{name: "file", rule: SchemeRule{EmptyPathIsRoot: true, DNSHost: true, DefaultHost: "localhost"}, check: checkFile}, // RFC 8089, section 2
	{name: "mailto", rule: SchemeRule{Path: normalizeMailtoPath}, check: checkMailto},                                  // RFC 6068, section 2
	{name: "urn", rule: SchemeRule{Path: normalizeURNPath}, check: checkURN},                                           // RFC 8141, section 3.1
	{name: "ws", rule: webRule("80"), noUserinfo: true},                                                                // RFC 6455, section 3
	{name: "wss", rule: webRule("443"), noUserinfo: true},
	{name: "ftps", rule: webRule("990")}, // RFC 4217, section 13 (port); the scheme is in common use, not registered
	{name: "ssh", rule: webRule("22")},   // RFC 4253; draft-ietf-secsh-scp-sftp-ssh-uri
	{name: "sftp", rule: webRule("22")},
	{name: "telnet", rule: webRule("23")}, // RFC 4248
	{name: "gopher", rule: webRule("70")}, // RFC 4266
	{name: "pop", rule: webRule("110")},   // RFC 2384
	{name: "nntp", rule: webRule("119")},  // RFC 5538
	{name: "imap", rule: webRule("143")},  // RFC 5092
	{name: "ldap", rule: webRule("389")},  // RFC 4516
	{name: "ldaps", rule: webRule("636")},
	{name: "rtsp", rule: webRule("554")}, // RFC 7826, section 19.1
	{name: "rtsps", rule: webRule("322")},
	{name: "git", rule: webRule("9418")},
	{name: "irc", rule: webRule("6667")}, // draft-butcher-irc-url, section 2.1
	{name: "ircs", rule: webRule("6697")},
	{name: "tag", check: checkTag},   // RFC 4151
	{name: "data", check: checkData}, // RFC 2397
	{name: "did", check: checkDID},   // W3C DID 1.0
}

// webRule is the rule of a scheme with a DNS host and a default port.
func webRule(port string) SchemeRule {
	return SchemeRule{DefaultPort: port, EmptyPathIsRoot: true, DNSHost: true}
}

// lookupScheme returns the row of a scheme, named without regard to case,
// or nil.
func lookupScheme(scheme string) *schemeFacts {
	// Most schemes are written in lowercase, and the most used come
	// first: comparing the strings is quicker than hashing them.
	for k := range schemes {
		if schemes[k].name == scheme {
			return &schemes[k]
		}
	}
	for k := range schemes {
		if strings.EqualFold(schemes[k].name, scheme) {
			return &schemes[k]
		}
	}
	return nil
}

// builtinRule returns the built-in normalization rule of a scheme, or nil.
func builtinRule(scheme string) *SchemeRule {
	if f := lookupScheme(scheme); f != nil {
		return &f.rule
	}
	return nil
}

// hasDNSHost reports whether the registered name of an IRI with this
// scheme is a DNS host name.
func hasDNSHost(scheme string) bool {
	f := lookupScheme(scheme)
	return f != nil && f.rule.DNSHost
}

// A SchemeRule is what scheme-based normalization (RFC 3987, section
// 5.3.3) knows of a scheme. The zero rule changes nothing.
type SchemeRule struct {
	// DefaultPort is the port that means the same as none, such as "80"
	// for http. Leading zeros of a port are removed before comparing.
	DefaultPort string

	// EmptyPathIsRoot makes an empty path, with an authority, "/".
	EmptyPathIsRoot bool

	// DNSHost says that a registered name is a DNS host name: it is
	// compared after IDNA mapping (UTS #46, as idna.Lookup maps: case
	// folding, NFC), so that http://RÉSUMÉ.example.org,
	// http://résumé.example.org and http://xn--rsum-bpad.example.org are
	// equivalent, and written in Unicode, which is more legible than
	// punycode (section 5.3.3: SHOULD NOT convert to ACE). A name IDNA
	// rejects makes the comparison undetermined.
	DNSHost bool

	// DefaultHost is a host that means the same as an empty one, as
	// "localhost" does for file (RFC 8089). It is removed unless a
	// userinfo or a port is present (section 5.3.3).
	DefaultHost string

	// Path, if not nil, normalizes the path further, after the syntax
	// normalization. It must return a valid path for the IRI, and
	// return its result unchanged when applied to it again.
	Path func(path string) string
}
