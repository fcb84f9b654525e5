package iri

import (
	"fmt"
	"strings"

	"github.com/iri-go/iri/internal/drive"
	"github.com/iri-go/iri/internal/hostname"
	"github.com/iri-go/iri/internal/pct"
)

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

// The normalizers of the scheme table's rules (SchemeRule.Path).

// normalizeMailtoPath maps the domain of each address of a mailto path as
// a DNS host name: the domain is case-insensitive (RFC 6068, section 2;
// RFC 5321, section 2.4), the local part is not.
func normalizeMailtoPath(path string) string {
	changed := false
	for rest := path; rest != "" && !changed; {
		var addr string
		addr, rest, _ = strings.Cut(rest, ",")
		if at := strings.LastIndexByte(addr, '@'); at >= 0 {
			changed = normalizeDomain(addr[at+1:]) != addr[at+1:]
		}
	}
	if !changed {
		return path
	}
	addrs := strings.Split(path, ",")
	for k, addr := range addrs {
		if at := strings.LastIndexByte(addr, '@'); at >= 0 {
			addrs[k] = addr[:at+1] + normalizeDomain(addr[at+1:])
		}
	}
	return strings.Join(addrs, ",")
}

func normalizeDomain(d string) string {
	if d != "" && traitsOf(d)&hostIDNA != 0 {
		d, _ = hostname.Canonical(d)
		return d
	}
	return lowerOutsidePercent(d)
}

// normalizeURNPath lowercases the NID of a urn, which is case-insensitive
// (RFC 8141, section 3.1).
func normalizeURNPath(path string) string {
	colon := strings.IndexByte(path, ':')
	if colon < 0 {
		return path
	}
	nid := lowerOutsidePercent(path[:colon])
	if nid == path[:colon] {
		return path
	}
	return nid + path[colon:]
}

// The syntax rules of common schemes, beyond the generic syntax: each row
// of the scheme table that has rules points to one of these. Each returns
// the problems it finds, at the offsets of the IRI, and allocates only
// when it finds one.

// problemList collects problems.
type problemList []Problem

func (ps *problemList) add(code problemCode, component string, offset int, format string, args ...any) {
	*ps = append(*ps, Problem{string(code), problemTable[code].severity, component, offset, fmt.Sprintf(format, args...), 1})
}

// checkHTTP: RFC 9110, section 4.2.1: a sender MUST NOT generate an http
// URI with an empty host, and a recipient MUST reject it.
func checkHTTP(i IRI) (ps problemList) {
	add := ps.add
	if !i.HasAuthority() || i.Host() == "" {
		add(codeHTTPHost, "ihost", i.hostStart(), "an %s IRI needs a host (RFC 9110, section 4.2.1)", strings.ToLower(i.Scheme()))
	}
	return
}

// checkFile: RFC 8089, section 2: the path is absolute; appendix E.2
// allows a drive letter before it ("file:c:/p").
func checkFile(i IRI) (ps problemList) {
	add := ps.add
	path := i.Path()
	if !strings.HasPrefix(path, "/") && !(drive.HasLetter(path) && len(path) > 2 && path[2] == '/') {
		add(codeFilePath, "ipath", i.pathStart(), "the path of a file IRI is absolute (RFC 8089, section 2)")
	}
	if i.HasPort() {
		add(codeFilePort, "port", i.hostEnd()+1, "a file IRI has no port (RFC 8089, section 2): browsers refuse it")
	}
	if host := i.Host(); host != "" && !strings.EqualFold(host, "localhost") {
		add(codeFileRemoteHost, "ihost", i.hostStart(),
			"the file IRI names a file on the host %s: as a Windows path (\\\\%s\\...) it opens an SMB connection that sends the user's credentials (RFC 8089, appendix E.3)", hostname.Quote(host), host)
	}
	return
}

