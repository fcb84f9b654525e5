package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestCanon(t *testing.T) {
	tests := []struct {
		args       []string
		stdin      string
		wantStatus int
		wantOut    string
		wantErr    string
	}{
		{[]string{"canon", "-preset", "safebrowsing"}, "http://www.GOOgle.com/a/../b?x#f\nHTTP://3279880203/blah\n", 0,
			"http://www.google.com/b?x\nhttp://195.127.0.11/blah\n", ""},
		{[]string{"canon", "-surt", "http://www.archive.org/goo/?a=2&b&a=1"}, "", 0, "org,archive)/goo?a=1&a=2&b\n", ""},
		{[]string{"canon", "-surt", "-with-scheme", "-trailing-comma", "-keep-www", "http://www.example.com/"}, "", 0, "http://(com,example,www,)/\n", ""},
		{[]string{"canon", "-preset", "safebrowsing", "-sort-query", "-drop-param", "utm_*", "-drop-param", "sid", "http://a/?utm_x=1&b&SID=2&a"}, "", 0,
			"http://a/?a&b\n", ""},
		{[]string{"canon", "-preset", "safebrowsing", "-json", "mailto:x"}, "", 1,
			`{"input":"mailto:x","error":"canon: cannot canonicalize \"mailto:x\": missing-host at offset 0","offset":0,"rule":"missing-host"}` + "\n", ""},
		// Keys name the host the browser fetches.
		{[]string{"canon", "-preset", "safebrowsing", "http://good.com%2F@evil.com/", "http:evil.com/x"}, "", 0, "http://evil.com/\nhttp://evil.com/x\n", ""},
		{[]string{"canon", "-surt", "http://a,b.com/", "http://b.a.com/", "mailto:a\nnet,evil)/ 2025"}, "", 0, "com,a%2Cb)/\ncom,a,b)/\nmailto:anet,evil)/%202025\n", ""},
		// No password, in an error (a browser refuses the text: all
		// before the last "@" is hidden), the JSON input or a key.
		// One line out per line in: an empty one for the error; the caret
		// points into the text shown, at the port.
		{[]string{"canon", "-preset", "archive", "ftp:user:s3cret@h:99999/"}, "", 1, "\n",
			`canon: cannot canonicalize "ftp:user:xxxxx@h:99999/": invalid port (port-out-of-range) at byte 18` + "\n  \"ftp:user:xxxxx@h:99999/\"\n                    ^\n"},
		{[]string{"canon", "-json", "-preset", "archive", "ftp:user:s3cret@h:99999/"}, "", 1,
			`{"input":"ftp:user:xxxxx@h:99999/","error":"canon: cannot canonicalize \"ftp:user:xxxxx@h:99999/\": invalid port (port-out-of-range) at byte 18","offset":18,"rule":"port-out-of-range"}` + "\n", ""},
		{[]string{"canon", "-json", "http:u:s3cret@h/"}, "", 0, `{"input":"http:u:xxxxx@h/","output":"http://u:xxxxx@h/"}` + "\n", ""},
		{[]string{"canon", "-surt", "-preset", "semantic", "http://u:s3cret@h/", "http://u@h/", "http://u:@h/x:y@z", "mailto:u:p@h"}, "", 0, "u:xxxxx@h)/\nu@h)/\nu@h)/x:y@z\nmailto:u:p@h\n", ""},
		{[]string{"canon", "-surt", "-with-scheme", "-preset", "semantic", "http://u:a,)s3cret@h/"}, "", 0, "http://(u:xxxxx@h)/\n", ""},
		{[]string{"canon", "-preset", "nutch", "HTTP://Foo.Com:80/a/../%66oo bar.html#ref", "https://u:s3cret@a.com/"}, "", 0, "http://foo.com/foo%20bar.html\nhttps://a.com/\n", ""},
		{[]string{"canon", "-preset", "nope", "http://a/"}, "", 2, "", "unknown preset"},
		{[]string{"canon", "-drop-param", "", "http://a/"}, "", 2, "", "empty parameter name"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		status := run(tt.args, strings.NewReader(tt.stdin), &stdout, &stderr)
		if status != tt.wantStatus || stdout.String() != tt.wantOut || !strings.Contains(stderr.String(), tt.wantErr) || strings.Contains(stdout.String()+stderr.String(), "s3cret") {
			t.Errorf("iri %q < %q: status %d, out %q, err %q; want %d, %q, %q", tt.args, tt.stdin, status, stdout.String(), stderr.String(), tt.wantStatus, tt.wantOut, tt.wantErr)
		}
	}
}
