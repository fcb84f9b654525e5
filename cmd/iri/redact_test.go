package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestNoPasswordPrinted: no command prints a password, as a browser reads
// the userinfo or as RFC 3986 does, in its output, its errors, the caret
// line under them, the -lenient note or match's "no match"; the outputs
// are whole, so that what replaces the password, and where the caret
// stands, are held too.
func TestNoPasswordPrinted(t *testing.T) {
	for _, tt := range []struct {
		args        []string
		out, errOut string
	}{
		{[]string{"web", "http:u:s3cret@host:99999/"}, "",
			"web: parse \"http:u:xxxxx@host:99999/\": a port above 65535 (port-out-of-range) at byte 19\n  \"http:u:xxxxx@host:99999/\"\n                     ^\n"},
		{[]string{"web", "-json", "http:u:s3cret@host:99999/"},
			`{"input":"http:u:xxxxx@host:99999/","error":"web: parse \"http:u:xxxxx@host:99999/\": a port above 65535 (port-out-of-range) at byte 19","offset":19,"rule":"port-out-of-range"}` + "\n", ""},
		{[]string{"web", "http://u:s3cret@host/"}, "http://u:xxxxx@host/\n  scheme http  host host  port -  path /  query -  fragment -\n", ""},
		{[]string{"web", "-json", "http:\\\\u:s3cret@host/"},
			`{"input":"http:\\\\u:xxxxx@host/","href":"http://u:xxxxx@host/","scheme":"http","username":"u","password":"xxxxx","host":"host","port":"","path":"/","query":null,"fragment":null,"origin":"http://host","rfc":null,"differs":[]}` + "\n", ""},
		{[]string{"parse", "http://user:s3cret@exa mple.com/"}, "",
			"iri: parse \"http://user:xxxxx@exa mple.com/\": space not allowed in the host (rule ireg-name, at byte 22)\n" +
				"  \"http://user:xxxxx@exa mple.com/\"\n" +
				"                        ^\n"},
		{[]string{"parse", "http:u:s3cret@h/x y"}, "",
			"iri: parse \"http:u:xxxxx@h/x y\": space not allowed in the path (rule ipath-rootless, at byte 17)\n" +
				"  \"http:u:xxxxx@h/x y\"\n" +
				"                   ^\n"},
		{[]string{"parse", "-json", "http://user:s3cret@exa mple.com/"},
			`{"input":"http://user:xxxxx@exa mple.com/","error":"iri: parse \"http://user:xxxxx@exa mple.com/\": space not allowed in the host (rule ireg-name, at byte 22)","offset":22,"rule":"ireg-name"}` + "\n", ""},
		{[]string{"match", "http://{host}/x", "http://u:s3cret@h/y"}, "", "no match: \"http://u:xxxxx@h/y\"\n"},
	} {
		var out, errOut bytes.Buffer
		run(tt.args, strings.NewReader(""), &out, &errOut)
		if out.String() != tt.out || errOut.String() != tt.errOut {
			t.Errorf("iri %q:\n out %q\nwant %q\n err %q\nwant %q", tt.args, out.String(), tt.out, errOut.String(), tt.errOut)
		}
	}
	// The -lenient note, whose line goes to standard error before the
	// output.
	var out, errOut bytes.Buffer
	run([]string{"parse", "-lenient", "http:u:s3cret@h/ x"}, strings.NewReader(""), &out, &errOut)
	if got := errOut.String(); got != "read leniently as \"http:u:xxxxx@h/%20x\"\n" {
		t.Errorf("the -lenient note: %q", got)
	}
	out.Reset()
	errOut.Reset()
	run([]string{"parse", "-lenient", "http://user:s3cret@exa mple.com/ x"}, strings.NewReader(""), &out, &errOut)
	if got := errOut.String(); got != "read leniently as \"http://user:xxxxx@exa%20mple.com/%20x\"\n" {
		t.Errorf("the -lenient note: %q", got)
	}
}

// TestRedactMessage: the password is hidden where the message quotes the
// input, with the text before it, and nowhere else.
func TestRedactMessage(t *testing.T) {
	for _, tt := range []struct{ msg, text, want string }{
		// A browser refuses it: all that could be a userinfo is hidden.
		{`x "http:u:a@h:99999/" a, a@`, "http:u:a@h:99999/", `x "http:u:xxxxx@h:99999/" a, a@`},
		{`x "http://u:pa@h/ y" pa@`, "http://u:pa@h/ y", `x "http://u:xxxxx@h/ y" pa@`},
		{`no password here`, "http://h/", `no password here`},
		{`"http://u:pw@"`, "http://u:pw@", `"http://u:xxxxx@"`},
		// A message that quotes the input cut before the password.
		{`"...pw@h:99999/"`, "http://u:pw@h:99999/", `"...xxxxx@h:99999/"`},
	} {
		if got := redactMessage(tt.msg, tt.text); got != tt.want {
			t.Errorf("redactMessage(%q, %q) = %q, want %q", tt.msg, tt.text, got, tt.want)
		}
	}
}
