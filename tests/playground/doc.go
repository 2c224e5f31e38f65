// Package playground holds the playground's end-to-end tests: the static
// site (public/, with app.wasm built by wasmbuild.Ensure) served by
// net/http/httptest and driven with chromedp in Debian's headless chromium.
// Under CI=true a missing chromium fails the tests; elsewhere they skip.
package playground
