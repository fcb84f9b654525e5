package ascii

// Lower returns c with an ASCII uppercase letter lowercased; any other
// octet as it is.
func Lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// LowerHost returns host with its ASCII uppercase letters lowercased, as
// UTS #46's mapping makes them, but for the two hex digits after each
// "%", which stay as written; host itself when it holds no uppercase
// letter, without allocation.
func LowerHost(host string) string {
	k := 0
	for ; k < len(host); k++ {
		if c := host[k]; 'A' <= c && c <= 'Z' && !afterPercent(host, k) {
			break
		}
	}
	if k == len(host) {
		return host
	}
	b := []byte(host)
	for ; k < len(b); k++ {
		if !afterPercent(host, k) {
			b[k] = Lower(b[k])
		}
	}
	return string(b)
}

// afterPercent reports whether s[k] is one of the two octets after a "%".
func afterPercent(s string, k int) bool {
	return k >= 1 && s[k-1] == '%' || k >= 2 && s[k-2] == '%'
}
