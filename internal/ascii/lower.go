package ascii

// Lower returns c with an ASCII uppercase letter lowercased; any other
// octet as it is.
func Lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
