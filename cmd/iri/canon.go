package main

import (
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/iri-go/iri/internal/redact"
	"github.com/iri-go/iri/web/canon"
)

// canonOptions are the flags of iri canon.
type canonOptions struct {
	preset        string
	sortQuery     bool
	dropParams    []string
	surt          bool
	withScheme    bool
	trailingComma bool
	keepWWW       bool
}

var canonCommand = command{
	name:     "canon",
	synopsis: "[-preset NAME] [-sort-query] [-drop-param NAME]... [-surt] [URL...]",
	summary:  "print the canonical key of each URL (for caches, crawls, archives, blocklists)",
	oneLine:  true,
	details: "Presets: semantic (the default: what a browser fetches, for cache keys), dedup (merges what\n" +
		"a crawl finds to be the same page: iri canon -preset dedup < urls | sort -u), safebrowsing\n" +
		"(Google Safe Browsing's canonical URL), archive (the Internet Archive's canonicalization);\n" +
		"for an index keyed by another system, nutch, w3lib, purell and heritrix give its keys (they\n" +
		"read by RFC 3986, not as a browser does: not for security decisions).\n" +
		"-drop-param NAME removes a query parameter (NAME* a prefix); -surt prints the SURT key,\n" +
		"canonicalized by the archive preset unless -preset is given. Every key names the host a\n" +
		"browser fetches; an input a browser refuses is an error. A password is printed as xxxxx.",
	flags: withFlags(func(o *canonOptions, fs *flag.FlagSet) {
		fs.StringVar(&o.preset, "preset", "", "canonicalizer: "+strings.Join(presetNames(), ", ")+" (default semantic)")
		fs.BoolVar(&o.sortQuery, "sort-query", false, "sort the query's parameters by name")
		fs.Func("drop-param", "remove query parameter `NAME` (NAME* removes a prefix); repeatable", func(s string) error {
			if s == "" || s == "*" {
				return errors.New("empty parameter name")
			}
			o.dropParams = append(o.dropParams, s)
			return nil
		})
		fs.BoolVar(&o.surt, "surt", false, "print the SURT key of web archives' CDX indexes")
		fs.BoolVar(&o.withScheme, "with-scheme", false, "with -surt: write the scheme, as http://(org,example)/")
		fs.BoolVar(&o.trailingComma, "trailing-comma", false, "with -surt: a comma after the host's last label")
		fs.BoolVar(&o.keepWWW, "keep-www", false, "with -surt: keep a first label www")
	}, runCanon),
}

func presetNames() []string {
	var names []string
	for n := range canon.Presets {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

func runCanon(c *context, args []string, o canonOptions) int {
	name := o.preset
	if name == "" {
		name = "semantic"
		if o.surt {
			name = "archive"
		}
	}
	canonicalizer, ok := canon.Presets[name]
	if !ok {
		fmt.Fprintf(c.stderr, "iri canon: unknown preset %q (want %s)\n", name, strings.Join(presetNames(), ", "))
		return 2
	}
	if o.sortQuery && canonicalizer.SortQuery == canon.QueryAsIs {
		canonicalizer.SortQuery = canon.QuerySortByName
	}
	for _, p := range o.dropParams {
		if pre, ok := strings.CutSuffix(p, "*"); ok {
			canonicalizer.DropParamPrefixes = append(slices.Clip(canonicalizer.DropParamPrefixes), pre)
		} else {
			canonicalizer.DropParams = append(slices.Clip(canonicalizer.DropParams), p)
		}
	}
	if o.keepWWW && o.surt {
		canonicalizer.StripWWW = false
	}
	key := func(s string) (string, error) {
		k, err := canonicalizer.Canonicalize(s)
		return redact.Web(k, true), err
	}
	if o.surt {
		s := canon.SURT{WithScheme: o.withScheme, TrailingComma: o.trailingComma, KeepWWW: o.keepWWW, Canonicalizer: &canonicalizer}
		key = func(in string) (string, error) {
			k, err := s.Key(in)
			return redactSURT(k), err
		}
	}
	return c.each(args, func(in input) error {
		out, err := key(in.text)
		// No password is printed: not in the input shown (as a browser
		// reads its userinfo), nor in a key that keeps the userinfo.
		shown := in.redacted()
		if err != nil {
			c.fail(shown, err)
			return nil
		}
		c.writeOutput(shown, out)
		return nil
	})
}

// redactSURT hides the password of a SURT key's userinfo, which a
// canonicalizer that keeps the userinfo writes before the host: between
// the first ":" after the key's start (after "(" when the key has the
// scheme) and the last "@" before the ")" that ends the host (a ")" of
// the userinfo is written "%29").
func redactSURT(key string) string {
	end := strings.IndexByte(key, ')')
	if end < 0 {
		return key
	}
	start := strings.IndexByte(key[:end], '(') + 1
	at := strings.LastIndexByte(key[:end], '@')
	if at < start {
		return key
	}
	colon := strings.IndexByte(key[start:at], ':')
	if colon < 0 || start+colon+1 == at {
		return key
	}
	return key[:start+colon+1] + redact.Mask + key[at:]
}