// checkURN: RFC 8141, section 2:
//
//	namestring    = assigned-name [ rq-components ] [ "#" f-component ]
//	assigned-name = "urn" ":" NID ":" NSS
//	NID           = (alphanum) 0*30(ldh) (alphanum)
//	rq-components = [ "?+" r-component ] [ "?=" q-component ]
//
// NIDs that start with "X-" are no longer valid (section 5.1), and "urn-"
// starts only the informal NIDs "urn-" followed by digits.
func checkURN(i IRI) (ps problemList) {
	add := ps.add
	path := i.Path()
	nid, nss, ok := strings.Cut(path, ":")
	valid := ok && 2 <= len(nid) && len(nid) <= 32 && isAlnum(nid[0]) && isAlnum(nid[len(nid)-1])
	for k := 0; valid && k < len(nid); k++ {
		valid = isAlnum(nid[k]) || nid[k] == '-'
	}
	switch lower := strings.ToLower(nid); {
	case !valid:
		add(codeURNNID, "ipath", i.pathStart(), "%q is not a namespace identifier: 2 to 32 letters, digits and hyphens, a letter or digit first and last (RFC 8141, section 2)", nid)
	case strings.HasPrefix(lower, "x-"):
		add(codeURNNID, "ipath", i.pathStart(), "the namespace identifier %q starts with \"X-\", no longer valid (RFC 8141, section 5.1)", nid)
	case strings.HasPrefix(lower, "urn-") && !allDigits(nid[4:]):
		add(codeURNNID, "ipath", i.pathStart(), "an informal namespace identifier is \"urn-\" and digits, not %q (RFC 8141, section 5.2)", nid)
	}
	if !ok {
		return
	}
	nssOffset := i.pathStart() + len(nid) + 1
	if nss == "" {
		add(codeURNNSS, "ipath", nssOffset, "the namespace-specific string is empty (RFC 8141, section 2)")
		return
	}
	if q := i.Query(); i.HasQuery() {
		// "?+r", "?+r?=q" or "?=q", no part empty.
		valid := false
		switch {
		case strings.HasPrefix(q, "+"):
			r, qc, hasQ := strings.Cut(q[1:], "?=")
			valid = r != "" && (!hasQ || qc != "")
		case strings.HasPrefix(q, "="):
			valid = len(q) > 1
		}
		if !valid {
			add(codeURNComponents, "iquery", i.pathEnd(), "%q is not an r-component (\"?+\") and a q-component (\"?=\") in their places (RFC 8141, section 2.3)", "?"+q)
		}
	}
	switch strings.ToLower(nid) {
	case "uuid":
		// RFC 9562, section 4: 8-4-4-4-12 hex digits.
		if !isUUID(nss) {
			add(codeURNUUID, "ipath", nssOffset, "%q is not a UUID: 8-4-4-4-12 hex digits (RFC 9562, section 4)", nss)
		}
	case "oid":
		// RFC 3061, section 2: oid = number *( "." number ), without
		// leading zeros.
		if !isOID(nss) {
			add(codeURNOid, "ipath", nssOffset, "%q is not an OID: dotted numbers without leading zeros (RFC 3061, section 2)", nss)
		}
	}
	return
}

func isAlnum(c byte) bool { return isAlpha(c) || isDigit(c) }

func allDigits(s string) bool {
	for k := 0; k < len(s); k++ {
		if !isDigit(s[k]) {
			return false
		}
	}
	return s != ""
}

func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for k := 0; k < len(s); k++ {
		if k == 8 || k == 13 || k == 18 || k == 23 {
			if s[k] != '-' {
				return false
			}
		} else if !isHex(s[k]) {
			return false
		}
	}
	return true
}

func isOID(s string) bool {
	for _, n := range strings.Split(s, ".") {
		if !allDigits(n) || len(n) > 1 && n[0] == '0' {
			return false
		}
	}
	return true
}

// checkMailto: RFC 6068, section 2:
//
//	mailtoURI = "mailto:" [ to ] [ hfields ]
//	to        = addr-spec *("," addr-spec )
//	hfields   = "?" hfield *( "&" hfield )
//	hfield    = hfname "=" hfvalue
//
// Each addr-spec is local-part "@" domain, the domain not empty.
func checkMailto(i IRI) (ps problemList) {
	add := ps.add
	offset := i.pathStart()
	if path := i.Path(); path != "" {
		for _, addr := range strings.Split(path, ",") {
			// The last "@" is the separator: one in a quoted local part
			// is percent-encoded (RFC 6068, section 2).
			at := strings.LastIndexByte(addr, '@')
			if at <= 0 || at == len(addr)-1 {
				add(codeMailtoAddress, "ipath", offset, "%q is not an address local-part@domain (RFC 6068, section 2)", addr)
			}
			offset += len(addr) + 1
		}
	}
	if i.HasQuery() {
		offset := i.pathEnd() + 1
		for _, field := range strings.Split(i.Query(), "&") {
			if name, _, ok := strings.Cut(field, "="); !ok || name == "" {
				add(codeMailtoHeader, "iquery", offset, "%q is not a header field name=value (RFC 6068, section 2)", field)
			}
			offset += len(field) + 1
		}
	}
	return
}

