package main

import (
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"

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
		"(Google Safe Browsing's canonical URL), archive (the Internet Archive's canonicalization).\n" +
		"-drop-param NAME removes a query parameter (NAME* a prefix); -surt prints the SURT key,\n" +
		"canonicalized by the archive preset unless -preset is given.",
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
	key := canonicalizer.Canonicalize
	if o.surt {
		s := canon.SURT{WithScheme: o.withScheme, TrailingComma: o.trailingComma, KeepWWW: o.keepWWW, Canonicalizer: &canonicalizer}
		key = s.Key
	}
	return c.each(args, func(in input) error {
		out, err := key(in.text)
		if err != nil {
			return err
		}
		c.writeOutput(in, out)
		return nil
	})
}
