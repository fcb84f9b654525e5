package idn_test

import (
	"fmt"

	"github.com/iri-go/iri/idn"
)

func ExampleHostsConfusable() {
	fmt.Println(idn.HostsConfusable("xn--80ak6aa92e.com", "apple.com"))
	fmt.Println(idn.Skeleton("pаypal") == idn.Skeleton("paypal")) // a Cyrillic а
	fmt.Println(idn.Restriction("pаypal"), idn.Restriction("東京tokyo"))
	fmt.Println(idn.MixedNumbers("1२3"))
	// Output:
	// true
	// true
	// Minimally Restrictive Highly Restrictive
	// true
}

func ExampleChecker_CheckHost() {
	for _, host := range []string{"xn--80ak6aa92e.com", "bücher.de", "paypal。com"} {
		fmt.Println(host)
		for _, issue := range (idn.Checker{}).CheckHost(host) {
			fmt.Println(" ", issue.Code, issue.Label)
		}
	}
	// Output:
	// xn--80ak6aa92e.com
	//   idn-whole-script-confusable 0
	//   idn-ascii-lookalike -1
	//   idn-protected -1
	// bücher.de
	// paypal。com
	//   hidden-dot -1
}

func ExampleDisplayHost() {
	for _, host := range []string{"xn--bcher-kva.de", "аррӏе.com"} {
		shown, refused := idn.DisplayHost(host)
		fmt.Println(shown, len(refused) > 0)
	}
	// Output:
	// bücher.de false
	// xn--80ak6aa92e.com true
}

func ExampleProtected_Lookalike() {
	// Made once, for any number of checks and goroutines.
	protect := idn.NewProtected([]string{"paypal.com", "google.com"})
	for _, host := range []string{"paypa1.com", "gøøgle.com", "mail.google.com", "example.com"} {
		name, ok := protect.Lookalike(host)
		fmt.Println(host, name, ok)
	}
	c := idn.Checker{Protect: protect}
	fmt.Println(c.CheckHost("www.paypa1.com")[0].Code)
	// Output:
	// paypa1.com paypal.com true
	// gøøgle.com google.com true
	// mail.google.com  false
	// example.com  false
	// idn-protected
}

func ExampleTopDomains() {
	// Chromium's top domains are protected by default, for hosts beyond
	// ASCII, as Chromium protects them.
	for _, host := range []string{"gøøgle.com", "google.com", "bücher.de"} {
		name, ok := idn.TopDomains().Lookalike(host)
		shown, _ := idn.DisplayHost(host)
		fmt.Println(host, name, ok, shown)
	}
	c := idn.Checker{NoDefaultProtect: true}
	fmt.Println(len(c.CheckHost("gøøgle.com")))
	// Output:
	// gøøgle.com google.com true xn--ggle-graa.com
	// google.com  false google.com
	// bücher.de  false bücher.de
	// 0
}

func ExampleNewProtected_warnings() {
	// One's own names: their look-alikes are errors, as Chromium's top
	// domains' are; a name under another suffix, or one edit away, a
	// warning.
	c := idn.Checker{Protect: idn.NewProtected([]string{"myetherwallet.com"})}
	for _, host := range []string{"myetherwaIlet.com", "myetherwallet.co", "myetherwaliet.com", "myetherwallet.com"} {
		for _, issue := range c.CheckHost(host) {
			fmt.Println(host, issue.Code, issue.Warning)
		}
	}
	// Output:
	// myetherwaIlet.com idn-protected false
	// myetherwallet.co idn-protected-other-tld true
	// myetherwaliet.com idn-protected-near true
}
