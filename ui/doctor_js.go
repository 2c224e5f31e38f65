//go:build js

package ui

// defaultExampleLoader is nil in the browser: the adapter sets Doctor.Load
// to a fetch of public/examples/, keeping the logs out of app.wasm.
var defaultExampleLoader func(file string, done func([]byte, error))
