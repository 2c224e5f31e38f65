//go:build js

package ui

// defaultLoader is nil in the browser: the adapter sets Lessons.Load to a
// fetch of public/lessons/, keeping the files out of app.wasm.
var defaultLoader func(id, lang string, done func([]byte, error))
