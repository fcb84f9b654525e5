package drive

import "testing"

func TestHasLetter(t *testing.T) {
	for _, tt := range []struct {
		p    string
		want bool
	}{
		{"c:", true}, {"C:/x", true}, {"z|/x", true}, {"A|", true},
		{"", false}, {"c", false}, {":/", false}, {"1:/x", false}, {"cc:/x", false},
		{"é:/x", false}, {"c;/x", false}, {"/c:/x", false}, {"@:", false}, {"[:", false}, {"`:", false}, {"{:", false},
	} {
		if got := HasLetter(tt.p); got != tt.want {
			t.Errorf("HasLetter(%q) = %v, want %v", tt.p, got, tt.want)
		}
	}
}
