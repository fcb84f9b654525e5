package iri

import (
	"fmt"
	"strings"
)

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
		add(codeHTTPHost, "ihost", i.hostStart, "an %s IRI needs a host (RFC 9110, section 4.2.1)", strings.ToLower(i.Scheme()))
	}
	return
}

// checkFile: RFC 8089, section 2: the path is absolute; appendix E.2
// allows a drive letter before it ("file:c:/p").
func checkFile(i IRI) (ps problemList) {
	add := ps.add
	path := i.Path()
	if !strings.HasPrefix(path, "/") && !(hasDrive(path) && len(path) > 2 && path[2] == '/') {
		add(codeFilePath, "ipath", i.pathStart, "the path of a file IRI is absolute (RFC 8089, section 2)")
	}
	if i.HasPort() {
		add(codeFilePort, "port", i.hostEnd+1, "a file IRI has no port (RFC 8089, section 2): browsers refuse it")
	}
	if host := i.Host(); host != "" && !strings.EqualFold(host, "localhost") {
		add(codeFileRemoteHost, "ihost", i.hostStart,
			"the file IRI names a file on the host %s: as a Windows path (\\\\%s\\...) it opens an SMB connection that sends the user's credentials (RFC 8089, appendix E.3)", quoteShort(host), host)
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
		add(codeURNNID, "ipath", i.pathStart, "%q is not a namespace identifier: 2 to 32 letters, digits and hyphens, a letter or digit first and last (RFC 8141, section 2)", nid)
	case strings.HasPrefix(lower, "x-"):
		add(codeURNNID, "ipath", i.pathStart, "the namespace identifier %q starts with \"X-\", no longer valid (RFC 8141, section 5.1)", nid)
	case strings.HasPrefix(lower, "urn-") && !allDigits(nid[4:]):
		add(codeURNNID, "ipath", i.pathStart, "an informal namespace identifier is \"urn-\" and digits, not %q (RFC 8141, section 5.2)", nid)
	}
	if !ok {
		return
	}
	nssOffset := i.pathStart + len(nid) + 1
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
			add(codeURNComponents, "iquery", i.pathEnd, "%q is not an r-component (\"?+\") and a q-component (\"?=\") in their places (RFC 8141, section 2.3)", "?"+q)
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
	offset := i.pathStart
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
		offset := i.pathEnd + 1
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
		add(codeTagSyntax, "ipath", i.pathStart, "%q is not a tagging entity authorityName,date and a specific part (RFC 4151, section 2.1)", entity)
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
	text := i.s[i.pathStart:i.queryEnd]
	header, data, ok := strings.Cut(text, ",")
	if !ok {
		add(codeDataSyntax, "ipath", i.pathStart, "a data IRI needs a \",\" before its data (RFC 2397, section 3)")
		return
	}
	header = percentDecode(header)
	base64 := strings.HasSuffix(strings.ToLower(header), ";base64")
	if base64 {
		header = header[:len(header)-len(";base64")]
	}
	params := strings.Split(header, ";")
	if mediaType := params[0]; mediaType != "" {
		typ, subtype, ok := strings.Cut(mediaType, "/")
		if !ok || !isToken(typ) || !isToken(subtype) {
			add(codeDataSyntax, "ipath", i.pathStart, "%q is not a media type type/subtype (RFC 2397, section 3)", mediaType)
		}
	}
	for _, p := range params[1:] {
		if name, _, ok := strings.Cut(p, "="); !ok || !isToken(name) {
			add(codeDataSyntax, "ipath", i.pathStart, "%q is not a parameter attribute=value (RFC 2397, section 3)", p)
		}
	}
	if base64 {
		decoded := percentDecode(data)
		for k := 0; k < len(decoded); k++ {
			if c := decoded[k]; !(isAlnum(c) || c == '+' || c == '/' || c == '=') {
				add(codeDataBase64, "ipath", i.pathStart+len(text)-len(data), "data marked base64 holds %q, not in the base64 alphabet (RFC 4648, section 4)", rune(c))
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
		add(codeDIDSyntax, "ipath", i.pathStart, "%q is not method-name:method-specific-id (W3C DID 1.0, section 3.1)", i.Path())
	}
	return
}
