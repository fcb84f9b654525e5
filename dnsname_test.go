package iri

import (
	"strings"
	"testing"
)

// TestDNSNameOneRule walks every name of up to 7 characters over "a", "-"
// and ".", and names at the length limits: scanHost's fast path calls a
// name plain exactly when walkDNSName finds it breaks no rule, and
// dnsNameError refuses exactly the names that break one (but the empty
// host).
func TestDNSNameOneRule(t *testing.T) {
	var names []string
	var gen func(prefix string)
	gen = func(prefix string) {
		names = append(names, prefix)
		if len(prefix) < 7 {
			for _, c := range []string{"a", "-", "."} {
				gen(prefix + c)
			}
		}
	}
	gen("")
	label63, label64 := strings.Repeat("a", 63), strings.Repeat("a", 64)
	name253 := strings.Repeat(label63+".", 3) + strings.Repeat("a", 61)
	names = append(names, label63, label64, label63+".b", label64+".b", name253, name253+".", name253+"a", "a."+label64+".")
	for _, name := range names {
		var codes []problemCode
		walkDNSName(name, func(code problemCode, label string) { codes = append(codes, code) })
		if _, plain := scanHost(name); plain != (codes == nil) {
			t.Errorf("scanHost(%q) plain = %v; walkDNSName = %v", name, plain, codes)
		}
		// An empty host is no DNS name to convert: dnsNameError lets it be.
		if err := dnsNameError(name, name); name != "" && (err == nil) != (codes == nil) {
			t.Errorf("dnsNameError(%q) = %v; walkDNSName = %v", name, err, codes)
		}
	}
}

// TestWalkDNSName: each rule, with the label that breaks it, written out
// apart from the code.
func TestWalkDNSName(t *testing.T) {
	label64 := strings.Repeat("x", 64)
	for _, tt := range []struct {
		name string
		want []string // code:label
	}{
		{"example.com", nil},
		{"example.com.", nil},
		{"a..b", []string{"dns-empty-label:"}},
		{".a", []string{"dns-empty-label:"}},
		{"", []string{"dns-empty-label:"}},
		{"-a.b-.c", []string{"dns-hyphen:-a", "dns-hyphen:b-"}},
		{"a-b.c", nil},
		{label64 + ".com", []string{"dns-label-length:" + label64}},
		{strings.Repeat("a.", 127) + "ab", []string{"dns-name-length:" + strings.Repeat("a.", 127) + "ab"}},
	} {
		var got []string
		walkDNSName(tt.name, func(code problemCode, label string) { got = append(got, string(code)+":"+label) })
		if strings.Join(got, " ") != strings.Join(tt.want, " ") {
			t.Errorf("walkDNSName(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestIsDNSName(t *testing.T) {
	for s, want := range map[string]bool{
		"example.com": true, "a-b.c1": true, "": false, "example.com.": false,
		"-a.com": false, "a_b.com": false, "a..b": false, strings.Repeat("a", 64) + ".com": false,
	} {
		if got := isDNSName(s); got != want {
			t.Errorf("isDNSName(%q) = %v, want %v", s, got, want)
		}
	}
}
