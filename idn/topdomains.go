package idn

import (
	_ "embed" // the top domains, data the program carries
	"strings"
	"sync"
)

// topDomainsList is Chromium's list of top domains (data/domains.list,
// with its source and licence beside it).
//
//go:embed data/domains.list
var topDomainsList string

// topDomains is TopDomains', made on first use: a program that never
// checks a host beyond ASCII builds nothing.
var topDomains struct {
	once sync.Once
	p    *Protected
}

// TopDomains returns Chromium's list of top domains, the 8,462 most
// visited names of the Chrome UX Report that Chromium's spoof checker
// protects (components/url_formatter/spoof_checks/top_domains/domains.list;
// see idn/data/README.md): a host beyond ASCII, or in punycode, that looks
// like one of them but is not it nor a name under it is shown in punycode
// (Chromium's rule 12). A Checker and a Display protect them unless told
// not to (NoDefaultProtect). The list is built on the first call, which
// takes the skeletons of its names; it is immutable and shared.
func TopDomains() *Protected {
	topDomains.once.Do(func() {
		var names []string
		for line := range strings.SplitSeq(topDomainsList, "\n") {
			line = strings.TrimSpace(line)
			if line == "" || line[0] == '#' {
				continue // comments, and the marker ###END_TOP_BUCKET###
			}
			names = append(names, line)
		}
		topDomains.p = newSkeletons(names)
	})
	return topDomains.p
}