// checkTag: RFC 4151, section 2.1:
//
//	tagURI        = "tag:" taggingEntity ":" specific [ "#" fragment ]
//	taggingEntity = authorityName "," date
//	authorityName = DNSname / emailAddress
//	date          = year ["-" month ["-" day]]
func checkTag(i IRI) (ps problemList) {
	add := ps.add
	path := i.Path()
	entity, _, ok := strings.Cut(path, ":")
	name, date, hasDate := strings.Cut(entity, ",")
	if at := strings.LastIndexByte(name, '@'); at >= 0 {
		name = name[at+1:] // an email address: its domain
	}
	if !ok || !hasDate || !isDNSName(name) || !isTagDate(date) {
		add(codeTagSyntax, "ipath", i.pathStart(), "%q is not a tagging entity authorityName,date and a specific part (RFC 4151, section 2.1)", entity)
	}
	return
}

// isTagDate reports whether s is YYYY, YYYY-MM or YYYY-MM-DD.
func isTagDate(s string) bool {
	parts := strings.Split(s, "-")
	if len(parts) > 3 || len(parts[0]) != 4 || !allDigits(parts[0]) {
		return false
	}
	for k, p := range parts[1:] {
		n := 0
		for _, c := range []byte(p) {
			n = n*10 + int(c-'0')
		}
		max := 12
		if k == 1 {
			max = 31
		}
		if len(p) != 2 || !allDigits(p) || n < 1 || n > max {
			return false
		}
	}
	return true
}

// checkData: RFC 2397, section 3:
//
//	dataurl   := "data:" [ mediatype ] [ ";base64" ] "," data
//	mediatype := [ type "/" subtype ] *( ";" parameter )
//
// and data marked base64 holds only the base64 alphabet (RFC 4648).
func checkData(i IRI) (ps problemList) {
	add := ps.add
	// The data may run on into a query: "?" is a character of the data.
	text := i.s[i.pathStart():i.queryEnd()]
	header, data, ok := strings.Cut(text, ",")
	if !ok {
		add(codeDataSyntax, "ipath", i.pathStart(), "a data IRI needs a \",\" before its data (RFC 2397, section 3)")
		return
	}
	header = pct.Decode(header)
	base64 := strings.HasSuffix(strings.ToLower(header), ";base64")
	if base64 {
		header = header[:len(header)-len(";base64")]
	}
	params := strings.Split(header, ";")
	if mediaType := params[0]; mediaType != "" {
		typ, subtype, ok := strings.Cut(mediaType, "/")
		if !ok || !isToken(typ) || !isToken(subtype) {
			add(codeDataSyntax, "ipath", i.pathStart(), "%q is not a media type type/subtype (RFC 2397, section 3)", mediaType)
		}
	}
	for _, p := range params[1:] {
		if name, _, ok := strings.Cut(p, "="); !ok || !isToken(name) {
			add(codeDataSyntax, "ipath", i.pathStart(), "%q is not a parameter attribute=value (RFC 2397, section 3)", p)
		}
	}
	if base64 {
		decoded := pct.Decode(data)
		for k := 0; k < len(decoded); k++ {
			if c := decoded[k]; !(isAlnum(c) || c == '+' || c == '/' || c == '=') {
				add(codeDataBase64, "ipath", i.pathStart()+len(text)-len(data), "data marked base64 holds %q, not in the base64 alphabet (RFC 4648, section 4)", rune(c))
				break
			}
		}
	}
	return
}

// isToken reports whether s is a token of RFC 2045, section 5.1.
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for k := 0; k < len(s); k++ {
		if c := s[k]; c <= ' ' || c >= 0x7F || strings.IndexByte(`()<>@,;:\"/[]?=`, c) >= 0 {
			return false
		}
	}
	return true
}

// checkDID: W3C DID 1.0, section 3.1:
//
//	did                = "did:" method-name ":" method-specific-id
//	method-name        = 1*method-char
//	method-char        = %x61-7A / DIGIT
//	method-specific-id = *( *idchar ":" ) 1*idchar
//	idchar             = ALPHA / DIGIT / "." / "-" / "_" / pct-encoded
func checkDID(i IRI) (ps problemList) {
	add := ps.add
	method, id, ok := strings.Cut(i.Path(), ":")
	valid := ok && method != "" && id != "" && id[len(id)-1] != ':'
	for k := 0; valid && k < len(method); k++ {
		valid = 'a' <= method[k] && method[k] <= 'z' || isDigit(method[k])
	}
	for k := 0; valid && k < len(id); k++ {
		c := id[k]
		valid = isAlnum(c) || c == '.' || c == '-' || c == '_' || c == ':' || c == '%'
	}
	if !valid {
		add(codeDIDSyntax, "ipath", i.pathStart(), "%q is not method-name:method-specific-id (W3C DID 1.0, section 3.1)", i.Path())
	}
	return
}
